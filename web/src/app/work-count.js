// The KV-cache counter's work count: after a Transformer run, the same tokens are decoded again
// without the cache, so that the counter shows the per-step work of both (multiply-accumulates).

/** @typedef {import('../state/stores.js').WorkState} WorkState */

/**
 * Decodes the run's tokens again without the KV cache and stores the per-step work of both.
 * Superseded (`current()` false) or failed: the counter stays as it was.
 * @param {import('../state/store.js').Store<WorkState>} work
 * @param {import('../index.js').Translator} tr
 * @param {import('../state/schema.js').Run} run
 * @param {AbortSignal} signal
 * @param {() => boolean} current  whether the run is still the newest
 */
export async function countWork(work, tr, run, signal, current) {
  const ids = run.steps.filter((x) => !x.end).map((x) => x.token.id);
  const cached = run.steps.map((x) => x.macs);
  const hypotheses = run.options.strategy === 'beam' ? run.options.beamSize ?? 1 : 1;
  work.set({ cached, uncached: [], hypotheses });
  try {
    /** @type {number[]} */
    const uncached = [];
    const gen = tr.generate(run.text, { strategy: 'greedy', kvCache: false, alternatives: 1, prefix: ids.length ? ids : undefined, signal });
    for await (const s of gen) {
      uncached.push(s.macs);
      if (uncached.length >= cached.length) break;
    }
    if (current()) work.set({ cached, uncached, hypotheses });
  } catch { /* superseded or failed: the counter stays empty */ }
}
