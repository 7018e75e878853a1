// <attnseq-memory>: the RNN's fading memory, measured by the engine (Translator.sensitivity(): each
// source token replaced by <unk>, the translation forced through again). For the no-attention GRU the
// change of its one fixed context vector, with the change of each bi-GRU direction's last state beside
// it; for attention models the mean change of each step's context. One row per source token.
import { View, define, h, focusableScroll } from './dom.js';
import { t } from '../i18n/index.js';
import { pct } from './format.js';
import { modelLabel } from '../app/model-names.js';

/**
 * @typedef {Object} MemoryData
 * @property {Parameters<typeof modelLabel>[0]} model  a catalogue entry or a ModelInfo
 * @property {string[]} source  the measured source tokens' labels
 * @property {string} measure   'fixed' | 'steps' (Sensitivity.measure)
 * @property {number[]} change
 * @property {number[]} forward
 * @property {number[]} backward
 */

/** @param {number} v @param {number} max @param {string} cls */
const bar = (v, max, cls) => h('span', { class: `mem-bar ${cls}`, style: { width: `${Math.max(0, Math.min(1, v / max)) * 6}rem` }, 'aria-hidden': 'true' });

/** @extends {View<MemoryData>} */
class MemoryView extends View {
  /** @param {MemoryData | null} d */
  render(d) {
    this.replaceChildren();
    if (!d || !d.change?.length) { this.appendChild(h('p', { class: 'empty' }, t('view.empty'))); return; }
    const fixed = d.measure === 'fixed';
    /** @type {['change' | 'forward' | 'backward', string, string][]} */
    const series = [['change', fixed ? 'mem.context' : 'mem.context', 'c']];
    if (d.forward?.length) series.push(['forward', 'mem.forward', 'f'], ['backward', 'mem.backward', 'b']);
    const max = Math.max(1e-9, ...series.flatMap(([k]) => d[k]));
    this.appendChild(h('p', { class: 'mem-title' }, h('strong', {}, t(fixed ? 'mem.fixed' : 'mem.steps', { model: modelLabel(d.model) }))));
    if (fixed) {
      const last = d.change[d.change.length - 1];  // (d.change is not empty)
      this.appendChild(h('p', { class: 'mem-firstlast', 'data-first': d.change[0], 'data-last': last },
        t('mem.firstLast', { first: pct(d.change[0]), last: pct(last) })));
    }
    const rows = d.change.map((_, j) => h('tr', {}, h('th', { scope: 'row' }, d.source[j] ?? String(j + 1)),
      series.map(([k, , cls]) => h('td', { 'data-series': k }, bar(d[k][j], max, cls), ' ', pct(d[k][j])))));
    const table = h('table', { class: 'mem-table' }, h('caption', {}, t('mem.table')),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('mem.colToken')), series.map(([, key]) => h('th', { scope: 'col' }, t(key))))),
      h('tbody', {}, rows));
    this.appendChild(focusableScroll(table, t('mem.table')));  // (narrow screens scroll it)
  }
}

define('attnseq-memory', MemoryView);
