// User Timing measures of the engine's phases: `attnseq:download` and `attnseq:sha256` (the model's
// bytes, in Translator.load), `attnseq:module` (the WebAssembly module imported, compiled and
// instantiated) and `attnseq:<method>` for the worker's requests of one per user action (load,
// translate, start …; not the per-token steps), and the page's `attnseq:source received` and
// `attnseq:steps received` of a streamed translation (app/run-stream.js). They show in the browser's performance panel, and the
// benchmark reads them to split a first visit (bench/compare/first_visit.mjs). Where User Timing is
// missing they record nothing.

const perf = typeof performance === 'object' && performance !== null && typeof performance.measure === 'function' ? performance : null;

/** A start time for measure() (ms, the realm's performance clock), or 0 without one. */
export function mark() {
  return perf ? perf.now() : 0;
}

/**
 * Records `attnseq:${name}` from `start` (mark()) to now.
 * @param {string} name
 * @param {number} start
 */
export function measure(name, start) {
  if (!perf) return;
  try {
    perf.measure(`attnseq:${name}`, { start, end: perf.now() });
  } catch {
    // an engine whose User Timing lacks the options form: no record
  }
}
