// <attnseq-work-counter>: multiply-adds per decoder step with the key/value cache and without it
// (the Transformer decoder then recomputes the whole prefix at every step), up to the current step.
/**
 * @typedef {Object} WorkData  (app/views.js bindWork: the work store's state and the step shown)
 * @property {number[]} cached
 * @property {number[]} uncached
 * @property {number} index
 * @property {number} [hypotheses]  beam search's beam size: the figures are per hypothesis (the engine's step
 *   records share a beam step's work among the hypotheses it ran), said under the chart
 */
import { View, define, h, s } from './dom.js';
import { t, getLanguage } from '../i18n/index.js';

export const fmtMacs = (/** @type {number} */ n) => (n >= 1e9 ? `${(n / 1e9).toFixed(2)} G` : n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : String(Math.round(n)));
/** Chinese counts in 万 and 亿 (98.3 万, 4259 万), as Chinese prose writes them. */
const fmtWan = (/** @type {number} */ n) => (n >= 1e8 ? `${(n / 1e8).toFixed(2)} 亿` : n >= 1e6 ? `${Math.round(n / 1e4)} 万` : n >= 1e4 ? `${(n / 1e4).toFixed(1)} 万` : String(Math.round(n)));
/** A count of multiply-adds in the UI language ("983.0 k MAC", "98.3 万次乘加"). */
const macs = (/** @type {number} */ n) => t('work.macs', { v: getLanguage() === 'zh' ? fmtWan(n) : fmtMacs(n) });

/** @extends {View<WorkData>} */
class WorkCounter extends View {
  /** @param {WorkData | null} d */
  render(d) {
    this.replaceChildren();
    if (!d || !d.cached?.length) {
      this.appendChild(h('p', { class: 'empty' }, t('work.empty')));
      return;
    }
    const n = Math.min(d.index, d.cached.length - 1);
    const sum = (/** @type {number[]} */ a) => a.slice(0, n + 1).reduce((x, y) => x + y, 0);
    const totC = sum(d.cached), totU = sum(d.uncached);
    this.appendChild(h('dl', { class: 'work-totals' },
      // before the first step there is no "this step" (–)
      h('div', { class: 'w-cached' }, h('dt', {}, t('work.cached')), h('dd', {}, n < 0 ? '–' : macs(d.cached[n] ?? 0)), h('dd', { class: 'tot' }, t('work.total', { v: macs(totC) }))),
      h('div', { class: 'w-uncached' }, h('dt', {}, t('work.uncached')), h('dd', {}, n < 0 || d.uncached[n] == null ? '–' : macs(d.uncached[n])), h('dd', { class: 'tot' }, t('work.total', { v: macs(totU) }))),
      h('div', { class: 'w-ratio' }, h('dt', {}, t('work.ratio')), h('dd', {}, totC > 0 ? `${(totU / totC).toFixed(2)}×` : '–'))));
    // Bars at most 24 px wide: a short sentence's chart is as wide as its bars (no empty right part);
    // the steps are numbered under their pair of bars (every 2nd above 12 steps, every 5th above 25).
    const max = Math.max(...d.uncached, ...d.cached, 1), steps = d.cached.length;
    const bw = Math.min(24, 500 / steps / 2), W = Math.ceil(20 + steps * bw * 2), H = 134, base = H - 20;
    const every = steps > 25 ? 5 : steps > 12 ? 2 : 1;
    const svg = s('svg', { class: 'fig fig-work', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': t('work.chart'),
      style: { maxWidth: `${W / 16}rem` } });  // (rem: the chart grows with the page's root font size)
    for (let i = 0; i < steps; i++) {
      const x = 10 + i * bw * 2, on = i <= n;
      const bar = (/** @type {number} */ v, /** @type {'cached' | 'uncached'} */ k) => s('rect', {
        class: `bar ${k}${on ? '' : ' future'}`, x: x + (k === 'uncached' ? bw : 0), width: bw - 1,
        y: base - (base - 10) * (v / max), height: (base - 10) * (v / max),
      }, s('title', {}, t('work.bar', { n: i + 1, series: t(k === 'cached' ? 'work.withCache' : 'work.withoutCache'), v: macs(v) })));
      svg.appendChild(bar(d.cached[i], 'cached'));
      if (d.uncached[i] != null) svg.appendChild(bar(d.uncached[i], 'uncached'));
      if ((i + 1) % every === 0 || i === 0) {
        svg.appendChild(s('text', { class: `w-stepn${on ? '' : ' future'}`, x: x + bw, y: base + 14, 'text-anchor': 'middle', 'aria-hidden': 'true' }, String(i + 1)));
      }
    }
    svg.appendChild(s('line', { class: 'grid', x1: 0, x2: W, y1: base, y2: base }));
    this.appendChild(svg);
    if (d.hypotheses !== undefined && d.hypotheses > 1) this.appendChild(h('p', { class: 'hint w-beam' }, t('work.perHypothesis', { n: d.hypotheses })));
  }
}

define('attnseq-work-counter', WorkCounter);
