// AttnseqError: the one error type of the JavaScript API. `code` is stable (see index.d.ts, ErrorCode):
// one of ERROR_CODES, the engine's one list (cpp/attnseq/core/errors.h: the C++ runtime's codes, e.g.
// MODEL_TRUNCATED, BAD_OPTION, ABORTED, and those the WebAssembly boundary and the JavaScript side raise,
// e.g. OUT_OF_MEMORY, LOAD_FAILED, WORKER_DIED). error-codes.js is generated from it
// (scripts/gen_dts.mjs); tests/js/errors.test.js checks the i18n catalogues and the codes raised here.
export { ERROR_CODES, JS_ERROR_CODES } from './error-codes.js';

export class AttnseqError extends Error {
  /**
   * @param {string} code
   * @param {string} message
   * @param {{cause?: unknown}} [options]
   */
  constructor(code, message, options) {
    super(message, options);
    this.name = 'AttnseqError';
    this.code = code;
  }
}

/** Plain data for postMessage: {code, message}. @param {unknown} error */
export function serializeError(error) {
  if (error instanceof AttnseqError) return { code: error.code, message: error.message };
  return { code: 'INTERNAL', message: `internal error: ${error instanceof Error && error.message ? error.message : String(error)}` };
}

/** The inverse of serializeError. @param {{code?: unknown, message?: unknown} | null | undefined} data */
export function rehydrateError(data) {
  return new AttnseqError(String(data && data.code ? data.code : 'INTERNAL'), String(data && data.message ? data.message : 'unknown error'));
}

/** The ABORTED error of an aborted signal (its reason as the cause). @param {AbortSignal | null | undefined} signal */
export function abortError(signal) {
  const reason = signal && signal.reason;
  const detail = reason instanceof Error && reason.name !== 'AbortError' ? `: ${reason.message}` : '';
  return new AttnseqError('ABORTED', `the operation was aborted${detail}`, reason === undefined ? undefined : { cause: reason });
}

export function disposedError() {
  return new AttnseqError('DISPOSED', 'this translator was disposed: load the model again to use it');
}
