// AttnseqError: the one error type of the JavaScript API. `code` is stable (see index.d.ts, ErrorCode):
// the C++ runtime's codes (attnseq::code_name, e.g. MODEL_TRUNCATED, BAD_OPTION) plus the JavaScript
// side's own (LOAD_FAILED, ABORTED, DISPOSED, OUT_OF_MEMORY, INTERNAL, WORKER_DIED).

/** The codes the JavaScript side raises itself; the WebAssembly module lists its own (errorCodes(), from
 *  the C++ ATTNSEQ_ERROR_CODES). tests/js/errors.test.js checks index.d.ts and the i18n catalogues
 *  against both. */
export const JS_ERROR_CODES = Object.freeze(['LOAD_FAILED', 'ABORTED', 'DISPOSED', 'WORKER_DIED', 'MODEL_CHECKSUM']);

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

/** Plain data for postMessage: {code, message}. */
export function serializeError(error) {
  if (error instanceof AttnseqError) return { code: error.code, message: error.message };
  return { code: 'INTERNAL', message: `internal error: ${error && error.message ? error.message : String(error)}` };
}

/** The inverse of serializeError. */
export function rehydrateError(data) {
  return new AttnseqError(String(data && data.code ? data.code : 'INTERNAL'), String(data && data.message ? data.message : 'unknown error'));
}

export function abortError(signal) {
  const reason = signal && signal.reason;
  const detail = reason instanceof Error && reason.name !== 'AbortError' ? `: ${reason.message}` : '';
  return new AttnseqError('ABORTED', `the operation was aborted${detail}`, reason === undefined ? undefined : { cause: reason });
}

export function disposedError() {
  return new AttnseqError('DISPOSED', 'this translator was disposed: load the model again to use it');
}
