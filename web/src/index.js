// attnseq for JavaScript: load a model, translate, or watch the decoder work step by step.
//
//   import { Translator } from 'attnseq';
//   const translator = await Translator.load('models/en-fr.safetensors', { onProgress: console.log });
//   const { text, attention } = await translator.translate('You should wear shoes.', { strategy: 'beam' });
//   for await (const step of translator.generate('I ate an apple.')) console.log(step.token.piece);
//   translator.dispose();
//
// In a page's main thread inference runs in a Web Worker (the page never freezes); in Node, in Web
// Workers and with {worker: false} it runs in the calling thread. The API is the same. Types and the
// full description of every field: index.d.ts.
import { LocalClient, WorkerClient } from './engine/client.js';
import { Generation } from './engine/generation.js';
import { sharedCore } from './engine/shared-core.js';
import { spawnWorker, prewarmWorker, canStartWorker, askWorker } from './engine/worker-pool.js';
import { AttnseqError, abortError } from './engine/errors.js';
import { checkSha256, loadBytes, fetchableUrl, abortable } from './engine/load.js';
import { splitCallOptions } from './engine/call-options.js';
import { mark, measure } from './engine/timing.js';
import { isNode } from './engine/module.js';

export { AttnseqError };

/** @typedef {import('./engine/client.js').EngineClient} EngineClient @typedef {import('./index.js').ModelInfo} ModelInfo */
/** @typedef {import('./index.js').DecodeOptions} DecodeOptions @typedef {import('./index.js').CallOptions} CallOptions */
/** @typedef {import('./index.js').AttentionStack} AttentionStack @typedef {import('./index.js').StepAttention} StepAttention */

const canSpawnWorker = () => !isNode && typeof Worker === 'function';
const isMainThread = () => typeof window === 'object' && typeof document === 'object';

export class Translator {
  #client;
  #model;
  #info;
  #disposed = false;
  #inWorker;

  /** @private use Translator.load() @param {EngineClient} client @param {number} model @param {ModelInfo} info @param {boolean} inWorker */
  constructor(client, model, info, inWorker) {
    if (!(client instanceof LocalClient || client instanceof WorkerClient))
      throw new TypeError('use Translator.load() to create a Translator');
    this.#client = client;
    this.#model = model;
    this.#info = info;
    this.#inWorker = inWorker;
  }

  /**
   * Starts the engine's Web Worker ahead of the first load() (in a browser's main thread; elsewhere it
   * does nothing): call it early, while the page still fetches what it needs to choose a model.
   */
  static prewarm() {
    if (canSpawnWorker() && isMainThread() && canStartWorker()) prewarmWorker();
  }

  /**
   * The engine's decoding options, one entry per DecodeOptions key: {name, kind ('int' | 'float' |
   * 'bool' | 'seed' | 'strategy' | 'prefix' | 'positions' | 'heads'), applies ('' | 'beam' | 'sample'), min, max, default,
   * doc, choices (strategy)}. The one description of the options (C++ option_table()): forms and
   * widget attributes are built from it. Needs the WebAssembly module (in a page, the prewarmed worker).
   * @returns {Promise<import('./index.js').DecodingOptionSpec[]>}
   */
  static async decodingOptions() {
    if (canSpawnWorker() && isMainThread() && canStartWorker()) return askWorker('decodingOptions');
    return (await sharedCore()).decodingOptions();
  }

