// The engine as the Translator sees it: call(method, args) → Promise, whether core.js runs in this
// thread (LocalClient) or in a Web Worker (WorkerClient, the RPC of worker.js), and the async
// iterator of generate() built on start/step/close.
import { AttnseqError, abortError, disposedError, rehydrateError } from './errors.js';

/** core.js in this thread (Node, or a page/worker that asked for {worker: false}). */
export class LocalClient {
  constructor(core) {
    this.core = core;
    this.closed = false;
  }

  call(method, args = []) {
    return new Promise((resolve) => {
      if (this.closed) throw disposedError();
      resolve(this.core[method](...args));
    });
  }

  /** After a trap the instance is unusable (core.js): the INTERNAL error calls reject with, else null. */
  get failure() {
    return this.core && this.core.crashed ? this.core.crashedError() : null;
  }

  /** Fire-and-forget variant (close/dispose): errors are ignored. */
  send(method, args = []) {
    this.call(method, args).catch(() => {});
  }

  terminate() {
    this.closed = true;
  }
}

let spare = null;  // a worker started by WorkerClient.prewarm(), not yet taken by spawn()

/**
 * core.js behind postMessage: a Worker, or any MessagePort served by worker.js's serve().
 *
 * The worker's death is detected three ways, whatever it was doing: a crash notice from worker.js
 * (its WebAssembly instance trapped, e.g. ran out of memory mid-computation), the Worker's 'error'
 * event, and (in browsers) the release of a Web Lock the worker holds for as long as it lives (it
 * was terminated or closed, e.g. by the browser). Pending and later calls then reject with
 * WORKER_DIED (`failure`); a new Translator.load() starts a new worker.
 */
export class WorkerClient {
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
    this.onFailure = new Set();
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
    const ready = spare;
    spare = null;
    return ready && !ready.failure && !ready.closed ? ready : WorkerClient.#start();
  }

  /**
   * Starts a worker ahead of its first use: it loads its modules and compiles the WebAssembly module
   * while the page fetches its catalogue and model; the next spawn() takes it. One at most.
   */
  static prewarm() {
    if (!spare) spare = WorkerClient.#start();
  }

  static #start() {
    // The worker holds a Web Lock of this name while it lives (see worker.js).
    const name = `attnseq-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name });
    const client = new WorkerClient(worker, () => worker.terminate());
    client.lockName = name;
    return client;
  }

  call(method, args = [], transfer = []) {
    if (this.closed) return Promise.reject(disposedError());
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
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
    }).catch(() => {});  // aborted by terminate()
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

  terminate() {
    if (this.closed) return;
    this.closed = true;
    for (const p of this.pending.values()) p.reject(disposedError());
    this.pending.clear();
    this.kill();
  }
}

function workerDied(what) {
  return new AttnseqError('WORKER_DIED', `the attnseq Web Worker died: ${what}. Load the model again (a new worker starts)`);
}

// A generation dropped without being finished, broken out of or aborted still has its session
// closed, once the garbage collector notices.
const abandoned = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry(({ client, session }) => { if (session !== null) client.send('close', [session]); })
  : null;

/**
 * The async iterator of translator.generate(): one GenerationStep per model step. Starts lazily (on the
 * first next() or when `source` is read); closes its session when it ends, is broken out of
 * (return()), or is aborted through the AbortSignal. next() calls are served one after the other.
 */
export class Generation {
  constructor(client, model, text, options, signal) {
    this._client = client;
    this._model = model;
    this._text = text;
    this._options = options;
    this._signal = signal;
    this._startPromise = null;
    this._live = { client, session: null };  // what the FinalizationRegistry needs, without `this`
    if (abandoned) abandoned.register(this, this._live, this);
    this._source = null;
    this._steps = 0;
    this._finished = false;
    this._error = null;
    this._errorThrown = false;
    this._queue = Promise.resolve();
    this._abortWaiters = new Set();
    this._onAbort = () => this._abort();
    if (signal) {
      if (signal.aborted) this._error = abortError(signal);
      else signal.addEventListener('abort', this._onAbort, { once: true });
    }
  }

  get _session() {
    return this._live.session;
  }

  set _session(id) {
    this._live.session = id;
  }

  /** {sourceTokens, encoderAttention, macs}: resolves once the source is encoded. */
  get source() {
    return this._start().then(() => this._source);
  }

  [Symbol.asyncIterator]() {
    return this;
  }

  next() {
    const result = this._queue.then(() => this._next());
    this._queue = result.catch(() => {});
    return result;
  }

  /** Ends the generation early (what `break` in for-await calls). */
  async return(value) {
    this._finish();
    return { done: true, value };
  }

  async throw(error) {
    this._finish();
    throw error;
  }

  async _next() {
    if (this._finished) {
      // An error (or the abort) is thrown by one next(); after that the iterator is simply done.
      if (this._error && !this._errorThrown) {
        this._errorThrown = true;
        throw this._error;
      }
      return { done: true, value: undefined };
    }
    try {
      await this._start();
      if (this._session === null) {  // blank text: nothing to generate
        this._finish();
        return { done: true, value: undefined };
      }
      const step = await this._abortable(this._client.call('step', [this._session]));
      if (this._steps++ === 0) step.source = this._source;
      if (step.done) {
        this._session = null;  // the engine closed it with its last step
        this._finish();
      }
      return { done: false, value: step };
    } catch (error) {
      this._fail(error);
      this._errorThrown = true;
      throw this._error;
    }
  }

  _start() {
    if (!this._startPromise) {
      if (this._error) return Promise.reject(this._error);
      const call = this._client.call('start', [this._model, this._text, this._options]);
      // Whatever happens to this iterator meanwhile, a session started for it is closed if unused.
      call.then(({ session }) => { if (this._finished && session !== null) this._client.send('close', [session]); }, () => {});
      this._startPromise = this._abortable(call).then((started) => {
        const { session, ...source } = started;
        this._source = source;
        if (this._finished) {
          if (session !== null) this._client.send('close', [session]);
        } else {
          this._session = session;
        }
      });
      this._startPromise.catch((error) => this._fail(error));
    }
    return this._startPromise;
  }

  // Rejects as soon as the signal fires, whatever the engine is still doing.
  _abortable(promise) {
    if (!this._signal) return promise;
    return new Promise((resolve, reject) => {
      if (this._error) return reject(this._error);
      const waiter = { reject };
      this._abortWaiters.add(waiter);
      promise.then(
        (v) => { this._abortWaiters.delete(waiter); this._error ? reject(this._error) : resolve(v); },
        (e) => { this._abortWaiters.delete(waiter); reject(this._error || e); });
    });
  }

  _abort() {
    if (this._finished && !this._abortWaiters.size) return;
    this._error = abortError(this._signal);
    for (const w of this._abortWaiters) w.reject(this._error);
    this._abortWaiters.clear();
    this._finish();
  }

  _fail(error) {
    if (!this._error) this._error = error;  // an abort that came first wins
    this._finish();
  }

  _finish() {
    if (this._finished) return;
    this._finished = true;
    if (this._signal) this._signal.removeEventListener('abort', this._onAbort);
    if (this._session !== null) {
      this._client.send('close', [this._session]);  // the "cancel": the engine deletes the session
      this._session = null;
    }
    if (abandoned) abandoned.unregister(this);
  }
}
