// Model sources → bytes: a URL (string or URL object), a fetch Response, a Blob/File, an ArrayBuffer
// or any ArrayBuffer view (Uint8Array...). Downloads report onProgress({loaded, total}) as chunks
// arrive (total: null when the server does not say, or sends the file compressed); every source
// reports a final {loaded: n, total: n}. In Node a string that is not an http(s)/data/blob URL, or a
// file: URL, is read from the file system.
import { AttnseqError, abortError } from './errors.js';
import { isNode } from './module.js';

/**
 * @param {import('../index.js').ModelSource} source  anything else is a LOAD_FAILED error
 * @param {{onProgress?: (progress: import('../index.js').LoadProgress) => void, signal?: AbortSignal}} [options]
 * @returns {Promise<{bytes: Uint8Array, owned: boolean}>} owned: the buffer was made here, so it may be
 *   transferred to a worker without detaching memory the caller still holds.
 */
export async function loadBytes(source, { onProgress, signal } = {}) {
  if (signal && signal.aborted) throw abortError(signal);
  if (onProgress !== undefined && typeof onProgress !== 'function')
    throw new AttnseqError('BAD_OPTION', 'onProgress must be a function');
  const done = (/** @type {Uint8Array} */ bytes, /** @type {boolean} */ owned) => {
    if (onProgress) onProgress({ loaded: bytes.byteLength, total: bytes.byteLength });
    return { bytes, owned };
  };

  if (source instanceof Uint8Array) return done(source, false);
  if (source instanceof ArrayBuffer || isSharedArrayBuffer(source)) return done(new Uint8Array(source), false);
  if (ArrayBuffer.isView(source)) return done(new Uint8Array(source.buffer, source.byteOffset, source.byteLength), false);
  if (typeof Blob !== 'undefined' && source instanceof Blob) return done(new Uint8Array(await source.arrayBuffer()), true);
  if (typeof Response !== 'undefined' && source instanceof Response)
    return { bytes: await readResponse(source, source.url || 'the Response', onProgress, signal), owned: true };
  if (typeof source === 'string' || source instanceof URL) {
    const url = String(source);
    if (isNode && isFilePath(url)) return done(await readFileBytes(url, signal), true);
    let response;
    try {
      response = await fetch(url, signal ? { signal } : undefined);
    } catch (error) {
      if (signal && signal.aborted) throw abortError(signal);
      throw new AttnseqError('LOAD_FAILED', `cannot download the model from ${url}: ${error && /** @type {{message?: unknown}} */ (error).message}`, { cause: error });
    }
    return { bytes: await readResponse(response, url, onProgress, signal), owned: true };
  }
  throw new AttnseqError('LOAD_FAILED',
    `cannot load a model from ${describe(source)}: expected a URL, a Response, an ArrayBuffer or a Uint8Array`);
}

/**
 * @param {unknown} x
 * @returns {x is SharedArrayBuffer}
 */
function isSharedArrayBuffer(x) {
  return typeof SharedArrayBuffer !== 'undefined' && x instanceof SharedArrayBuffer;
}

/** @param {unknown} x */
function describe(x) {
  if (x === null) return 'null';
  if (typeof x === 'object') return `an object (${Object.prototype.toString.call(x)})`;
  return `a ${typeof x}`;
}

/** @param {string} url */
function isFilePath(url) {
  if (url.startsWith('file:')) return true;
  return !/^(https?|data|blob):/i.test(url);
}

/** @param {string} pathOrUrl @param {AbortSignal} [signal] */
async function readFileBytes(pathOrUrl, signal) {
  const { readFile } = await import('node:fs/promises');
  try {
    const buf = await readFile(pathOrUrl.startsWith('file:') ? new URL(pathOrUrl) : pathOrUrl, signal ? { signal } : undefined);
    return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
  } catch (error) {
    if (signal && signal.aborted) throw abortError(signal);
    throw new AttnseqError('LOAD_FAILED', `cannot read the model file ${pathOrUrl}: ${error && /** @type {{message?: unknown}} */ (error).message}`, { cause: error });
  }
}

