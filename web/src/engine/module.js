// Instantiates the WebAssembly module (web/dist/attnseq.js + attnseq.wasm, built by
// scripts/build_wasm.sh) once per JavaScript realm (page, worker or Node process).
// Browsers and workers: the Emscripten glue fetches attnseq.wasm from where assets.js says
// (locateFile), compiling while it downloads when the server sends `Content-Type: application/wasm`.
// Node: the bytes are read with fs and handed over as wasmBinary (the 3.1.6 glue would otherwise
// call fetch() on a file path, which Node's fetch refuses).
import { AttnseqError } from './errors.js';
import { assetUrl } from '../assets.js';
import { mark, measure } from './timing.js';

const isNode =
  typeof process === 'object' && process !== null && typeof process.versions === 'object' &&
  typeof process.versions.node === 'string' && typeof window === 'undefined';

/** @type {Promise<import('../../dist/attnseq.js').AttnseqModule> | null} */
let modulePromise = null;

/**
 * @param {{fresh?: boolean}} [options] fresh: a new instance (with its own memory), e.g. to replace
 *   one that crashed; by default the realm's one instance.
 * @returns {Promise<import('../../dist/attnseq.js').AttnseqModule>} the Emscripten module with the Embind classes
 *   and functions (their types: engine/attnseq.d.ts).
 */
export function loadModule({ fresh = false } = {}) {
  if (fresh) return instantiate().catch(loadFailed);
  if (!modulePromise) {
    modulePromise = instantiate().catch((error) => {
      modulePromise = null;  // a later call may try again
      loadFailed(error);
    });
  }
  return modulePromise;
}

/** @param {unknown} error @returns {never} */
function loadFailed(error) {
  throw error instanceof AttnseqError
    ? error
    : new AttnseqError('LOAD_FAILED', `cannot start the attnseq WebAssembly module: ${error instanceof Error && error.message ? error.message : error}`,
        { cause: error });
}

async function instantiate() {
  const start = mark();
  const mod = await instantiateNow();
  measure('module', start);
  return mod;
}

async function instantiateNow() {
  if (typeof WebAssembly !== 'object') throw new AttnseqError('LOAD_FAILED', 'this JavaScript environment has no WebAssembly');
  let factory;
  try {
    ({ default: factory } = await import('../../dist/attnseq.js'));
  } catch (error) {
    throw new AttnseqError('LOAD_FAILED',
      `cannot import web/dist/attnseq.js (build it with scripts/build_wasm.sh): ${error instanceof Error ? error.message : error}`, { cause: error });
  }
  /** @type {import('../../dist/attnseq.js').AttnseqModuleOptions} */
  const options = {};
  const dir = assetUrl('wasm');
  if (isNode) {
    const { readFile } = await import('node:fs/promises');
    options.wasmBinary = await readFile(new URL('attnseq.wasm', /** @type {URL} */ (dir)));
  } else if (dir) {
    // attnseq.wasm where assets.js says (the glue's own guess is beside the glue, which a bundle moves)
    options.locateFile = (/** @type {string} */ file) => new URL(file, dir).href;
  }
  return factory(options);
}

export { isNode };
