// <attnseq-interventions>: attention is not explanation, tested. The reader switches source tokens off
// (removed from every cross-attention softmax) and, for a Transformer, decoder cross-attention heads
// (their context zeroed); the engine decodes again with them masked (app/interventions.js). The table
// sets, token by token, the attention the original translation put on what was switched off beside
// what switching it off did: the token's probability when the original translation is forced through
// the masked model, and what the masked model writes freely.
/**
 * @typedef {import('../index.js').HeadRef} HeadRef
 * @typedef {Object} InterventionsData
 * @property {string[]} source
 * @property {{layers: number, heads: number} | null} heads  null: the GRU's one attention
 * @property {boolean} hasAttention
 * @property {number[]} sourceMask
 * @property {HeadRef[]} headMask
 * @property {{tokens: string[], probabilities: number[], text: string, rows: ArrayLike<number>[]}} original
 * @property {{probabilities: (number | null)[]} | null} forced  the original translation forced through the masked
 *   model (a probability is null where that run's token differs: its last, free one)
 * @property {{tokens: string[], text: string} | null} free
 * @property {boolean} pending
 * @property {string | null} error
 */
// Emits attnseq-mask {sourceMask, headMask} when a switch changes.
import { View, define, h, focusableScroll } from './dom.js';
import { t } from '../i18n/index.js';
import { pct } from './format.js';

/** @extends {View<InterventionsData>} */
class Interventions extends View {
  /** @param {InterventionsData | null} d */
  render(d) {
    this.replaceChildren();
    if (!d || !d.original) { this.appendChild(h('p', { class: 'empty' }, t('view.empty'))); return; }
    if (!d.hasAttention) { this.appendChild(h('p', { class: 'iv-none' }, t('iv.noAttention'))); return; }
    const masked = new Set(d.sourceMask);
    /**
     * @param {string} label
     * @param {boolean} on
     * @param {() => void} flip
     * @param {import('./dom.js').Attrs} [extra]
     */
    const toggle = (label, on, flip, extra = {}) => h('button', { type: 'button', class: `iv-switch${on ? ' off' : ''}`, 'aria-pressed': String(on), onclick: flip, ...extra }, label);
    this.appendChild(h('div', { class: 'iv-group', role: 'group', 'aria-label': t('iv.sourceGroup') },
      h('span', { class: 'iv-label', 'aria-hidden': 'true' }, t('iv.sourceGroup')),
      d.source.map((x, j) => toggle(x, masked.has(j), () => this.#emit(d, flipList(d.sourceMask, j), d.headMask), { 'data-pos': j }))));
    const heads = d.heads ?? { layers: 1, heads: 1 };
    const isOff = (/** @type {number} */ l, /** @type {number} */ k) => d.headMask.some((x) => x.layer === l && x.head === k);
    const headRows = [];
    for (let l = 0; l < heads.layers; l++) {
      headRows.push(h('div', { class: 'iv-heads' }, Array.from({ length: heads.heads }, (_, k) => toggle(
        d.heads ? t('iv.head', { layer: l + 1, head: k + 1 }) : t('iv.gruAttention'), isOff(l, k),
        () => this.#emit(d, d.sourceMask, isOff(l, k) ? d.headMask.filter((x) => !(x.layer === l && x.head === k)) : [...d.headMask, { layer: l, head: k }]),
        { 'data-layer': l, 'data-head': k }))));
    }
    this.appendChild(h('div', { class: 'iv-group', role: 'group', 'aria-label': t(d.heads ? 'iv.headGroup' : 'iv.gruGroup') },
      h('span', { class: 'iv-label', 'aria-hidden': 'true' }, t(d.heads ? 'iv.headGroup' : 'iv.gruGroup')), headRows));
    const none = !d.sourceMask.length && !d.headMask.length;
    const summary = d.error ? d.error : none ? t('iv.nothingOff') : d.pending ? t('iv.pending')
      : d.free ? t(d.free.text === d.original.text ? 'iv.same' : 'iv.changed', { text: d.free.text }) : '';
    this.appendChild(h('p', { class: 'iv-summary', role: 'status' }, summary));
    this.appendChild(focusableScroll(this.#table(d, masked, none), t('iv.caption')));  // (narrow screens scroll it)
  }

  /**
   * @param {InterventionsData} d
   * @param {Set<number>} masked
   * @param {boolean} none
   */
  #table(d, masked, none) {
    const o = d.original;
    const rows = o.tokens.map((tok, i) => {
      const row = o.rows[i];
      let on = 0;
      if (row) for (const j of masked) on += row[j] ?? 0;
      const pf = d.forced?.probabilities[i];
      const free = d.free?.tokens[i];
      const moved = pf != null && Math.abs(pf - o.probabilities[i]) >= 0.1;
      return h('tr', { class: moved ? 'moved' : '' },
        h('th', { scope: 'row' }, tok), h('td', {}, pct(o.probabilities[i])),
        h('td', { class: 'iv-attn' }, none || !masked.size ? '–' : pct(on)),
        h('td', {}, none || pf == null ? '–' : pct(pf)),
        h('td', { class: free != null && free !== tok ? 'diff' : '' }, none || d.free == null ? '–' : free ?? '∅'));
    });
    const extra = d.free && !none ? d.free.tokens.slice(o.tokens.length) : [];
    for (const tok of extra) rows.push(h('tr', {}, h('th', { scope: 'row' }, '∅'), h('td', {}, '–'), h('td', {}, '–'), h('td', {}, '–'), h('td', { class: 'diff' }, tok)));
    return h('table', { class: 'iv-table' },
      h('caption', {}, t('iv.caption')),
      h('thead', {}, h('tr', {}, ['iv.colToken', 'iv.colP', 'iv.colAttn', 'iv.colForced', 'iv.colFree'].map((k) => h('th', { scope: 'col' }, t(k))))),
      h('tbody', {}, rows));
  }

  /**
   * @param {InterventionsData} d
   * @param {number[]} sourceMask
   * @param {HeadRef[]} headMask
   */
  #emit(d, sourceMask, headMask) {
    this.emit('attnseq-mask', { sourceMask: [...sourceMask].sort((a, b) => a - b), headMask });
  }
}

const flipList = (/** @type {number[]} */ list, /** @type {number} */ x) => (list.includes(x) ? list.filter((y) => y !== x) : [...list, x]);

define('attnseq-interventions', Interventions);
