// The demo's score-function section: on request (it loads up to four more models), the sentence shown
// through every RNN with attention of the selected language pair; the step follows the animation, or a
// row picked in a card (scoreStepper, shared with the widget's view="scores").
import { t, onLanguageChange } from '../i18n/index.js';
import { h } from '../components/dom.js';
import { assetUrl } from '../assets.js';
import { modelLabel, languageName } from './model-names.js';
import { SCORE_KINDS } from './models.js';
import { statusOf, errorFields } from './errors.js';
import { renderStatusInto } from './status-view.js';

const BUCKETS = ['1-5', '6-10', '11-15', '16+'];

/** @typedef {{overall: number | null, buckets: [string, number | null][]}} Bleu */
/** @typedef {import('./comparisons.js').ScoreComparison & {bleu: Bleu | null}} ScoreResult */

/** Test BLEU of a model (docs/eval/<id>.json), or null. @param {string} id @returns {Promise<Bleu | null>} */
async function bleuOf(id) {
  const base = assetUrl('evals');
  if (!base) return null;
  try {
    const res = await fetch(new URL(`${encodeURIComponent(id)}.json`, base));
    if (!res.ok) return null;
    const d = await res.json();  // (the report train/ writes; a field it lacks reads as null)
    return { overall: d.greedy?.bleu ?? null, buckets: BUCKETS.map((b) => /** @type {[string, number | null]} */ ([b, d.greedy?.buckets?.[b]?.bleu ?? null])) };
  } catch {
    return null;
  }
}

/**
 * The score-compare view's data for `text`: every RNN with attention of the current language pair,
 * its test BLEU, and the kinds the catalogue lacks.
 * @param {import('./controller.js').AppController} controller
 * @param {string} text
 * @returns {Promise<ScoreResult[]>}
 */
export async function scoreResults(controller, text) {
  const out = await controller.compareScores(text);
  const bleu = await Promise.all(out.map((r) => bleuOf(r.entry.id)));
  return out.map((r, k) => ({ ...r, bleu: bleu[k] }));
}

/**
 * @param {ScoreResult[]} results  @param {number} step
 * @returns {import('../components/score-compare.js').ScoreCompareData}
 */
export function scoreData(results, step) {
  const missing = SCORE_KINDS.filter((k) => !results.some((r) => r.kind === k));
  return { step, missing, models: results.map((r) => ({ ...r, label: modelLabel(r.entry) })) };
}

/**
 * The step the score cards show: the playback's (the page's or the widget's), or the row picked in a
 * card (a step of the cards' own translations) until the playback moves. The demo and the widget share it.
 * @param {HTMLElement} view   the <attnseq-score-compare> (its attnseq-score-step events)
 * @param {import('../state/stores.js').Stores['playback']} playback
 * @param {() => void} render
 */
export function scoreStepper(view, playback, render) {
  /** @type {number | null} */
  let picked = null;
  view.addEventListener('attnseq-score-step', (e) => { picked = /** @type {CustomEvent<{index: number}>} */ (e).detail.index; render(); });
  playback.subscribe(() => { picked = null; render(); });
  return { step: () => picked ?? Math.max(0, playback.get().index), reset: () => { picked = null; } };
}

/**
 * @param {HTMLElement} section
 * @param {import('./controller.js').AppController} controller
 * @param {import('../state/stores.js').Stores} stores
 */
export function setupScores(section, controller, stores) {
  const view = /** @type {import('../components/dom.js').View<import('../components/score-compare.js').ScoreCompareData>} */ (section.querySelector('attnseq-score-compare'));
  const button = /** @type {HTMLButtonElement} */ (section.querySelector('#scores-run'));
  /** @type {ScoreResult[] | null} */
  let results = null, seq = 0;
  let resultText = '';  // the sentence the cards are (being) computed for
  const stepper = scoreStepper(view, stores.playback, () => render());
  function render() {
    if (results) view.data = scoreData(results, stepper.step());
  }
  button.addEventListener('click', async () => {
    const text = stores.run.get().run?.text;
    if (!text) return;
    const my = ++seq;
    resultText = text;
    view.data = null;
    section.querySelector('.sc-status')?.remove();
    try {
      const out = await scoreResults(controller, text);
      if (my !== seq) return;
      results = out;
      stepper.reset();
      render();
    } catch (e) {
      if (my === seq) {  // as the page's status line: the sentence in the UI language, the engine's message under it
        const p = h('p', { class: 'status sc-status' });
        renderStatusInto(p, statusOf({ status: 'ready' }, { status: 'error', ...errorFields(e) }));
        section.appendChild(p);
      }
    }
  });
  // The cards belong to the sentence they were computed for: a translation of other text clears them
  // (the button computes them again), as a model switch does.
  stores.run.subscribe(({ run }) => {
    if (run && resultText && run.text !== resultText) {
      seq++; resultText = ''; results = null; stepper.reset(); view.data = null;
      section.querySelector('.sc-status')?.remove();
    }
  });
  // As the fixed-context comparison: where the language pair has no such models, no button, and why.
  const hint = h('p', { class: 'hint sc-nopair', hidden: true });
  button.after(hint);
  function offer() {
    const info = stores.model.get().info;
    const none = !!info && controller.scoreModels().length === 0;
    button.hidden = none;
    hint.hidden = !none;
    hint.textContent = none ? t('sc.noPair', { src: languageName(info.src), tgt: languageName(info.tgt) }) : '';
  }
  /** @type {string | null} */
  let modelId = null;
  stores.model.subscribe(({ modelId: id }) => {
    if (id !== modelId) { modelId = id; seq++; results = null; stepper.reset(); view.data = null; }  // (a comparison still running is dropped)
    offer();
  });
  onLanguageChange(offer);
}
