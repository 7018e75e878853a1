// core.js in a Web Worker, behind the RPC of worker.js (or any MessagePort that worker.js serves).
import { AttnseqError, disposedError, rehydrateError } from './errors.js';
import { assetUrl } from '../assets.js';

/** @typedef {import('./client.js').EngineClient} EngineClient */

/**
 * core.js behind postMessage: a Worker, or any MessagePort served by worker.js's serve().
 *
 * The worker's death is detected three ways, whatever it was doing: a crash notice from worker.js
 * (its WebAssembly instance trapped, e.g. ran out of memory mid-computation), the Worker's 'error'
 * event, and (in browsers) the release of a Web Lock the worker holds for as long as it lives (it
 * was terminated or closed, e.g. by the browser). Pending and later calls then reject with
 * WORKER_DIED (`failure`); a new Translator.load() starts a new worker.
 */
/** @implements {EngineClient} */
export class WorkerClient {
  /** @type {WorkerClient | null} a worker started by prewarm(), not yet taken by spawn() */
  static #spare = null;
  /** @type {WorkerClient | null} the last worker spawn() handed out (ask() may use it while it lives) */
  static #latest = null;

  /**
   * @param {any} port Worker or MessagePort
   * @param {() => void} [onTerminate] e.g. () => worker.terminate()
   */
  constructor(port, onTerminate) {
    this.port = port;
    this.onTerminate = onTerminate;
    this.pending = new Map();
    this.nextId = 1;
    this.closed = false;
    this.failure = null;
    this.started = false;  // the worker answered something: an 'error' event now means it died
    this.lockAbort = null;
    /** @type {string | null} the Web Lock the worker holds while it lives (set by #start; watchLock) */
    this.lockName = null;
    this.onFailure = new Set();
    this.apart = true;  // the engine runs in the worker (EngineClient.apart)
    const on = (type, fn) => (typeof port.addEventListener === 'function' ? port.addEventListener(type, fn) : (port['on' + type] = fn));
    on('message', (event) => this.receive(event.data));
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

  /** A module worker running web/src/engine/worker.js (the prewarmed one when there is one). */
  static spawn() {
    const ready = WorkerClient.#spare;
    WorkerClient.#spare = null;
    WorkerClient.#latest = ready && !ready.failure && !ready.closed ? ready : WorkerClient.#start();
    return WorkerClient.#latest;
  }

  /**
   * Starts a worker ahead of its first use: it loads its modules and compiles the WebAssembly module
   * while the page fetches its catalogue and model; the next spawn() takes it. One at most.
   */
  static prewarm() {
    if (!WorkerClient.#spare) WorkerClient.#spare = WorkerClient.#start();
  }

  /** Whether a worker can be started from here: not when these modules are data: URLs (single-file build). */
  static canStart() {
    try {
      return assetUrl('worker') !== null;
    } catch {
      return false;
    }
  }

  /**
   * Calls core.js `method`, for what needs the engine but no model (the decoding options), in a worker
   * that is already there: the prewarmed one (a later spawn() still takes it), else the last one
   * spawn() handed out while it lives; only without either is one prewarmed. (A page whose model load
   * took the prewarmed worker first would otherwise start a second worker and compile twice.)
   * @param {string} method
   */
  static ask(method) {
    const live = (c) => (c && !c.failure && !c.closed ? c : null);
    const worker = live(WorkerClient.#spare) ?? live(WorkerClient.#latest);
    if (worker) return worker.call(method, []);
    WorkerClient.prewarm();
    return /** @type {WorkerClient} */ (WorkerClient.#spare).call(method, []);
  }

  static #start() {
    // The worker holds a Web Lock of this name while it lives (see worker.js).
    const name = `attnseq-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    const worker = new Worker(workerUrl(), { type: 'module', name });
    const client = new WorkerClient(worker, () => worker.terminate());
    client.lockName = name;
    return client;
  }

  /**
   * @param {string} method
   * @param {any[]} [args]
   * @param {Transferable[]} [transfer]
   * @param {{onProgress?: (p: {loaded: number, total: number | null}) => void}} [notices] fetchLoad's progress
   */
  call(method, args = [], transfer = [], { onProgress } = {}) {
    if (this.closed) return Promise.reject(disposedError());
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      try {
        this.port.postMessage({ id, method, args }, transfer);
      } catch (error) {
        this.pending.delete(id);
        reject(new AttnseqError('INTERNAL', `cannot send ${method} to the attnseq worker: ${error && error.message}`, { cause: error }));
      }
    });
  }

  send(method, args = []) {
    this.call(method, args).catch(() => {});
  }

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
    const p = this.pending.get(data.id);
    if (!p) return;
    if (data.progress) {  // worker.js: fetchLoad's download goes on
      if (p.onProgress) {
        try { p.onProgress(data.progress); } catch { /* the caller's callback: not the engine's failure */ }
      }
      return;
    }
    this.pending.delete(data.id);
    if (data.ok) p.resolve(data.value);
    else p.reject(rehydrateError(data.error));
  }

  watchLock(name) {
    const locks = globalThis.navigator && globalThis.navigator.locks;
    if (!locks || name !== this.lockName || this.closed || this.lockAbort) return;
    this.lockAbort = new AbortController();
    locks.request(name, { signal: this.lockAbort.signal }, () => {
      if (!this.closed) this.fail(workerDied('it stopped (terminated by the browser, or out of memory)'));
    }).catch(() => {});  // aborted by close()
  }

  fail(error) {
    if (this.failure || this.closed) return;
    this.failure = error;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
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
    for (const p of this.pending.values()) p.reject(disposedError());
    this.pending.clear();
    this.kill();
  }
}

/**
 * The URL to start worker.js from. A module worker cannot be started from another origin's URL: when
 * these modules were loaded cross-origin (widgets embedded from a CDN or another site), the worker
 * starts from a same-origin blob: module that imports worker.js (which needs CORS on that server).
 */
function workerUrl() {
  const url = /** @type {URL} */ (assetUrl('worker'));
  const here = globalThis.location?.origin;
  if (!here || url.origin === here || url.protocol === 'blob:' || url.protocol === 'data:') return url;
  const wrapper = new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' });
  return URL.createObjectURL(wrapper);
}

function workerDied(what) {
  return new AttnseqError('WORKER_DIED', `the attnseq Web Worker died: ${what}. Load the model again (a new worker starts)`);
}

