// core.js in a Web Worker, behind the RPC of worker.js (or any MessagePort that worker.js serves).
import { AttnseqError, abortError, disposedError, rehydrateError } from './errors.js';

/** @typedef {import('./client.js').EngineClient} EngineClient */
/** @typedef {import('./errors.js').AttnseqError} AttnseqError_ */
/** @typedef {{loaded: number, total: number | null}} Progress */
/** @typedef {import('./rpc.js').Port} Port @typedef {import('./rpc.js').PortEvent} PortEvent @typedef {import('./rpc.js').Answer} Answer */

/**
 * A call, from call() until it is settled.
 * @typedef {Object} Request
 * @property {number} id
 * @property {string} method
 * @property {unknown[]} args
 * @property {Transferable[]} transfer
 * @property {(value: unknown) => void} resolve
 * @property {(error: unknown) => void} reject
 * @property {((p: Progress) => void) | undefined} onProgress
 * @property {string | undefined} supersede
 * @property {AbortSignal | undefined} signal
 * @property {(() => void) | null} onAbort
 * @property {boolean} sent
 */
/**
 * core.js behind postMessage: a Worker, or any MessagePort served by worker.js's serve().
 *
 * The worker's death is detected three ways, whatever it was doing: a crash notice from worker.js
 * (its WebAssembly instance trapped, e.g. ran out of memory mid-computation), the Worker's 'error'
 * event, and (in browsers) the release of a Web Lock the worker holds for as long as it lives (it
 * was terminated or closed, e.g. by the browser). Pending and later calls then reject with
 * WORKER_DIED (`failure`); a new Translator.load() starts a new worker.
 *
 * Cancellation: a request whose AbortSignal fires rejects with ABORTED at once; if it was sent, the
 * worker is told ({cancel: id}) and stops computing it within one slice (worker.js). translate()
 * requests with a `supersede` key wait here while another translate() is in the worker, and a newer one
 * with the same key (for the same model) drops the one waiting: it is never sent (bergamot's
 * latency-optimised translator does the same).
 */
/** @implements {EngineClient} */
export class WorkerClient {
  /**
   * @param {Port} port Worker or MessagePort
   * @param {() => void} [onTerminate] e.g. () => worker.terminate()
   */
  constructor(port, onTerminate) {
    this.port = port;
    this.onTerminate = onTerminate;
    /** @type {Map<number, Request>} id → request sent, until the worker answers it */
    this.pending = new Map();
    /** @type {Request[]} translate() requests with a supersede key, not sent yet */
    this.waiting = [];
    /** @type {Set<number>} ids of the translate() requests the worker has and has not answered */
    this.translating = new Set();
    this.nextId = 1;
    this.closed = false;
    /** @type {AttnseqError_ | null} */
    this.failure = null;
    this.started = false;  // the worker answered something: an 'error' event now means it died
    /** @type {AbortController | null} */
    this.lockAbort = null;
    /** @type {string | null} the Web Lock the worker holds while it lives (set by worker-pool.js start(); watchLock) */
    this.lockName = null;
    /** @type {Set<(error: AttnseqError_) => void>} */
    this.onFailure = new Set();
    this.apart = true;  // the engine runs in the worker (EngineClient.apart)
    /** @param {string} type @param {(event: PortEvent) => void} fn */
    const on = (type, fn) => (typeof port.addEventListener === 'function' ? port.addEventListener(type, fn) : (/** @type {Record<string, unknown>} */ (/** @type {unknown} */ (port))['on' + type] = fn));  // (onmessage, onerror...)
    on('message', (event) => this.receive(/** @type {Answer | undefined} */ (event.data)));  // (worker.js's)
    on('messageerror', () => this.fail(new AttnseqError('INTERNAL', 'a message from the attnseq worker could not be read')));
    on('error', (event) => {
      if (event && typeof event.preventDefault === 'function') event.preventDefault();
      const detail = (event && event.message) || '';
      this.fail(this.started
        ? workerDied(`it failed${detail ? `: ${detail}` : ''}`)
        : new AttnseqError('LOAD_FAILED', `the attnseq Web Worker failed: ${detail || 'it could not start'}`));
      this.kill();
    });
    if (typeof port.start === 'function') port.start();
  }

