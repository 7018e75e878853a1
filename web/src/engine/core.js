// The in-thread engine: owns the Embind objects (Translator, Session, Job) of one WebAssembly module
// instance and speaks plain data only, so that worker.js can run it behind postMessage unchanged.
// Models, sessions and jobs are referred to by number; every Embind object is deleted here: a session
// when its last step is taken, when it is closed or when its model is disposed; a job when its result
// is taken or it is dropped; a model on dispose().
// Failures are AttnseqErrors (C++ errors arrive as {code, message} envelopes, bind_errors.h).
import { AttnseqError, disposedError } from './errors.js';
import { loadModule } from './module.js';
import { unwrap, checkText, staleSession } from './boundary.js';
/** @typedef {import('../index.js').DecodeOptions} DecodeOptions (the slots: core-types.d.ts) */

export class Core {
  /** @param {import('../../dist/attnseq.js').AttnseqModule} mod the Emscripten module (engine/attnseq.d.ts) */
  constructor(mod) {
    this.mod = mod;
    this.models = /** @type {Map<number, import('./core-types.js').ModelSlot>} */ (new Map());  // id → {translator, sessions, jobs}
    this.sessions = /** @type {Map<number, import('./core-types.js').SessionSlot>} */ (new Map());  // id → {session, model}
    this.jobs = /** @type {Map<number, import('./core-types.js').JobSlot>} */ (new Map());  // id → {job, model}
    this.nextId = 1;
    this.modelSteps = 0;        // decoder steps computed by sessions and jobs (what a cancellation saves shows here)
    this.crashed = /** @type {WebAssembly.RuntimeError | null} */ (null);  // the first WebAssembly trap: the instance is unusable afterwards
  }

  /** @param {{fresh?: boolean}} [options] fresh: on a new module instance (see module.js) */
  static async create(options) {
    return new Core(await loadModule(options));
  }

  /** @param {Uint8Array} bytes the model file → {model, info} */
  load(bytes) {
    if (!(bytes instanceof Uint8Array)) throw new AttnseqError('LOAD_FAILED', 'the model bytes must be a Uint8Array');
    return this.guard(() => {
      const translator = unwrap(this.mod.Translator.load(bytes));
      let info;
      try {
        info = translator.info();
      } catch (error) {
        translator.delete();
        throw error;
      }
      const id = this.nextId++;
      this.models.set(id, { translator, sessions: new Set(), jobs: new Set() });
      return { model: id, info };
    });
  }

  /** @param {number} model @param {string} text (checkText) @param {DecodeOptions} [options] */
  translate(model, text, options) {
    const m = this.model(model);
    text = checkText(text);
    return this.guard(() => unwrap(m.translator.translate(text, options)));
  }

  /**
   * translate() in slices (what the worker runs, so that it can read a cancellation between slices):
   * begin → advance … until done → finish (or drop). → job id
   * @param {number} model @param {string} text @param {DecodeOptions} [options]
   */
  begin(model, text, options) {
    const m = this.model(model);
    text = checkText(text);
    return this.guard(() => {
      const job = unwrap(m.translator.begin(text, options));
      const id = this.nextId++;
      this.jobs.set(id, { job, model });
      m.jobs.add(id);
      return id;
    });
  }

  /** Decoder steps of a job until it is done or `ms` milliseconds have passed (at least one). → done @param {number} jobId @param {number} ms */
  advance(jobId, ms) {
    const j = this.#job(jobId);
    return this.guard(() => {
      try {
        this.modelSteps += unwrap(j.job.advance(ms));
      } catch (error) {
        this.drop(jobId);
        throw error;
      }
      return j.job.done();
    });
  }

  /** The job's result (as translate() returns it); the job ends. @param {number} jobId */
  finish(jobId) {
    const j = this.#job(jobId);
    return this.guard(() => {
      try {
        return unwrap(j.job.result());
      } finally {
        this.drop(jobId);
      }
    });
  }

  /** Ends a job early (idempotent). @param {number} jobId */
  drop(jobId) {
    const j = this.jobs.get(jobId);
    if (!j) return;
    this.jobs.delete(jobId);
    const m = this.models.get(j.model);
    if (m) m.jobs.delete(jobId);
    if (!this.crashed) j.job.delete();
  }

