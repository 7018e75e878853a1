// <attnseq-score-compare>: the four score functions of RNN attention on one sentence, side by side:
// each model's attention matrix, its score formula with the numbers of the selected step (the scores
// the softmax turned into the weights, as the engine computed them), and its test BLEU overall and by
// English length.
/**
 * @typedef {Object} ScoreCard  one model (app/comparisons.js compareScores, with its label and test BLEU)
 * @property {string} kind       the score function: 'additive' | 'dot' | 'general' | 'scaled_dot'
 * @property {string} label
 * @property {string[]} source   pieces (shown marked where they continue a word: "ate" → "a", "·te"; the
 *                               engine's control pieces, `controls`, never)
 * @property {string[]} target   pieces, the same
 * @property {ArrayLike<number>[]} rows
 * @property {ArrayLike<number>[]} scores
 * @property {{overall: number|null, buckets: [string, number|null][]} | null} bleu
 * @property {string[]} [controls]
 * @typedef {Object} ScoreCompareData
 * @property {number} step          the step shown (0-based; clamped per model)
 * @property {ScoreCard[]} models
 * @property {string[]} missing     kinds the catalogue has no model for (named, not hidden)
 * @property {number} [headingLevel]  the cards' title level, 2–6 (default 3: under the section's h2)
 */
// events: attnseq-score-step {index} when a row (step) of a matrix is activated: the step of each card's
// own translation (the cards' models write different numbers of tokens, so it is not a step of the page's
// run; the matrices' attnseq-pick stops here).
import { View, define, h, pct, textWidth, fingerTargets, activeElementOf, beforePaint } from './dom.js';
import { pieceLabels, pieceText } from '../state/text.js';
import { t } from '../i18n/index.js';
import './heatmap.js';

/** @type {Record<string, string>} */
const FORMULAS = {
  additive: 'e_j = vᵀ tanh(W s + U h_j)', dot: 'e_j = s · h_j', general: 'e_j = sᵀ W h_j', scaled_dot: 'e_j = s · h_j / √d',
};
/** @type {Record<string, string>} */
const NAMES = { additive: 'sc.additive', dot: 'sc.dot', general: 'sc.general', scaled_dot: 'sc.scaled' };
// A heatmap's width in rem (components.css: cells 1.9rem + 0.125rem spacing, 2.75rem where fingers pick them;
// row labels monospace at 0.8rem with 0.4rem padding; .sc-card: 0.6rem padding and a 1px border each side).
const HEAT = { labelRem: 0.4 + 0.25, cardRem: 1.2 + 2 / 16, labelFont: '12.8px ui-monospace, Menlo, Consolas, monospace' };
const cellRem = () => (fingerTargets() ? 2.75 : 1.9) + 0.125;
const labelRem = (/** @type {string} */ label) => textWidth(pieceText(label), HEAT.labelFont) / 16;

/**
 * "Its scores run from lo to hi: a range of r", r from the rounded ends so that it adds up on screen.
 * @param {number[]} sc
 */
function rangeLine(sc) {
  const lo = Math.min(...sc).toFixed(2), hi = Math.max(...sc).toFixed(2);
  return h('p', { class: 'sc-range hint' }, t('sc.range', { lo, hi, range: (Number(hi) - Number(lo)).toFixed(2) }));
}

/** @extends {View<ScoreCompareData>} */
class ScoreCompare extends View {
  connectedCallback() {
    super.connectedCallback();
    if (this.picks) return;
    /** @type {(e: Event) => void} the attnseq-pick listener (a heatmap's: {index}), added once */
    this.picks = (e) => {
      e.stopPropagation();
      // the cards are drawn again for the new step: a cell picked from the keyboard keeps the focus
      const cell = /** @type {HTMLElement | null} */ (activeElementOf(this));
      const card = /** @type {HTMLElement | null} */ (cell?.closest?.('.sc-card'));
      /** @type {{kind?: string, r?: string, c?: string} | null} the cell to focus once drawn again */
      this.refocus = cell?.dataset.cell !== undefined && card ? { kind: card.dataset.kind, r: cell.dataset.r, c: cell.dataset.c } : null;
      this.emit('attnseq-score-step', { index: /** @type {CustomEvent<{index: number}>} */ (e).detail.index });
    };
    this.addEventListener('attnseq-pick', this.picks);
  }

