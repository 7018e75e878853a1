// The engine's Web Workers of a page: each a WorkerClient over a module worker running
// engine/worker.js, started from a URL that works cross-origin; one started ahead of its first use
// (prewarm), and asked for what needs the engine but no model (the decoding options).
import { WorkerClient } from './worker-client.js';
import { assetUrl } from '../assets.js';

/** @type {WorkerClient | null} a worker started by prewarmWorker(), not yet taken by spawnWorker() */
let spare = null;
/** @type {WorkerClient | null} the last worker spawnWorker() handed out (askWorker() may use it while it lives) */
let latest = null;

/** A module worker running web/src/engine/worker.js (the prewarmed one when there is one). */
export function spawnWorker() {
  const ready = spare;
  spare = null;
  latest = ready && !ready.failure && !ready.closed ? ready : start();
  return latest;
}

/**
 * Starts a worker ahead of its first use: it loads its modules and compiles the WebAssembly module
 * while the page fetches its catalogue and model; the next spawnWorker() takes it. One at most.
 */
export function prewarmWorker() {
  if (!spare) spare = start();
}

/** Whether a worker can be started from here: not when these modules are data: URLs (single-file build). */
export function canStartWorker() {
  try {
    return assetUrl('worker') !== null;
  } catch {
    return false;
  }
}

/**
 * Calls core.js `method`, for what needs the engine but no model (the decoding options), in a worker
 * that is already there: the prewarmed one (a later spawnWorker() still takes it), else the last one
 * spawnWorker() handed out while it lives; only without either is one prewarmed. (A page whose model load
 * took the prewarmed worker first would otherwise start a second worker and compile twice.)
 * @param {string} method
 */
export function askWorker(method) {
  /** @param {WorkerClient | null} c */
  const live = (c) => (c && !c.failure && !c.closed ? c : null);
  const worker = live(spare) ?? live(latest);
  if (worker) return worker.call(method, []);
  prewarmWorker();
  return /** @type {WorkerClient} */ (spare).call(method, []);
}

function start() {
  // The worker holds a Web Lock of this name while it lives (see worker.js).
  const name = `attnseq-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const worker = new Worker(workerUrl(), { type: 'module', name });
  const client = new WorkerClient(worker, () => worker.terminate());
  client.lockName = name;
  return client;
}

/**
 * The URL to start worker.js from. A module worker cannot be started from another origin's URL: when
 * these modules were loaded cross-origin (widgets embedded from a CDN or another site), the worker
 * starts from a same-origin blob: module that imports worker.js (which needs CORS on that server).
 */
function workerUrl() {
  const url = /** @type {URL} */ (assetUrl('worker'));
  const here = globalThis.location?.origin;
  if (!here || url.origin === here || url.protocol === 'blob:' || url.protocol === 'data:') return url;
  const wrapper = new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' });
  return URL.createObjectURL(wrapper);
}
