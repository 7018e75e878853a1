// core.js in this thread (Node, Web Workers, or a page that asked for {worker: false}).
import { disposedError } from './errors.js';

/** @typedef {import('./client.js').EngineClient} EngineClient */

/** @implements {EngineClient} */
export class LocalClient {
  /** @param {import('./core.js').Core | null} core */
  constructor(core) {
    this.core = core;
    this.closed = false;
    /** @type {Set<(error: import('./errors.js').AttnseqError) => void>} */
    this.onFailure = new Set();
    this.notified = false;
  }

  /**
   * @param {string} method
   * @param {unknown[]} [args]
   * @returns {Promise<any>} what core.js's `method` returned (typed by the caller: see client.js)
   */
  call(method, args = []) {
    return new Promise((resolve) => {
      if (this.closed || !this.core) throw disposedError();
      resolve(/** @type {Record<string, (...a: unknown[]) => unknown>} */ (/** @type {unknown} */ (this.core))[method](...args));
    }).finally(() => this.#notify());
  }

  /** After a trap the instance is unusable (core.js): the INTERNAL error calls reject with, else null. */
  get failure() {
    return this.core && this.core.crashed ? this.core.crashedError() : null;
  }

  /**
   * @param {string} method
   * @param {unknown[]} [args]
   */
  send(method, args = []) {
    this.call(method, args).catch(() => {});
  }

  close() {
    this.closed = true;
  }

  #notify() {
    const failure = this.failure;
    if (!failure || this.notified) return;
    this.notified = true;
    for (const fn of this.onFailure) {
      try { fn(failure); } catch { /* a listener's problem */ }
    }
  }
}
