// The Compare section: the same sentence through the GRU without attention and the GRU with
// attention side by side (each with its context figure), the BLEU-by-length chart from
// docs/eval/<id>.json (written by train/report.py) and the KV-cache work counter (main.js).
import { h } from '../components/dom.js';
import { assetUrl } from '../assets.js';
import { t, onLanguageChange } from '../i18n/index.js';
import { comparePair, chartModels, isNoAttention, isAttentionRnn } from './models.js';
import { modelLabel, languageName } from './model-names.js';
import { statusOf } from './errors.js';
import { renderStatusInto } from './status-view.js';
import { typedPieces } from '../state/typed-pieces.js';

/** @template [D=unknown] @typedef {import('../components/dom.js').View<D>} View */
/** @typedef {import('./models.js').ModelEntry} ModelEntry */
/** @typedef {Awaited<ReturnType<import('./controller.js').AppController['translateWith']>>} Translation */

const BUCKETS = ['1-5', '6-10', '11-15', '16+'];
const EVAL_BASE = assetUrl('evals');

/**
 * BLEU chart data for the models of one language pair, from docs/eval/<id>.json.
 * @param {ModelEntry[]} models
 * @param {URL | null} [base]
 * @returns {Promise<import('../components/bleu-chart.js').BleuData | null>}
 */
export async function bleuData(models, base = EVAL_BASE) {
  /** @type {import('../components/bleu-chart.js').BleuSeries[]} */
  const series = [];
  if (!base) return null;
  // No attention first, then the attention GRU, the Transformer, then the rest (the convolutional encoder):
  // each rank its own colour (bleu-chart.js `kind`).
  const rank = (/** @type {ModelEntry} */ m) => (isNoAttention(m) ? 0 : isAttentionRnn(m) ? 1 : m.arch === 'transformer' ? 2 : 3);
  for (const m of [...models].sort((a, b) => rank(a) - rank(b))) {
    try {
      const res = await fetch(new URL(`${encodeURIComponent(m.id)}.json`, base));
      if (!res.ok) continue;
      const d = await res.json();  // (the report train/report.py writes; a field it lacks reads as null)
      const b = d.greedy?.buckets ?? {};
      series.push({ label: modelLabel(m), values: BUCKETS.map((k) => (b[k]?.bleu ?? null)), counts: BUCKETS.map((k) => b[k]?.segments ?? null), kind: rank(m) });
    } catch { /* no data for this model */ }
  }
  return series.length ? { buckets: BUCKETS, series, source: t('cmp.bleuSource') } : null;
}

/**
 * @param {HTMLElement} section
 * @param {import('./controller.js').AppController} controller
 * @param {import('../state/stores.js').Stores} stores
 */
export function setupCompare(section, controller, stores) {
  const grid = /** @type {HTMLElement} */ (section.querySelector('#compare-grid'));
  const button = /** @type {HTMLButtonElement} */ (section.querySelector('#compare-run'));
  const chart = /** @type {View<import('../components/bleu-chart.js').BleuData>} */ (section.querySelector('#bleu'));
  /** @type {[ModelEntry, ModelEntry] | null} */
  let pair = null, pairKey = '', /** @type {Translation[] | null} */ results = null, resultText = '', seq = 0;
  let error = '', errorCode = '';  // why the last comparison failed (shown until the next one starts)

  const currentText = () => stores.run.get().run?.text ?? /** @type {HTMLTextAreaElement|null} */ (section.ownerDocument.querySelector('#text'))?.value?.trim() ?? '';

  function render() {
    grid.replaceChildren();
    const info = stores.model.get().info;
    if (!pair) {
      button.hidden = true;
      grid.appendChild(h('p', { class: 'hint' }, info ? t('cmp.noPair', { src: languageName(info.src), tgt: languageName(info.tgt) }) : t('cmp.unavailable')));
      return;
    }
    button.hidden = false;
    if (error) {  // as the page's status line: the sentence in the UI language, the engine's message under it
      const p = h('p', { class: 'status', role: 'alert' });
      renderStatusInto(p, statusOf({ status: 'ready' }, { status: 'error', errorCode, error }));
      grid.appendChild(p);
    }
    // A comparison of another sentence than the one shown now is marked as such, not passed off as this one's.
    const stale = results && results.length && resultText !== currentText();
    grid.classList.toggle('stale', !!stale);
    if (stale) grid.appendChild(h('p', { class: 'note warn', role: 'status' }, t('cmp.stale', { text: resultText })));
    for (const [k, m] of pair.entries()) {
      const r = results?.[k];
      const fig = /** @type {View<import('../components/context-figure.js').ContextData>} */ (document.createElement('attnseq-context-figure'));
      const card = h('div', { class: 'compare-item' },
        h('h4', {}, modelLabel(m)),
        h('p', { class: 'translation small', 'data-compare': m.id }, r ? r.text : error ? t('cmp.failedCard') : results === null ? t('cmp.notRun') : '…'),
        fig);
      fig.data = r ? { source: typedPieces(r.sourceTokens, resultText), target: r.tokens.map((x) => x.piece), controls: [r.model.bos, r.model.eos], rows: k === 0 ? null : r.rows } : null;
      grid.appendChild(card);
    }
  }

  async function runCompare() {
    const text = currentText();
    if (!pair || !text) return;
    const my = ++seq;
    results = [];
    resultText = text;
    error = '';
    render();
    try {
      const out = [];
      for (const m of pair) out.push(await controller.translateWith(m.id, text));
      if (my === seq) results = out;
    } catch (e) {
      const err = /** @type {{message?: unknown, code?: string} | null | undefined} */ (e);  // (whatever was thrown)
      if (my === seq) { results = null; error = String(err?.message ?? e); errorCode = err?.code ?? 'INTERNAL'; }
    } finally {
      if (my === seq) render();
    }
  }

  // The button stays enabled (focus never falls out of it); a click while a comparison runs starts a new one.
  button.addEventListener('click', runCompare);
  // The first time the user scrolls the section into view (with a translation to compare), it runs by
  // itself. Not when it is merely visible on open: it loads two more models, which a first visit that
  // never looks at it should not download; not on keyboard focus either (scrollIntoView of a focused
  // control is not the user scrolling).
  let scrolled = false;
  addEventListener('wheel', () => { scrolled = true; }, { once: true, passive: true });
  addEventListener('touchmove', () => { scrolled = true; }, { once: true, passive: true });
  if ('IntersectionObserver' in globalThis) {
    const io = new IntersectionObserver((entries) => {
      if (!scrolled || !entries.some((e) => e.isIntersecting) || !pair || !stores.run.get().run?.done) return;
      io.disconnect();
      if (results === null) runCompare();
    });
    io.observe(section);
  }
  onLanguageChange(async () => {
    render();
    if (pair) chart.data = await bleuData(chartModels(controller.requireCatalog().models, pair[0].src, pair[0].tgt));
  });
  // The pair follows the selected model's language pair.
  stores.model.subscribe(async ({ models, info }) => {
    if (!models.length || !info) return;
    const key = `${info.src}>${info.tgt}`;
    if (key === pairKey) return;
    pairKey = key;
    pair = comparePair(controller.requireCatalog().models, info.src, info.tgt);
    results = null;
    error = '';
    render();
    chart.data = await bleuData(chartModels(controller.requireCatalog().models, info.src, info.tgt));
  });
  stores.run.subscribe(() => { if (results) render(); });
  render();
}
