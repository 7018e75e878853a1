// The engine as the Translator sees it: one interface, two implementations.
//   LocalClient  (local-client.js)   core.js in this thread (Node, Web Workers, {worker: false})
//   WorkerClient (worker-client.js)  core.js in a Web Worker, behind the RPC of worker.js
// The async iterator of generate() is built on it in generation.js.

/**
 * @typedef {Object} EngineClient
 * @property {(method: string, args?: unknown[], transfer?: Transferable[], options?: {onProgress?: (p: {loaded: number, total: number | null}) => void, signal?: AbortSignal, supersede?: string}) => Promise<any>} call
 *   runs core.js's `method` (its answer is typed by the caller, who knows which method it asked for:
 *   `any`, as what crosses postMessage or a call by name is untyped); rejects with an AttnseqError (DISPOSED once closed, `failure` once failed);
 *   WorkerClient also serves worker.js's fetchLoad (the worker downloads the model) with its progress,
 *   cancels a request whose signal fires (in the worker too) and drops superseded translate() requests
 *   before they are sent; LocalClient runs every call at once (nothing to cancel or supersede)
 * @property {(method: string, args?: unknown[]) => void} send  the same, fire-and-forget (close, dispose)
 * @property {import('./errors.js').AttnseqError | null} failure  null while the engine works; then the
 *   error every call rejects with (WORKER_DIED; in-thread: the INTERNAL error of a crashed instance)
 * @property {Set<(error: import('./errors.js').AttnseqError) => void>} onFailure  called once, when it fails
 * @property {() => void} close  ends the client (the worker, for WorkerClient): later calls reject with
 *   DISPOSED; idempotent
 * @property {boolean} [apart]  calls run in another thread (WorkerClient): a generation asks for its
 *   next step while the caller is still handling this one
 */

export { LocalClient } from './local-client.js';
export { WorkerClient } from './worker-client.js';