/**
 * @param {Response} response
 * @param {string} url  (for the messages)
 * @param {((progress: import('../index.js').LoadProgress) => void) | undefined} onProgress
 * @param {AbortSignal | undefined} signal
 * @returns {Promise<Uint8Array>}
 */
async function readResponse(response, url, onProgress, signal) {
  if (!response.ok)
    throw new AttnseqError('LOAD_FAILED', `cannot download the model from ${url}: HTTP ${response.status} ${response.statusText}`.trim());
  if (response.bodyUsed) throw new AttnseqError('LOAD_FAILED', `the body of the Response for ${url} was already read`);
  const encoding = response.headers.get('content-encoding');
  const length = Number(response.headers.get('content-length'));
  // With Content-Encoding, Content-Length counts the compressed bytes, not the ones the stream yields.
  const total = (!encoding || encoding === 'identity') && Number.isFinite(length) && length > 0 ? length : null;
  try {
    if (!response.body || typeof response.body.getReader !== 'function') {
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (onProgress) onProgress({ loaded: bytes.byteLength, total: bytes.byteLength });
      return bytes;
    }
    const reader = response.body.getReader();
    let buffer = new Uint8Array(total || 1 << 20);
    let loaded = 0;
    if (onProgress) onProgress({ loaded: 0, total });
    for (;;) {
      if (signal && signal.aborted) {
        reader.cancel().catch(() => {});
        throw abortError(signal);
      }
      const { done, value } = await reader.read();
      if (done) break;
      if (loaded + value.byteLength > buffer.byteLength) {
        const grown = new Uint8Array(Math.max(buffer.byteLength * 2, loaded + value.byteLength));
        grown.set(buffer.subarray(0, loaded));
        buffer = grown;
      }
      buffer.set(value, loaded);
      loaded += value.byteLength;
      if (onProgress) onProgress({ loaded, total });
    }
    if (onProgress && total !== loaded) onProgress({ loaded, total: loaded });
    return loaded === buffer.byteLength ? buffer : buffer.slice(0, loaded);
  } catch (error) {
    if (error instanceof AttnseqError) throw error;
    if (signal && signal.aborted) throw abortError(signal);
    throw new AttnseqError('LOAD_FAILED', `downloading the model from ${url} failed: ${error && /** @type {{message?: unknown}} */ (error).message}`, { cause: error });
  }
}

/**
 * Throws MODEL_CHECKSUM unless `bytes` hash to `expected` (64 lowercase hex digits).
 * @param {Uint8Array} bytes
 * @param {string} expected
 * @param {unknown} source what the bytes came from, for the message
 */
export async function checkSha256(bytes, expected, source) {
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (!subtle) throw new AttnseqError('LOAD_FAILED', 'load option sha256: Web Crypto (crypto.subtle) is not available here (a page that is not a secure context?)');
  const digest = new Uint8Array(await subtle.digest('SHA-256', /** @type {Uint8Array<ArrayBuffer>} */ (bytes)));
  const found = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
  if (found !== expected) {
    const name = typeof source === 'string' || source instanceof URL ? String(source) : 'the model';
    throw new AttnseqError('MODEL_CHECKSUM', `${name}: its SHA-256 is ${found.slice(0, 12)}…, expected ${expected.slice(0, 12)}…; the file was damaged in transit or replaced (download it again)`);
  }
}

/**
 * An http(s) URL string or URL object, resolved against the page: what a worker can download itself.
 * @param {unknown} source
 * @returns {string | null}
 */
export function fetchableUrl(source) {
  if (typeof source !== 'string' && !(source instanceof URL)) return null;
  let url;
  try {
    url = new URL(String(source), globalThis.document?.baseURI ?? globalThis.location?.href);
  } catch {
    return null;  // loadBytes gives the error
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/**
 * `promise`, or an AbortError as soon as `signal` aborts.
 * @template T
 * @param {Promise<T>} promise
 * @param {AbortSignal} signal
 * @returns {Promise<T>}
 */
export function abortable(promise, signal) {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
