// The demo page's own parts around the views: the model picker and status line, the panels that
// depend on the run (self-attention, beam, no attention, the n-best list), the sentence picker, the
// example sentences and the note on options not yet translated with.
import { t, onLanguageChange } from '../i18n/index.js';
import { EXAMPLES } from './examples.js';
import { hideOffer } from './lang-offer.js';
import { statusOf } from './errors.js';
import { modelLabel, modelDescription } from './model-names.js';
import { defaultQuery } from '../state/text.js';
import { renderStatusInto } from './status-view.js';
import { sameOptions } from './engine-options.js';
import { $, textBox } from './page-dom.js';

/** @typedef {import('./page-runs.js').Page} Page */
/** @typedef {import('./page-runs.js').PageRuns} PageRuns */

/** @param {Page} page */
export function renderModelPicker({ stores }) {
  const { models, modelId, offline } = stores.model.get();
  const modelSel = $('#model', HTMLSelectElement);
  modelSel.replaceChildren(...models.map((m) => {
    const o = new Option(offline && !offline.includes(m.id) ? t('app.needsNetwork', { model: modelLabel(m) }) : modelLabel(m), m.id);
    o.disabled = !!offline && !offline.includes(m.id);
    return o;
  }));
  if (modelId) modelSel.value = modelId;
}

/** @param {Page} page */
export function renderStatus({ stores }) {
  const m = stores.model.get(), r = stores.run.get();
  renderStatusInto($('#status'), statusOf(m, r));
  $('#translate', HTMLButtonElement).disabled = m.status !== 'ready';
  $('#model-desc').textContent = m.info ? modelDescription(m.info) : '';
}

/**
 * Binds the page's parts to the stores (and to a language switch).
 * @param {Page} page
 * @param {PageRuns} runs
 */
export function bindPanels(page, runs) {
  const { stores, controller } = page;
  stores.model.subscribe(() => renderModelPicker(page));
  stores.model.subscribe(() => renderStatus(page));
  stores.run.subscribe(() => renderStatus(page));

  // Panels that depend on the run
  /** @type {number | null} */
  let lastRunId = null;
  stores.run.subscribe(({ run }) => {
    if (run && run.id !== lastRunId && run.sourceTokens.length) {
      // Self-attention starts on "it" (or 它) when the sentence has it (the classic example), else the first token.
      lastRunId = run.id;
      stores.view.set({ query: defaultQuery(run.sourceTokens) });
    }
    $('#self-panel').hidden = !run?.encoderAttention;
    $('#beam-panel').hidden = !run?.beamTrace;
    const none = run?.model.attention === 'none';
    $('#noattn-panel').hidden = !none;
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-attention-only]'))) el.hidden = none;
    renderHypotheses();
  });
  // The n-best list, as many as the user asked for ("Hypotheses returned"), with what its score is.
  function renderHypotheses() {
    const { run } = stores.run.get();
    const hyps = run?.hypotheses ?? [];
    $('#hyp-note').textContent = hyps.length ? t('beam.nbest', { n: hyps.length, penalty: run?.options.lengthPenalty ?? '' }) : '';
    $('#hypotheses').replaceChildren(...hyps.map((x) => {
      const li = document.createElement('li');
      li.textContent = `${x.text}  (${x.score.toFixed(2)})`;
      return li;
    }));
  }
  onLanguageChange(renderHypotheses);

  // The sentences of the text: a picker when there are several; a note when the length limit cut one.
  function renderSentences() {
    const { sentences, selected } = stores.paragraph.get();
    const box = $('#sentences');
    box.hidden = sentences.length < 2;
    box.replaceChildren(...(sentences.length < 2 ? [] : sentences.map((x, k) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'sentence';
      b.setAttribute('aria-pressed', String(k === selected));
      b.append(Object.assign(document.createElement('span'), { className: 'n', textContent: String(k + 1) }), ` ${x.text}`);
      b.addEventListener('click', () => {
        if (k !== stores.paragraph.get().selected) runs.run(() => controller.selectSentence(k, { ...runs.options() }) ?? Promise.resolve(null));
      });
      return b;
    })));
    const cut = sentences.map((x, k) => (x.ended === false ? k + 1 : 0)).filter(Boolean);
    const note = $('#result-note');
    note.hidden = !cut.length;
    note.textContent = !cut.length ? '' : sentences.length > 1 ? t('app.cutSentences', { list: cut.join(', ') }) : t('app.cut');
  }
  stores.paragraph.subscribe(renderSentences);
  onLanguageChange(renderSentences);

  // The example sentences of the model's source language
  stores.model.subscribe(() => {
    const src = stores.model.get().info?.src ?? 'en';
    $('#examples').replaceChildren(...(EXAMPLES[src] ?? EXAMPLES.en).map((/** @type {string} */ text) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'example';
      b.textContent = text;
      b.addEventListener('click', () => { textBox().value = text; hideOffer($('#lang-offer')); runs.translateNow(); });
      return b;
    }));
  });

  // Options changed in the form but not yet translated with: say so under the form (the live region is
  // written only when that changes, so that a screen reader does not announce it at every keystroke).
  /** @type {boolean | null} */
  let pendingShown = null;
  const renderPending = (force = false) => {
    const { run } = stores.run.get(), note = $('#dec-pending');
    const pending = !!run?.done && !sameOptions(run.options, /** @type {import("../state/schema.js").RunOptions} */ (stores.options.get()), controller.optionTable ?? []);
    if (pending === pendingShown && !force) return;
    pendingShown = pending;
    note.hidden = !pending;
    note.textContent = pending ? t('dec.pending') : '';
  };
  stores.run.subscribe(() => renderPending());
  stores.options.subscribe(() => renderPending());
  onLanguageChange(() => renderPending(true));
}
