// The Web Worker: runs core.js behind a tiny RPC so inference never blocks the page.
//   request  {id, method, args}                      (method: one of METHODS)
//   response {id, ok: true, value} | {id, ok: false, error: {code, message}}
//   cancel   {cancel: id}                            the request is not wanted any more (its AbortSignal
//                                                    fired): not started → never run; a translate() in
//                                                    progress → stopped within one slice (ABORTED)
//   progress {id, progress: {loaded, total}}         fetchLoad's download, when asked for
//   notices {held: lockName}  the worker holds the Web Lock named after it (self.name) until it ends:
//                             the client waits for that lock to learn of the worker's death
//           {crashed: {code, message}}  the WebAssembly instance trapped: the worker closes itself
// Requests are served one at a time, in order. translate() runs in slices (core.js begin/advance/finish:
// `slice` milliseconds of decoder steps, at least one), and the worker reads its messages between them,
// so that a cancel gets through while it computes. The typed arrays of a response (attention matrices)
// are transferred, not copied. serve() also works on a MessagePort, which is how Node tests it.
import { Core } from './core.js';
import { AttnseqError, serializeError } from './errors.js';
import { checkSha256, loadBytes } from './load.js';
import { mark, measure } from './timing.js';
// Imported by core.js and module.js; named here too so that a worker fetches its whole module graph
// in one round trip instead of one per import level (it starts while the page is loading).
import './module.js';
import '../assets.js';

// Methods recorded as User Timing measures: one per user action, not one per token (the timeline keeps
// every entry for the page's life).
const TIMED = new Set(['load', 'translate', 'start', 'sentences', 'sensitivity', 'decodingOptions']);

// fetchLoad(url, {sha256, progress}): download the model here, check it, load it (= load's value).
export const METHODS = ['load', 'fetchLoad', 'translate', 'sensitivity', 'tokenize', 'sentences', 'start', 'step', 'close', 'dispose', 'memory', 'work', 'decodingOptions', 'throwForTest'];

/** Milliseconds of decoder steps between two looks at the worker's messages (a step takes ~1-10 ms). */
export const SLICE_MS = 8;

/** @typedef {import('./rpc.js').Port} Port @typedef {import('./rpc.js').Ask} Ask @typedef {import('../index.js').DecodeOptions} DecodeOptions */

/**
 * @param {Port} port
 * @param {() => Promise<Core>} createCore
 * @param {{exit?: () => void, eager?: boolean, slice?: number}} [hooks] exit: called after a crash notice (a
 *   Worker closes itself); eager: start the core at once instead of at the first request; slice: SLICE_MS
 */
export function serve(port, createCore = Core.create, { exit, eager = false, slice = SLICE_MS } = {}) {
  /** @type {Promise<Core> | null} */
  let core = null;
  let dead = false;
  /** @type {Set<number>} ids of the requests received and not yet answered */
  const open = new Set();
  /** @type {Set<number>} those of them cancelled */
  const cancelled = new Set();
  // The engine serves one request at a time, in arrival order (a download or the module's compilation is
  // waited for outside of it): `lane` chains them.
  /** @type {Promise<unknown>} */
  let lane = Promise.resolve();
  /** @template T @param {() => T | Promise<T>} fn @returns {Promise<T>} */
  const exclusive = (fn) => {
    const result = lane.then(fn);
    lane = result.catch(() => {});
    return result;
  };
  if (eager) {
    // Instantiate the WebAssembly module now, while the page is still downloading the model; a failure
    // is reported to the first request, which tries again.
    core = createCore().catch((error) => { core = null; throw error; });
    core.catch(() => {});
  }
  // translate() as a job, `slice` ms at a time, looking at the messages in between.
  /** @param {Core} engine @param {number} id @param {[number, string, DecodeOptions | undefined]} args */
  const translateInSlices = async (engine, id, [model, text, options]) => {
    const job = engine.begin(model, text, options);
    let steps = 0;
    try {
      for (;;) {
        const before = engine.modelSteps;
        const done = engine.advance(job, slice);
        steps += engine.modelSteps - before;
        if (done) return engine.finish(job);
        await yieldToMessages();
        if (cancelled.has(id)) throw cancelledError(steps);
      }
    } finally {
      engine.drop(job);
    }
  };
  /** @param {import('./rpc.js').PortEvent} event */
  const onMessage = async (event) => {
    if (dead) return;
    const data = /** @type {Ask} */ (event.data || {});  // (as the page sent it: checked below)
    if (data.cancel !== undefined) {
      if (open.has(data.cancel)) cancelled.add(data.cancel);  // (an answered one: nothing to stop)
      return;
    }
    const { id, method, args } = /** @type {Ask & {id: number, method: string}} */ (data);
    open.add(id);
    if (method === 'fetchLoad' || TIMED.has(method)) measure(`${method} received`, mark());  // the timeline's round trips
    /** @type {Core | null} */
    let engine = null;
    try {
      if (!METHODS.includes(method)) throw new Error(`unknown method ${method}`);
      if (!core) {  // started by the first request
        core = createCore().catch((error) => { core = null; throw error; });
        core.catch(() => {});  // (awaited below, after the download: its failure is this request's)
      }
      // held here: a start that fails while the model downloads resets `core`, and this request gets its error
      const starting = core;
      let bytes = null;
      if (method === 'fetchLoad') bytes = await download(port, id, args?.[0], /** @type {{sha256?: string, progress?: boolean} | undefined} */ (args?.[1]));  // while the module compiles
      const ready = engine = await starting;
      const value = await exclusive(async () => {
        if (cancelled.has(id)) throw cancelledError(0);
        const start = mark();
        let v;
        if (bytes) v = ready.load(bytes);
        else if (method === 'translate') v = await translateInSlices(ready, id, /** @type {[number, string, DecodeOptions | undefined]} */ (args || []));
        // (one of METHODS, checked above; the arguments as the page sent them: core.js checks what it must)
        else v = /** @type {Record<string, (...a: unknown[]) => unknown>} */ (/** @type {unknown} */ (ready))[method](...(args || []));
        if (bytes) measure('load', start);
        else if (TIMED.has(method)) measure(method, start);
        return v;
      });
      port.postMessage({ id, ok: true, value }, transferables(value));
    } catch (error) {
      if (engine && engine.crashed) {
        // A trap (a bug, or memory exhausted mid-computation): this instance is unusable. Say so and
        // end, so that the page starts a fresh worker instead of talking to a broken one.
        if (dead) return;
        dead = true;
        port.postMessage({ crashed: serializeError(error) });
        if (exit) exit();
        return;
      }
      if (!dead) port.postMessage({ id, ok: false, error: serializeError(error) });
    } finally {
      open.delete(id);
      cancelled.delete(id);
    }
  };
  if (typeof port.addEventListener === 'function') {
    port.addEventListener('message', onMessage);
    if (typeof port.start === 'function') port.start();
  } else {
    /** @type {{onmessage?: unknown}} */ (port).onmessage = onMessage;
  }
}

