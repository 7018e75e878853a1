// <attnseq-memory>: the RNN's fading memory, measured by the engine (Translator.sensitivity(): each
// source token replaced by <unk>, the translation forced through again). For the no-attention GRU the
// change of its one fixed context vector, with the change of each bi-GRU direction's last state beside
// it; for attention models the mean change of each step's context. One row per source token.
//
// data: { model: entry or ModelInfo, source: string[], measure: 'fixed' | 'steps',
//         change: number[], forward: number[], backward: number[] } | null
import { View, define, h, focusableScroll } from './dom.js';
import { t } from '../i18n/index.js';
import { pct } from './format.js';
import { modelLabel } from '../app/model-names.js';

const bar = (v, max, cls) => h('span', { class: `mem-bar ${cls}`, style: { width: `${Math.max(0, Math.min(1, v / max)) * 6}rem` }, 'aria-hidden': 'true' });

class MemoryView extends View {
  render(d) {
    this.replaceChildren();
    if (!d || !d.change?.length) { this.appendChild(h('p', { class: 'empty' }, t('view.empty'))); return; }
    const fixed = d.measure === 'fixed';
    const series = [['change', fixed ? 'mem.context' : 'mem.context', 'c']];
    if (d.forward?.length) series.push(['forward', 'mem.forward', 'f'], ['backward', 'mem.backward', 'b']);
    const max = Math.max(1e-9, ...series.flatMap(([k]) => d[k]));
    this.appendChild(h('p', { class: 'mem-title' }, h('strong', {}, t(fixed ? 'mem.fixed' : 'mem.steps', { model: modelLabel(d.model) }))));
    if (fixed) {
      this.appendChild(h('p', { class: 'mem-firstlast', 'data-first': d.change[0], 'data-last': d.change.at(-1) },
        t('mem.firstLast', { first: pct(d.change[0]), last: pct(d.change.at(-1)) })));
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