  /**
   * @param {string | URL | Response | Blob | ArrayBuffer | ArrayBufferView} source
   * @param {{onProgress?: (p: {loaded: number, total: number | null}) => void, worker?: boolean, signal?: AbortSignal, sha256?: string}} [options]
   */
  static async load(source, options = {}) {
    if (options === null || typeof options !== 'object') throw new AttnseqError('BAD_OPTION', 'load options must be an object');
    const { onProgress, worker, signal, sha256, ...rest } = options;
    const unknown = Object.keys(rest);
    if (unknown.length) throw new AttnseqError('BAD_OPTION', `unknown load option "${unknown[0]}" (known: onProgress, worker, signal, sha256)`);
    if (sha256 !== undefined && !(typeof sha256 === 'string' && /^[0-9a-f]{64}$/i.test(sha256)))
      throw new AttnseqError('BAD_OPTION', 'load option sha256 must be 64 hexadecimal digits (the SHA-256 of the model file)');
    if (worker !== undefined && typeof worker !== 'boolean') throw new AttnseqError('BAD_OPTION', 'load option worker must be true or false');
    if (worker === true && !canSpawnWorker())
      throw new AttnseqError('BAD_OPTION', 'load option worker: true needs Web Workers (a browser); here the engine runs in-thread');
    const useWorker = worker ?? (canSpawnWorker() && isMainThread());

    // The worker starts first: it loads the engine and compiles the WebAssembly module while the
    // model downloads.
    /** @type {EngineClient | null} the worker's when useWorker */
    let client = useWorker ? spawnWorker() : null;
    try {
      const url = client ? fetchableUrl(source) : null;
      if (client && url) {
        // The worker downloads it (and checks its SHA-256) itself: no chunk is read on this thread, which
        // is busy drawing the page, and nothing is transferred. An abort ends the worker (catch below).
        measure('fetchLoad sent', mark());  // (the first visit's timeline: when the page asked)
        const call = client.call('fetchLoad', [url, { sha256: sha256?.toLowerCase(), progress: !!onProgress }], [], { onProgress });
        const { model, info } = await (signal ? abortable(call, signal) : call);
        return new Translator(client, model, info, true);
      }
      let start = mark();
      const { bytes, owned } = await loadBytes(source, { onProgress, signal });
      measure('download', start);
      if (signal && signal.aborted) throw abortError(signal);
      start = mark();
      if (sha256 !== undefined) await checkSha256(bytes, sha256.toLowerCase(), source);
      measure('sha256', start);
      if (client) {
        // Downloaded bytes are ours: transfer them. The caller's own buffer is copied, not detached.
        const { model, info } = await client.call('load', [bytes], owned && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer] : []);
        return new Translator(client, model, info, true);
      }
      client = new LocalClient(await sharedCore());
      const { model, info } = await client.call('load', [bytes]);
      return new Translator(client, model, info, false);
    } catch (error) {
      if (useWorker && client) client.close();
      throw error;
    }
  }

  /** The model: name, description, quantized, config (architecture and sizes), metadata. */
  get info() {
    return this.#info;
  }

  /** Whether inference runs in a Web Worker (true) or in the calling thread. */
  get inWorker() {
    return this.#inWorker;
  }

  get disposed() {
    return this.#disposed;
  }

  /**
   * null while the engine works; once its Web Worker died (crashed, ran out of memory, was
   * terminated), the WORKER_DIED error every call now rejects with (in-thread: the INTERNAL error of
   * a crashed WebAssembly instance): load the model again.
   */
  get failure() {
    return this.#client.failure ?? null;
  }

  /**
   * Translates `text`; see index.d.ts (DecodeOptions, TranslationResult). `signal` cancels it (in a
   * worker the engine stops computing it within one decoder step); `supersede` names a latest-wins
   * stream: a newer request with the same name drops this one while it waits for the engine.
   * @param {string} text @param {DecodeOptions & CallOptions} [options]
   */
  async translate(text, options = {}) {
    const { signal, supersede, decode } = splitCallOptions(options);
    if (signal && signal.aborted) throw abortError(signal);
    const call = this.#client.call('translate', [this.#model, text, decode], [], { signal, supersede });
    if (!signal) return call;
    // In-thread, the call has run already; its result is dropped when the signal fired meanwhile.
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(abortError(signal));
      signal.addEventListener('abort', onAbort, { once: true });
      call.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /**
   * How much each source token reaches the decoder (forward passes only): the translation of `text`
   * under `options`, then each source token (not `</s>`) replaced in turn by `options.replacement`
   * (default `<unk>`; a source vocabulary id or piece) with that translation teacher-forced, and the
   * relative change ‖c − c′‖ / ‖c‖ of what the decoder reads: the fixed context vector of the model
   * without attention, each step's cross-attention context otherwise. See index.d.ts (Sensitivity).
   * `signal` drops the request while it waits for the engine.
   * @param {string} text @param {import('./index.js').SensitivityOptions} [options]
   */
  async sensitivity(text, options = {}) {
    const { replacement, ...rest } = options ?? {};
    const { signal, supersede, decode } = splitCallOptions(rest);
    if (signal && signal.aborted) throw abortError(signal);
    return this.#client.call('sensitivity', [this.#model, text, decode, replacement], [], { signal, supersede });
  }

  /**
   * Step-by-step decoding (greedy or sample): an async iterator of GenerationSteps, one per model step.
   * `options.signal` cancels it. The returned object also has `source` (a promise of the source tokens
   * and the encoder self-attention).
   * @param {string} text @param {DecodeOptions & CallOptions} [options]
   */
  generate(text, options = {}) {
    const { signal, supersede, decode } = splitCallOptions(options);
    if (supersede !== undefined) throw new AttnseqError('BAD_OPTION', 'option supersede applies to translate(), not to generate()');
    return new Generation(this.#client, this.#model, text, decode, signal);
  }

  /**
   * The sentences of a paragraph, to translate one by one (the models are trained on single
   * sentences): [{text, span: [begin, end]}] with UTF-16 spans of `text`. Splits after . ! ? (not
   * after abbreviations such as "Mr.", initials or a German ordinal such as "am 12. Oktober"), after 。！？ and at line breaks.
   * @param {string} text
   * @returns {Promise<{text: string, span: [number, number]}[]>}
   */
  async sentences(text) {
    const spans = /** @type {[number, number][]} */ (await this.#client.call('sentences', [this.#model, text]));
    return spans.map(([b, e]) => ({ text: text.slice(b, e), span: [b, e] }));
  }

  /** The source pieces of `text` (with `</s>`) and their UTF-16 spans. @param {string} text */
  async tokenize(text) {
    return this.#client.call('tokenize', [this.#model, text]);
  }

  /**
   * Heap of the WebAssembly instance this translator runs in (shared by the in-thread translators of
   * one thread): {heapUsed: bytes allocated, memoryBytes: size of the WebAssembly memory}.
   */
  async memoryUsage() {
    return this.#client.call('memory', []);
  }

  /** Frees the model (and, in worker mode, the worker). Later calls reject with DISPOSED. */
  dispose() {
    if (this.#disposed) return;
    this.#disposed = true;
    if (this.#inWorker) {
      this.#client.close();  // the worker's whole heap goes with it
    } else {
      this.#client.send('dispose', [this.#model]);
      this.#client = new LocalClient(null);
      this.#client.close();
    }
  }
}

if (typeof Symbol.dispose === 'symbol') /** @type {Translator & Disposable} */ (Translator.prototype)[Symbol.dispose] = Translator.prototype.dispose;

/**
 * One head's [rows × cols] matrix of an attention stack (encoder self-attention, cross-attention):
 * a view into `stack.data`, no copy.
 * @param {AttentionStack | StepAttention} stack @param {number} layer @param {number} head
 * @returns {import('./index.js').Matrix}
 */
export function attentionHead(stack, layer, head) {
  const rows = /** @type {{rows?: number}} */ (stack).rows ?? 1;  // (a step's attention has one row)
  const size = rows * stack.cols;
  if (!(layer >= 0 && layer < stack.layers && head >= 0 && head < stack.heads))
    throw new AttnseqError('BAD_INPUT', `no attention head ${layer}/${head} (the stack has ${stack.layers} layers × ${stack.heads} heads)`);
  const offset = (layer * stack.heads + head) * size;
  return { data: stack.data.subarray(offset, offset + size), rows, cols: stack.cols };
}
