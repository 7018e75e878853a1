// The widget views of the seed's argument (issue 30) that are not attention drawings, for
// <attnseq-attention view="…"> (widgets.js): paths (app/paths.js), interventions (app/interventions.js),
// memory (app/memory.js), ngram (app/ngram.js). Each fills its figure after a run; failures go to the note.
// showSeedView's promise settles once the figure is filled (or its failure noted): the widget is ready
// (data-ready, the attnseq-ready event) only then, so an author's page never sees an empty figure.
import { runPaths } from './paths.js';
import { bindInterventions, masksOf } from './interventions.js';
import { showMemory } from './memory.js';
import { bindNgram } from './ngram.js';

/** @type {Record<string, [string, string, null]>} view attribute → [element, data-view name, no head picker] */
export const SEED_FIGURES = {
  paths: ['attnseq-paths', 'paths', null],
  interventions: ['attnseq-interventions', 'interventions', null],
  memory: ['attnseq-memory', 'memory', null],
  ngram: ['attnseq-ngram', 'ngram', null],
};

/** @type {WeakMap<object, ReturnType<typeof bindInterventions>>} widget → its interventions view's binding */
const ivs = new WeakMap();

/**
 * @param {import('../widgets.js').AttentionWidget} w  its figureEl, note, controller, stores, t(), getAttribute()
 * @param {import('../state/schema.js').Run} run
 * @param {string[]} notes  the notes so far (an unknown view …)
 * @returns {Promise<void>}
 */
export async function showSeedView(w, run, notes) {
  const { note, figureEl } = w;
  if (!note || !figureEl) return;  // (built at the widget's first connection, before any run)
  const fail = (/** @type {unknown} */ e) => {
    note.textContent = [...notes, String(/** @type {{message?: unknown} | null | undefined} */ (e)?.message ?? e)].join(' ');
  };
  note.textContent = notes.join(' ');
  if (w.viewName === 'paths') {
    const { data, bad } = runPaths(run, w.controller.catalog?.models ?? [], w.getAttribute('from'), w.getAttribute('to'));
    figureEl.data = data;
    note.textContent = [...notes, ...bad.map((value) => w.t('paths.badToken', { value }))].join(' ');
  } else if (w.viewName === 'interventions') {
    let iv = ivs.get(w);
    if (!iv) ivs.set(w, iv = bindInterventions(figureEl, w.controller, masksOf(w)));
    await iv.show(run.model.id, run.text).catch(fail);
  } else if (w.viewName === 'memory') {
    await showMemory(figureEl, w.controller, run.model.id, run.text).catch(fail);
  } else if (w.viewName === 'ngram') {
    await bindNgram(figureEl, w.stores).catch(fail);
  }
}
