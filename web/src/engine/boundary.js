// What crosses the WebAssembly boundary (engine/core.js): the {value}|{error} envelopes the bindings
// return, text made fit for UTF-8, and the error of a generation that has ended.
import { AttnseqError } from './errors.js';

/**
 * An envelope's value, or its error thrown as an AttnseqError.
 * @template T
 * @param {import('../../dist/attnseq.js').Envelope<T>} envelope
 * @returns {T}
 */
export function unwrap(envelope) {
  if (envelope.error) throw new AttnseqError(envelope.error.code, envelope.error.message);
  return envelope.value;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// A string for the UTF-8 boundary: lone surrogates (which have no UTF-8 form) become U+FFFD, one
// code unit for one, so source spans still index the caller's string.
/** @param {unknown} text */
export function checkText(text) {
  if (typeof text !== 'string') throw new AttnseqError('BAD_INPUT', `the text to translate must be a string, got ${text === null ? 'null' : typeof text}`);
  const wellFormed = typeof text.isWellFormed === 'function' ? text.isWellFormed() : !LONE_SURROGATE.test(text);
  LONE_SURROGATE.lastIndex = 0;
  return wellFormed ? text : text.replace(LONE_SURROGATE, '\uFFFD');
}

export function staleSession() {
  return new AttnseqError('DISPOSED', 'this generation has ended (finished, cancelled or its translator disposed)');
}