  /** @param {ScoreCompareData | null} d */
  render(d) {
    this.replaceChildren();
    if (!d || !d.models?.length) {
      this.appendChild(h('p', { class: 'empty' }, d?.missing?.length ? t('sc.none') : t('view.empty')));
      return;
    }
    const grid = h('div', { class: 'sc-grid' });
    // Two cards a row only where every matrix fits its card whole: the grid's column minimum is the widest
    // matrix's width (rem, from components.css's heatmap sizes), so a long sentence gets one card a row on
    // a desktop instead of a matrix that scrolls. On a phone a card is the screen's width and scrolls.
    const cols = Math.max(...d.models.map((m) => pieceLabels(m.source, m.controls ?? []).length));
    const label = Math.max(...d.models.flatMap((m) => pieceLabels(m.target, m.controls ?? []).map(labelRem)));
    grid.style.setProperty('--sc-need', `${(HEAT.labelRem + label + cols * cellRem() + HEAT.cardRem).toFixed(2)}rem`);
    for (const m of d.models) {
      const i = Math.min(d.step, m.target.length - 1);
      const sc = Array.from(m.scores[i] ?? []), w = Array.from(m.rows[i] ?? []);
      const order = [...w.keys()].sort((a, b) => w[b] - w[a]).slice(0, 3);
      const controls = m.controls ?? [];
      // one label per piece (the rows and scores are the engine's, per piece)
      const src = pieceLabels(m.source, controls);
      const tgt = pieceLabels(m.target, controls);
      const heat = /** @type {import('./dom.js').View<import('./heatmap.js').HeatmapData>} */ (document.createElement('attnseq-heatmap'));
      heat.data = { rowLabels: tgt, colLabels: src, rows: m.rows, current: i, caption: t('sc.caption', { name: t(NAMES[m.kind]) }) };
      grid.appendChild(h('div', { class: 'sc-card', 'data-kind': m.kind },
        h(/** @type {'h2' | 'h3' | 'h4' | 'h5' | 'h6'} */ (`h${d.headingLevel ?? 3}`), {}, t(NAMES[m.kind])),
        h('p', { class: 'sc-formula' }, h('code', {}, FORMULAS[m.kind])),
        h('p', { class: 'sc-step' }, t('sc.step', { n: i + 1, token: pieceText(tgt[i] ?? '') })),
        // the spread of the step's scores: a softmax sees only their differences
        sc.length ? rangeLine(sc) : null,
        h('table', { class: 'sc-top', 'aria-label': t('fmt.labelled', { label: t(NAMES[m.kind]), value: t('sc.step', { n: i + 1, token: pieceText(tgt[i] ?? '') }) }) }, h('tbody', {}, order.map((j) => h('tr', {},
          h('th', { scope: 'row' }, pieceText(src[j] ?? '')), h('td', { class: 'num' }, `e = ${sc[j]?.toFixed(2) ?? '?'}`),
          h('td', { class: 'num' }, `α = ${pct(w[j])}`))))),
        heat,
        h('p', { class: 'sc-bleu hint' }, m.bleu ? t('sc.bleu', {
          overall: m.bleu.overall?.toFixed(1) ?? '?',
          // a bucket never breaks inside ("6‑10: 45.0"): non-breaking hyphen and space
          buckets: m.bleu.buckets.map(([b, v]) => t('fmt.labelled', { label: b.replace(/-/g, '\u2011'), value: v === null ? '?' : v.toFixed(1) }).replace(/ /g, '\u00a0')).join(' · '),
        }) : t('sc.noBleu'))));
    }
    this.appendChild(grid);
    const refocus = this.refocus;
    this.refocus = null;
    if (refocus) {
      beforePaint(() => {  // (the matrices draw themselves after this render)
        const td = /** @type {HTMLElement | null} */ (grid.querySelector(`.sc-card[data-kind="${refocus.kind}"] td[data-r="${refocus.r}"][data-c="${refocus.c}"]`));
        if (!td) return;
        for (const x of /** @type {NodeListOf<HTMLElement>} */ (/** @type {HTMLTableElement} */ (td.closest('table')).querySelectorAll('td[tabindex="0"]'))) x.tabIndex = -1;
        td.tabIndex = 0;
        td.focus({ preventScroll: true });
      });
    }
    if (d.missing?.length) this.appendChild(h('p', { class: 'hint' }, t('sc.missing', { list: d.missing.map((k) => t(NAMES[k])).join(', ') })));
  }
}

define('attnseq-score-compare', ScoreCompare);
