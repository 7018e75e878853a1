// The widget views of the seed's argument (issue 30) that are not attention drawings, for
// <attnseq-attention view="…"> (widgets.js): paths (app/paths.js), interventions (app/interventions.js),
// memory (app/memory.js), ngram (app/ngram.js). Each fills its figure after a run; failures go to the note.
// showSeedView's promise settles once the figure is filled (or its failure noted): the widget is ready
// (data-ready, the attnseq-ready event) only then, so an author's page never sees an empty figure.
import { runPaths } from './paths.js';
import { bindInterventions, masksOf } from './interventions.js';
import { showMemory } from './memory.js';
import { bindNgram } from './ngram.js';

export const SEED_FIGURES = {
  paths: ['attnseq-paths', 'paths', null],
  interventions: ['attnseq-interventions', 'interventions', null],
  memory: ['attnseq-memory', 'memory', null],
  ngram: ['attnseq-ngram', 'ngram', null],
};

const ivs = new WeakMap();

/**
 * @param {any} w  the AttentionWidget (figureEl, note, controller, stores, t(), getAttribute())
 * @param {any} run
 * @param {string[]} notes  the notes so far (an unknown view …)
 * @returns {Promise<void>}
 */
export async function showSeedView(w, run, notes) {
  const fail = (e) => { w.note.textContent = [...notes, String(e?.message ?? e)].join(' '); };
  w.note.textContent = notes.join(' ');
  if (w.viewName === 'paths') {
    const { data, bad } = runPaths(run, w.controller.catalog?.models ?? [], w.getAttribute('from'), w.getAttribute('to'));
    w.figureEl.data = data;
    w.note.textContent = [...notes, ...bad.map((value) => w.t('paths.badToken', { value }))].join(' ');
  } else if (w.viewName === 'interventions') {
    if (!ivs.has(w)) ivs.set(w, bindInterventions(w.figureEl, w.controller, masksOf(w)));
    await ivs.get(w).show(run.model.id, run.text).catch(fail);
  } else if (w.viewName === 'memory') {
    await showMemory(w.figureEl, w.controller, run.model.id, run.text).catch(fail);
  } else if (w.viewName === 'ngram') {
    await bindNgram(w.figureEl, w.stores).catch(fail);
  }
}
