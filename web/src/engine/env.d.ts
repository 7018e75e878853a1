// The few names of other environments that web/src uses, declared here rather than taken from a lib:
// web/src is browser code (lib "dom"), and only engine/ touches Node or a worker's own scope, each
// time behind a run-time test. @types/node is not used: it would make Buffer, require, global, ...
// type-check anywhere in web/src, where they do not exist at run time. The "webworker" lib cannot be
// combined with "dom".

/** Node's process: module.js reads process.versions.node to tell Node from a browser. */
declare var process: { versions?: { node?: string } } | undefined;

/** worker.js: `self instanceof WorkerGlobalScope` tells a Web Worker (whose self it then uses as the
 *  members Window and the worker scope share: name, navigator, postMessage, close) from a page. */
declare var WorkerGlobalScope: { prototype: EventTarget; new (): EventTarget };

/** Node only (module.js, load.js, each behind isNode): the one function of node:fs/promises used. A
 *  Buffer is a Uint8Array. */
declare module 'node:fs/promises' {
  export function readFile(path: string | URL, options?: { signal?: AbortSignal }): Promise<Uint8Array>;
}