  /**
   * @param {string} method
   * @param {unknown[]} [args]
   * @param {Transferable[]} [transfer]
   * @param {{onProgress?: (p: {loaded: number, total: number | null}) => void, signal?: AbortSignal, supersede?: string}} [options]
   *   onProgress: fetchLoad's progress; signal: cancels the request (see the class comment); supersede:
   *   translate() only, the key of a latest-wins stream of requests
   * @returns {Promise<any>} what core.js's `method` returned (typed by the caller: see client.js)
   */
  call(method, args = [], transfer = [], { onProgress, signal, supersede } = {}) {
    if (this.closed) return Promise.reject(disposedError());
    if (this.failure) return Promise.reject(this.failure);
    if (signal && signal.aborted) return Promise.reject(abortError(signal));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      /** @type {Request} */
      const request = { id, method, args, transfer, resolve, reject, onProgress, supersede, signal, onAbort: null, sent: false };
      if (signal) {
        const onAbort = request.onAbort = () => this.#abort(request);
        signal.addEventListener('abort', onAbort, { once: true });
      }
      if (method === 'translate' && supersede !== undefined) {
        for (const older of this.waiting.filter((w) => w.supersede === supersede && w.args[0] === args[0])) {
          this.#unwait(older);
          this.#settle(older, null, new AttnseqError('ABORTED', 'the request was superseded by a newer one with the same supersede key, before it reached the engine'));
        }
        if (this.translating.size) {
          this.waiting.push(request);
          return;
        }
      }
      this.#post(request);
    });
  }

  /** @param {Request} request */
  #post(request) {
    const { id, method, args, transfer } = request;
    request.sent = true;
    this.pending.set(id, request);
    if (method === 'translate') this.translating.add(id);
    try {
      this.port.postMessage({ id, method, args }, transfer);
    } catch (error) {
      this.#answered(id);
      this.#settle(request, null, new AttnseqError('INTERNAL', `cannot send ${method} to the attnseq worker: ${error && /** @type {{message?: unknown}} */ (error).message}`, { cause: error }));
    }
  }

  // The request's AbortSignal fired: rejected now; a waiting one is never sent, a sent one is cancelled in
  // the worker (which still answers it: that answer frees the translate() lane).
  /** @param {Request} request */
  #abort(request) {
    if (!request.sent) this.#unwait(request);
    else if (this.pending.has(request.id)) {
      try {
        this.port.postMessage({ cancel: request.id });
      } catch { /* the worker is gone: its failure rejects the rest */ }
    }
    this.#settle(request, null, abortError(request.signal));
  }

  /** @param {Request} request */
  #unwait(request) {
    const i = this.waiting.indexOf(request);
    if (i >= 0) this.waiting.splice(i, 1);
  }

  // Resolves or rejects the caller's promise once (later calls do nothing).
  /** @param {Request} request @param {unknown} value @param {unknown} error */
  #settle(request, value, error) {
    if (request.signal && request.onAbort) request.signal.removeEventListener('abort', request.onAbort);
    request.onAbort = null;
    if (error) request.reject(error);
    else request.resolve(value);
  }

  // The worker answered request `id` (or it could not be sent): a waiting translate() may go now.
  /** @param {number} id */
  #answered(id) {
    this.pending.delete(id);
    if (!this.translating.delete(id) || this.translating.size) return;
    const next = this.waiting.shift();
    if (next) this.#post(next);
  }

  /** @param {string} method @param {unknown[]} [args] */
  send(method, args = []) {
    this.call(method, args).catch(() => {});
  }

  /** @param {Answer | null | undefined} data  what worker.js posted (checked: an object) */
  receive(data) {
    if (!data || typeof data !== 'object') return;
    this.started = true;
    if (data.crashed) {  // worker.js: its WebAssembly instance trapped; it closes itself
      this.fail(workerDied(`its WebAssembly module crashed (${rehydrateError(data.crashed).message})`));
      this.kill();
      return;
    }
    if (data.held) {  // worker.js holds the lock now: wait for it, i.e. for the worker's end
      this.watchLock(data.held);
      return;
    }
    const id = /** @type {number} */ (data.id);  // (the other messages have none: handled above)
    const p = this.pending.get(id);
    if (!p) return;
    if (data.progress) {  // worker.js: fetchLoad's download goes on
      if (p.onProgress) {
        try { p.onProgress(data.progress); } catch { /* the caller's callback: not the engine's failure */ }
      }
      return;
    }
    this.#answered(id);
    if (data.ok) this.#settle(p, data.value, null);
    else this.#settle(p, null, rehydrateError(data.error));
  }

  /** @param {string} name */
  watchLock(name) {
    const locks = globalThis.navigator && globalThis.navigator.locks;
    if (!locks || name !== this.lockName || this.closed || this.lockAbort) return;
    this.lockAbort = new AbortController();
    locks.request(name, { signal: this.lockAbort.signal }, () => {
      if (!this.closed) this.fail(workerDied('it stopped (terminated by the browser, or out of memory)'));
    }).catch(() => {});  // aborted by close()
  }

  /** @param {AttnseqError_} error */
  fail(error) {
    if (this.failure || this.closed) return;
    this.failure = error;
    for (const p of [...this.pending.values(), ...this.waiting]) this.#settle(p, null, error);
    this.pending.clear();
    this.waiting = [];
    this.translating.clear();
    for (const fn of this.onFailure) {
      try { fn(error); } catch { /* a listener's problem */ }
    }
  }

  /** Ends the worker without marking the client closed (after a failure). */
  kill() {
    if (this.lockAbort) this.lockAbort.abort();
    if (this.onTerminate) this.onTerminate();
    else if (typeof this.port.close === 'function') this.port.close();
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    for (const p of [...this.pending.values(), ...this.waiting]) this.#settle(p, null, disposedError());
    this.pending.clear();
    this.waiting = [];
    this.translating.clear();
    this.kill();
  }
}

/** @param {string} what */
function workerDied(what) {
  return new AttnseqError('WORKER_DIED', `the attnseq Web Worker died: ${what}. Load the model again (a new worker starts)`);
}

