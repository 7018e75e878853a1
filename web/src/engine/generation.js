// The async iterator of translator.generate(), over any EngineClient (client.js): start, step, close.
import { abortError } from './errors.js';

/** @typedef {import('./client.js').EngineClient} EngineClient */
/** @typedef {import('../index.js').GenerationStep} GenerationStep */
/** @typedef {import('../index.js').GenerationSource} GenerationSource */

// A generation dropped without being finished, broken out of or aborted still has its session
// closed, once the garbage collector notices.
const abandoned = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((/** @type {{client: EngineClient, session: number | null}} */ { client, session }) => closeSession(client, session))
  : null;

/**
 * The one way a session ends early: the engine deletes it (a null session needs nothing).
 * @param {EngineClient} client
 * @param {number | null} session
 */
function closeSession(client, session) {
  if (session !== null) client.send('close', [session]);
}

/** Steps asked for ahead of the caller when the engine runs in a worker (at most this many wasted when it stops early). */
const AHEAD = 8;

/**
 * The async iterator of translator.generate(): one GenerationStep per model step. Starts lazily (on the
 * first next() or when `source` is read); closes its session when it ends, is broken out of
 * (return()), or is aborted through the AbortSignal. next() calls are served one after the other.
 */
export class Generation {
  /**
   * @param {EngineClient} client
   * @param {number} model  the engine's id of the model
   * @param {string} text
   * @param {import('../index.js').DecodeOptions | undefined} options  as the engine takes them
   * @param {AbortSignal | undefined} signal
   */
  constructor(client, model, text, options, signal) {
    this._client = client;
    this._model = model;
    this._text = text;
    this._options = options;
    this._signal = signal;
    /** @type {Promise<void> | null} */
    this._startPromise = null;
    /** @type {{client: EngineClient, session: number | null}} what the FinalizationRegistry needs, without `this` */
    this._live = { client, session: null };
    if (abandoned) abandoned.register(this, this._live, this);
    /** @type {GenerationSource | null} */
    this._source = null;
    this._steps = 0;
    this._finished = false;
    /** @type {unknown} the abort's error, or the first failure (an AttnseqError, or whatever the engine threw) */
    this._error = null;
    this._errorThrown = false;
    /** @type {Promise<unknown>} next() calls, one after the other */
    this._queue = Promise.resolve();
    /** @type {Promise<GenerationStep>[]} the next steps, asked for before the caller wanted them (client.apart) */
    this._ahead = [];
    /** @type {Set<{reject: (error: unknown) => void}>} */
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

  /** @param {number | null} id */
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

  /** Ends the generation early (what `break` in for-await calls). @param {unknown} [value] */
  async return(value) {
    this._finish();
    return { done: true, value };
  }

  /** @param {unknown} error */
  async throw(error) {
    this._finish();
    throw error;
  }

  /** @returns {Promise<IteratorResult<GenerationStep, undefined>>} */
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
      /** @type {Promise<GenerationStep>} */
      const asked = this._ahead.shift() ?? this._client.call('step', [this._session]);
      const step = await this._abortable(asked);
      if (this._steps++ === 0) step.source = /** @type {GenerationSource} */ (this._source);  // (set once started)
      if (step.done) {
        this._session = null;  // the engine closed it with its last step
        this._ahead = [];      // asked past the end: answered "no such session", dropped
        this._finish();
      } else {
        this._askAhead();
      }
      return { done: false, value: step };
    } catch (error) {
      this._fail(error);
      this._errorThrown = true;
      throw this._error;
    }
  }

  /**
   * Where the engine runs in a worker (client.apart), keeps AHEAD steps asked for: the engine takes
   * them while the caller handles earlier ones (a page draws its views between steps; asked one at a
   * time, the worker would wait for each drawing). Requests are served in order, so a close() sent
   * after them still ends the session.
   */
  _askAhead() {
    if (!this._client.apart || this._finished || this._session === null) return;
    while (this._ahead.length < AHEAD) {
      const next = this._client.call('step', [this._session]);
      next.catch(() => {});  // seen by a later next(), or dropped when the generation ends
      this._ahead.push(next);
    }
  }

  _start() {
    if (!this._startPromise) {
      if (this._error) return Promise.reject(this._error);
      // The session is adopted when the engine answers, whatever happened to this iterator meanwhile
      // (aborted, broken out of): a finished one closes it at once.
      // (the answer: core.js start()'s)
      const started = this._client.call('start', [this._model, this._text, this._options]).then((/** @type {GenerationSource & {session: number | null}} */ answer) => {
        const { session, ...source } = answer;
        this._source = source;
        if (this._finished) closeSession(this._client, session);
        else {
          this._session = session;
          this._askAhead();  // the first steps are taken as soon as the source is encoded
        }
      });
      this._startPromise = this._abortable(started);
      this._startPromise.catch((error) => this._fail(error));
    }
    return this._startPromise;
  }

  /**
   * Rejects as soon as the signal fires, whatever the engine is still doing.
   * @template T
   * @param {Promise<T>} promise
   * @returns {Promise<T>}
   */
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

  /** @param {unknown} error */
  _fail(error) {
    if (!this._error) this._error = error;  // an abort that came first wins
    this._finish();
  }

  _finish() {
    if (this._finished) return;
    this._finished = true;
    if (this._signal) this._signal.removeEventListener('abort', this._onAbort);
    closeSession(this._client, this._session);  // the "cancel": the engine deletes the session
    this._session = null;
    if (abandoned) abandoned.unregister(this);
  }
}
