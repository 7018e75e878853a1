// The Core of this thread (engine/core.js): one WebAssembly module instance shared by the translators
// that run in-thread (index.js) and by the scripts and tests that ask the engine directly.
import { Core } from './core.js';

/** @type {Promise<Core> | null} */
let shared = null;
/** @type {Core | null} */
let sharedValue = null;
/**
 * The Core of this thread (one module instance shared by the translators that run in-thread). After
 * a crash (a trap), the next call starts a fresh instance: translators loaded then work again.
 */
export function sharedCore() {
  if (sharedValue && sharedValue.crashed) {
    shared = null;
    sharedValue = null;
    return (shared = Core.create({ fresh: true }).then(keep, drop));
  }
  if (!shared) shared = Core.create().then(keep, drop);
  return shared;
}

/** @param {Core} core */
function keep(core) {
  sharedValue = core;
  return core;
}

/** @param {unknown} error @returns {never} */
function drop(error) {
  shared = null;
  throw error;
}
