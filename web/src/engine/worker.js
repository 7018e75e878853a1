// The Web Worker: runs core.js behind a tiny RPC so inference never blocks the page.
//   request  {id, method, args}                      (method: one of METHODS)
//   response {id, ok: true, value} | {id, ok: false, error: {code, message}}
// Requests are served one at a time, in order. The typed arrays of a response (attention matrices)
// are transferred, not copied. serve() also works on a MessagePort, which is how Node tests it.
import { Core } from './core.js';
import { serializeError } from './errors.js';

export const METHODS = ['load', 'translate', 'tokenize', 'start', 'step', 'close', 'dispose', 'memory', 'throwForTest'];

/**
 * @param {{postMessage: Function, addEventListener?: Function, onmessage?: any, start?: Function}} port
 * @param {() => Promise<Core>} createCore
 */
export function serve(port, createCore = Core.create) {
  let core = null;
  const onMessage = async (event) => {
    const { id, method, args } = event.data || {};
    try {
      if (!METHODS.includes(method)) throw new Error(`unknown method ${method}`);
      if (!core) core = createCore().catch((error) => { core = null; throw error; });  // started by the first request
      const engine = await core;
      const value = engine[method](...(args || []));
      port.postMessage({ id, ok: true, value }, transferables(value));
    } catch (error) {
      port.postMessage({ id, ok: false, error: serializeError(error) });
    }
  };
  if (typeof port.addEventListener === 'function') {
    port.addEventListener('message', onMessage);
    if (typeof port.start === 'function') port.start();
  } else {
    port.onmessage = onMessage;
  }
}

/** The distinct ArrayBuffers behind the typed arrays in a value (results hold Float32Arrays). */
export function transferables(value) {
  const out = new Set();
  const walk = (v) => {
    if (v === null || typeof v !== 'object') return;
    if (ArrayBuffer.isView(v)) {
      // Only buffers the view owns whole: never the WebAssembly memory or a caller's larger buffer.
      if (v.buffer instanceof ArrayBuffer && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength) out.add(v.buffer);
      return;
    }
    for (const key in v) walk(v[key]);
  };
  walk(value);
  return [...out];
}

// Started as a module worker: serve the page.
if (typeof WorkerGlobalScope !== 'undefined' && typeof self !== 'undefined' && self instanceof WorkerGlobalScope) serve(self);