  /** @param {number} jobId */
  #job(jobId) {
    if (this.crashed) throw this.crashedError();
    const j = this.jobs.get(jobId);
    if (!j) throw new AttnseqError('DISPOSED', 'this translation has ended (finished, cancelled or its translator disposed)');
    return j;
  }

  /** The sentences of `text`: [[begin, end]] UTF-16 spans (C++ text/sentences.h). @param {number} model @param {string} text */
  sentences(model, text) {
    const m = this.model(model);
    text = checkText(text);
    return this.guard(() => unwrap(m.translator.sentences(text)));
  }

  /**
   * Each source token replaced in turn (by `replacement`: undefined for <unk>, a source id or piece),
   * the translation teacher-forced, what the decoder reads compared (C++ attnseq/sensitivity.h).
   * @param {number} model @param {string} text @param {DecodeOptions | undefined} options @param {number | string} [replacement]
   */
  sensitivity(model, text, options, replacement) {
    const m = this.model(model);
    text = checkText(text);
    return this.guard(() => unwrap(m.translator.sensitivity(text, options, replacement)));
  }

  /** @param {number} model @param {string} text */
  tokenize(model, text) {
    const m = this.model(model);
    text = checkText(text);
    return this.guard(() => unwrap(m.translator.tokenize(text)));
  }

  /** → {session: id | null (blank text: nothing to generate), sourceTokens, encoderAttention, macs} @param {number} model @param {string} text @param {DecodeOptions} [options] */
  start(model, text, options) {
    const m = this.model(model);
    text = checkText(text);
    return this.guard(() => {
      const session = unwrap(m.translator.start(text, options));
      if (session === null) return { session: null, sourceTokens: [], encoderAttention: null, attentionValues: [], macs: 0 };
      let source;
      try {
        source = session.source();
      } catch (error) {
        session.delete();
        throw error;
      }
      const id = this.nextId++;
      this.sessions.set(id, { session, model });
      m.sessions.add(id);
      return { session: id, ...source };
    });
  }

  /** One model step. The last one (done) carries `result` and ends the session. @param {number} sessionId */
  step(sessionId) {
    if (this.crashed) throw this.crashedError();
    const s = this.sessions.get(sessionId);
    if (!s) throw staleSession();
    return this.guard(() => {
      let step;
      try {
        step = unwrap(s.session.next());
        this.modelSteps++;
      } catch (error) {
        this.close(sessionId);
        throw error;
      }
      if (step.done) {
        step.result = unwrap(s.session.result());  // as translate() returns it, computed by the engine
        this.close(sessionId);
      }
      return step;
    });
  }

  /** Ends a session early (idempotent). @param {number} sessionId */
  close(sessionId) {
    const s = this.sessions.get(sessionId);
    if (!s) return;
    this.sessions.delete(sessionId);
    const m = this.models.get(s.model);
    if (m) m.sessions.delete(sessionId);
    if (!this.crashed) s.session.delete();
  }

  /** Frees the model and its sessions (idempotent). @param {number} model */
  dispose(model) {
    const m = this.models.get(model);
    if (!m) return;
    for (const id of [...m.sessions]) this.close(id);
    for (const id of [...m.jobs]) this.drop(id);
    this.models.delete(model);
    if (!this.crashed) m.translator.delete();
  }

  /** The engine's decoding options: [{name, kind, applies, min, max, default, doc, choices?}] (C++ option_table()). */
  decodingOptions() {
    return this.guard(() => this.mod.decodingOptions());
  }

  /** {modelSteps}: decoder steps computed so far by this engine's generations and translations in slices */
  work() {
    return { modelSteps: this.modelSteps };
  }

  /** {heapUsed: bytes malloc'ed, memoryBytes: size of the WebAssembly memory} */
  memory() {
    return this.guard(() => ({ heapUsed: this.mod.heapUsed(), memoryBytes: this.mod.memoryBytes() }));
  }

  /** Test hook: a C++ exception thrown inside a binding ("attnseq" | "std" | "bad_alloc" | "other"). @param {string} kind */
  throwForTest(kind) {
    return this.guard(() => unwrap(this.mod.throwForTest(kind)));
  }

  /** @param {number} id */
  model(id) {
    if (this.crashed) throw this.crashedError();
    const m = this.models.get(id);
    if (!m) throw disposedError();
    return m;
  }

  // Runs a call into WebAssembly. AttnseqErrors pass; anything else (a trap, an Embind BindingError)
  // becomes INTERNAL, and after a trap the instance refuses further work.
  /** @template T @param {() => T} fn @returns {T} */
  guard(fn) {
    if (this.crashed) throw this.crashedError();
    try {
      return fn();
    } catch (error) {
      if (error instanceof AttnseqError) throw error;
      if (error instanceof WebAssembly.RuntimeError) this.crashed = error;
      throw new AttnseqError('INTERNAL', `internal error in the WebAssembly module: ${error && /** @type {{message?: unknown}} */ (error).message}`, { cause: error });
    }
  }

  crashedError() {
    return new AttnseqError('INTERNAL', `the WebAssembly module crashed earlier (${this.crashed?.message}): load the model again`,
      { cause: this.crashed });
  }
}