/** @param {number} steps */
function cancelledError(steps) {
  return new AttnseqError('ABORTED', `the request was cancelled${steps ? ` after ${steps} decoder steps` : ' before it started'}`);
}

/** Lets the messages that arrived meanwhile in (a cancel) before the next slice: a macrotask, never clamped. @returns {Promise<void>} */
function yieldToMessages() {
  const immediate = /** @type {{setImmediate?: (fn: () => void) => void}} */ (globalThis).setImmediate;  // Node: after the pending messages
  if (typeof immediate === 'function') return new Promise((resolve) => immediate(resolve));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * fetchLoad's bytes: downloaded (progress notices to the page when asked for) and checked.
 * @param {Port} port
 * @param {number} id
 * @param {unknown} url  (checked: a string)
 * @param {{sha256?: string, progress?: boolean}} [options]
 */
async function download(port, id, url, { sha256, progress } = {}) {
  if (typeof url !== 'string') throw new TypeError('fetchLoad needs a URL string');
  let start = mark();
  const onProgress = progress ? (/** @type {import('../index.js').LoadProgress} */ p) => port.postMessage({ id, progress: p }) : undefined;
  const { bytes } = await loadBytes(url, { onProgress });
  measure('download', start);
  start = mark();
  if (sha256) await checkSha256(bytes, sha256, url);
  measure('sha256', start);
  return bytes;
}

/**
 * The distinct ArrayBuffers behind the typed arrays in a value (results hold Float32Arrays).
 * @param {unknown} value
 * @returns {ArrayBuffer[]}
 */
export function transferables(value) {
  /** @type {Set<ArrayBuffer>} */
  const out = new Set();
  /** @param {unknown} v */
  const walk = (v) => {
    if (v === null || typeof v !== 'object') return;
    if (ArrayBuffer.isView(v)) {
      // Only buffers the view owns whole: never the WebAssembly memory or a caller's larger buffer.
      if (v.buffer instanceof ArrayBuffer && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength) out.add(v.buffer);
      return;
    }
    for (const key in v) walk(/** @type {Record<string, unknown>} */ (v)[key]);
  };
  walk(value);
  return [...out];
}

// Started as a module worker: serve the page, and hold the lock named after this worker while it lives.
if (typeof WorkerGlobalScope !== 'undefined' && typeof self !== 'undefined' && self instanceof WorkerGlobalScope) {
  // (a worker's own scope, which the lib "dom" types as a page's Window)
  serve(/** @type {Port} */ (/** @type {unknown} */ (self)), Core.create, { exit: () => self.close(), eager: true });
  const name = self.name;
  if (name && self.navigator && self.navigator.locks) {
    self.navigator.locks.request(name, () => {
      self.postMessage({ held: name });
      return new Promise(() => {});  // released only when the worker ends
    }).catch(() => {});
  }
}
