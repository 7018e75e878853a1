// A text of several sentences: the engine splits it (the models are trained on single sentences);
// the selected sentence streams into the run store for the views, every other one is translated for
// the output. The paragraph store holds the sentences and their translations.
import { confidenceSteps, lightStep } from './confidence.js';
import { errorFields } from './errors.js';
import { engineOptions } from './engine-options.js';
import { currentTranslator } from './model-choice.js';
import { translateRun } from './run-stream.js';

/** @typedef {import('./controller.js').AppController} AppController */
/** @typedef {import('../state/schema.js').Run} Run */
/** @typedef {import('../state/schema.js').RunOptions} RunOptions */

/** A paragraph's sentences are translated one by one: a page's worth at most. */
export const MAX_SENTENCES = 100;

/**
 * Translates a text of one or more sentences; sentence `selected` streams into the run store.
 * @param {AppController} ctl
 * @param {string} text
 * @param {RunOptions} options
 * @param {number} [selected]
 * @returns {Promise<Run | null>} the selected sentence's run; null when superseded
 */
export async function translateParagraph(ctl, text, options, selected = 0) {
  ctl.clearNotice();
  const paragraph = ctl.stores.paragraph;
  const my = ++ctl.paragraphs;
  const tr = await currentTranslator(ctl);
  const parts = await tr.sentences(text);
  if (my !== ctl.paragraphs) return null;
  if (parts.length > MAX_SENTENCES) {
    const e = Object.assign(new Error(`the text has ${parts.length} sentences; at most ${MAX_SENTENCES} are translated at a time`),
      { code: 'TOO_MANY_SENTENCES' });
    // Nothing of the previous text stays on screen (its run would still be playing under the error):
    // a run in progress stops, the views empty (the status line shows no detail under it: errors.js).
    clearTranslation(ctl, text);
    ctl.stores.run.set({ status: 'error', ...errorFields(e, { n: parts.length, max: MAX_SENTENCES }) });
    throw e;
  }
  if (!parts.length) parts.push({ text, span: [0, text.length] });
  selected = Math.min(Math.max(0, selected), parts.length - 1);
  paragraph?.set({ text, selected, sentences: parts.map((p) => ({ ...p, output: null, ended: null, steps: null })) });
  const run = await translateRun(ctl, parts[selected].text, options);
  if (!run || my !== ctl.paragraphs) return run;
  sentenceDone(ctl, selected, run.output, run.steps.at(-1)?.end ?? true, run.steps.map(lightStep));
  const table = await ctl.options();
  for (let i = 0; i < parts.length && paragraph; i++) {
    if (i === selected) continue;
    const r = await tr.translate(parts[i].text, engineOptions(options, table));
    if (my !== ctl.paragraphs) break;
    sentenceDone(ctl, i, r.text, r.finished, confidenceSteps(r));
  }
  return run;
}

/**
 * Takes the translation off the page: the run in progress stops, a paragraph being translated is dropped
 * (its remaining sentences are not translated), and the run and the paragraph's sentences are emptied, so
 * that nothing of an earlier text (its sentence picker, its output) stays under what replaces it.
 * @param {AppController} ctl
 * @param {string} [text]  the paragraph store's text (the text now in the box)
 */
export function clearTranslation(ctl, text = '') {
  ctl.abort?.abort();
  ctl.abort = null;
  ++ctl.paragraphs;
  ctl.stores.paragraph?.set({ text, selected: 0, sentences: [] });
  ctl.stores.run.set({ run: null, notice: null, status: 'idle', error: null });
}

/**
 * Shows sentence `index` of the paragraph in the views (its run streams into the run store).
 * @param {AppController} ctl
 * @param {number} index
 * @param {RunOptions} options
 */
export function selectSentence(ctl, index, options) {
  const paragraph = ctl.stores.paragraph;
  const p = paragraph?.get();
  if (!paragraph || !p?.sentences[index]) return null;
  paragraph.set({ selected: index });
  return translateRun(ctl, p.sentences[index].text, options);
}

/**
 * Re-decodes the current run from step `index` with token `id` instead of the one it took; the
 * sentence's translation is then this one.
 * @param {AppController} ctl
 * @param {number} index
 * @param {number} id
 */
export async function alternative(ctl, index, id) {
  const run = ctl.stores.run.get().run;
  if (!run) return null;
  const forced = [...run.steps.slice(0, index).map((x) => x.token.id), id];
  const { prefix: _, ...options } = run.options;
  const next = await translateRun(ctl, run.text, options, forced);
  const p = ctl.stores.paragraph?.get();
  if (next && p?.sentences[p.selected]?.text === run.text) sentenceDone(ctl, p.selected, next.output, next.steps.at(-1)?.end ?? true, next.steps.map(lightStep));
  return next;
}

/**
 * @param {AppController} ctl
 * @param {number} i
 * @param {string} output
 * @param {boolean} ended
 * @param {import('./confidence.js').ConfidenceStep[]} steps  its tokens' probabilities and guards (confidence.js)
 */
function sentenceDone(ctl, i, output, ended, steps) {
  const paragraph = ctl.stores.paragraph;
  if (!paragraph) return;
  paragraph.set({ sentences: paragraph.get().sentences.map((s, k) => (k === i ? { ...s, output, ended, steps } : s)) });
}
