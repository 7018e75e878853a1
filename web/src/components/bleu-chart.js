// <attnseq-bleu-chart>: BLEU by source sentence length, one bar group per length bucket and one bar
// per model (e.g. GRU without attention vs GRU with attention): the longer the sentence, the more
// a single fixed context vector loses.
//
// n: the test sentences a bar averages over, under the bucket's name when every bar of the bucket has the
// same n (the models of a pair share their test split), else under each bar. A bar over a handful says
// little: those under FEW are drawn pale, and a note says why.
/**
 * @typedef {Object} BleuSeries  one model's bars
 * @property {string} label
 * @property {(number|null)[]} values   BLEU per bucket
 * @property {(number|null)[]} [counts]  sentences per bucket
 * @property {number} [kind]   its colour: 0 no attention | 1 attention GRU | 2 Transformer | 3 other
 * @typedef {Object} BleuData
 * @property {string[]} buckets  '1-5', '6-10', …
 * @property {BleuSeries[]} series
 * @property {string} [source]   where the numbers come from, what they mean
 */
import { View, define, h, s } from './dom.js';
import { t } from '../i18n/index.js';

const W = 520, H = 256, L = 40, B = 52, T = 16, R = 10;
/** Fewer test sentences than this in a bar: drawn pale (its BLEU is unreliable). */
export const FEW = 30;

/** @param {BleuData} d */
export function bleuSVG(d) {
  const max = Math.max(10, ...d.series.flatMap((x) => x.values.filter((v) => v != null)));
  const top = Math.ceil(max / 10) * 10;
  const svg = s('svg', { class: 'fig fig-bleu', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': t('bleu.label') });
  const y = (/** @type {number} */ v) => T + (H - T - B) * (1 - v / top);
  for (let v = 0; v <= top; v += top / 5) {
    svg.appendChild(s('line', { class: 'grid', x1: L, x2: W - R, y1: y(v), y2: y(v) }));
    svg.appendChild(s('text', { class: 'fig-label', x: L - 6, y: y(v) + 4, 'text-anchor': 'end' }, String(Math.round(v))));
  }
  const gw = (W - L - R) / d.buckets.length, bw = Math.min(40, (gw - 16) / d.series.length);
  d.buckets.forEach((b, i) => {
    const x0 = L + i * gw + (gw - bw * d.series.length) / 2;
    const ns = new Set(d.series.filter((ser) => ser.values[i] != null).map((ser) => ser.counts?.[i] ?? null));
    const shared = ns.size === 1 ? [...ns][0] : null;  // one n for the whole bucket, or null: one per bar
    d.series.forEach((ser, k) => {
      const v = ser.values[i];
      if (v == null) return;
      const n = ser.counts?.[i];
      const few = n != null && n < FEW;
      svg.appendChild(s('rect', { class: `bar s${ser.kind ?? k}${few ? ' few' : ''}`, x: x0 + k * bw, y: y(v), width: bw - 3, height: y(0) - y(v) },
        s('title', {}, t('fmt.labelled', { label: `${ser.label}, ${b}`, value: `${v.toFixed(1)}${n ? ` (${t('bleu.sentences', { n })})` : ''}` }))));
      svg.appendChild(s('text', { class: 'fig-value', x: x0 + k * bw + (bw - 3) / 2, y: y(v) - 4, 'text-anchor': 'middle' }, v.toFixed(1)));
      if (n != null && shared == null) svg.appendChild(s('text', { class: `fig-n${few ? ' few' : ''}`, x: x0 + k * bw + (bw - 3) / 2, y: y(0) + 12, 'text-anchor': 'middle' }, t('bleu.n', { n })));
    });
    if (shared != null) svg.appendChild(s('text', { class: `fig-n${shared < FEW ? ' few' : ''}`, x: L + i * gw + gw / 2, y: y(0) + 12, 'text-anchor': 'middle' }, t('bleu.n', { n: shared })));
    svg.appendChild(s('text', { class: 'fig-label', x: L + i * gw + gw / 2, y: H - B + 30, 'text-anchor': 'middle' }, b));
  });
  svg.appendChild(s('text', { class: 'fig-label', x: L + (W - L - R) / 2, y: H - 4, 'text-anchor': 'middle' }, t('bleu.axis')));
  return svg;
}

/** @extends {View<BleuData>} */
class BleuChart extends View {
  /** @param {BleuData | null} d */
  render(d) {
    this.replaceChildren();
    if (!d || !d.series?.length) {
      this.appendChild(h('p', { class: 'empty' }, t('bleu.missing')));
      return;
    }
    this.appendChild(bleuSVG(d));
    this.appendChild(h('ul', { class: 'legend' }, d.series.map((ser, k) => h('li', { class: `lg-s${ser.kind ?? k}` }, ser.label))));
    // The same numbers as a table for screen readers. The table sits in a visually hidden box: a table
    // is as wide as its content whatever width it is given, and .sr-only on the table itself let its
    // 1,351 px of nowrap text widen the page; the box clips it.
    this.appendChild(h('div', { class: 'sr-only' }, h('table', {},
      h('caption', {}, t('bleu.label')),
      h('tr', {}, h('th', { scope: 'col' }, t('bleu.axis')), d.series.map((ser) => h('th', { scope: 'col' }, ser.label))),
      d.buckets.map((b, i) => h('tr', {}, h('th', { scope: 'row' }, b), d.series.map((ser) => h('td', {}, ser.values[i] == null ? '–'
        : ser.counts?.[i] != null ? `${ser.values[i].toFixed(1)} (${t('bleu.n', { n: ser.counts[i] })})` : ser.values[i].toFixed(1))))))));
    if (d.source) this.appendChild(h('p', { class: 'hint' }, d.source));
    const few = d.series.some((ser) => ser.values.some((v, i) => v != null && ser.counts?.[i] != null && ser.counts[i] < FEW));
    if (few) this.appendChild(h('p', { class: 'hint bleu-few' }, t('bleu.few', { few: FEW })));
  }
}

define('attnseq-bleu-chart', BleuChart);
