// The options of a translate() or generate() call: the decoding options for the engine, apart from
// the call's own (its AbortSignal, its supersede key), each checked.
import { AttnseqError } from './errors.js';

/**
 * {signal, supersede, decode}: the call's options and the decoding options.
 * @param {unknown} options
 */
export function splitCallOptions(options) {
  if (options === undefined || options === null) return { signal: undefined, supersede: undefined, decode: undefined };
  if (typeof options !== 'object' || Array.isArray(options))
    throw new AttnseqError('BAD_OPTION', `decoding options must be an object, got ${Array.isArray(options) ? 'an array' : typeof options}`);
  const { signal, supersede, ...decode } = /** @type {{signal?: unknown, supersede?: unknown}} */ (options);
  if (signal !== undefined && !isAbortSignal(signal)) throw new AttnseqError('BAD_OPTION', 'option signal must be an AbortSignal');
  if (supersede !== undefined && typeof supersede !== 'string') throw new AttnseqError('BAD_OPTION', 'option supersede must be a string');
  return { signal: /** @type {AbortSignal | undefined} */ (signal), supersede: /** @type {string | undefined} */ (supersede),
    decode: /** @type {Record<string, unknown>} */ (decode) };
}

/** @param {unknown} x */
function isAbortSignal(x) {
  return typeof AbortSignal !== 'undefined' ? x instanceof AbortSignal : typeof x === 'object' && x !== null && 'aborted' in x;
}
