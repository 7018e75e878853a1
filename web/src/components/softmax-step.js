// <attnseq-softmax-step>: one attention step taken apart: a score per source token, the softmax
// that turns the scores into weights, and the weighted sum of the encoder states (the context).
// Scores are recovered from the weights as log α (softmax does not change when a constant is added
// to every score, so these are the model's scores up to that constant).
//
// data: { source: string[], weights: ArrayLike<number>, target: string, index: number }
import { View, define, h, pct } from './dom.js';
import { pieceText } from '../state/contract.js';
import { t } from '../i18n/index.js';

const COLORS = 8;

class SoftmaxStep extends View {
  render(d) {
    this.replaceChildren();
    if (!d || !d.source?.length) {
      this.appendChild(h('p', { class: 'empty' }, t('view.empty')));
      return;
    }
    const w = Array.from(d.weights, (x) => Math.max(x, 1e-9));
    const logs = w.map(Math.log);
    const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
    const scores = logs.map((x) => x - mean);
    const smax = Math.max(...scores.map(Math.abs), 1e-6);
    const exps = scores.map(Math.exp), z = exps.reduce((a, b) => a + b, 0);
    const target = pieceText(d.target);
    this.appendChild(h('p', { class: 'sm-title' }, t('sm.title', { n: d.index + 1, token: target })));
    const table = h('table', { class: 'sm-table' },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, t('sm.token')), h('th', { scope: 'col' }, t('sm.score')),
        h('th', { scope: 'col', class: 'exp' }, 'exp(e)'), h('th', { scope: 'col' }, t('sm.weight')))));
    const body = h('tbody');
    d.source.forEach((p, j) => {
      const neg = scores[j] < 0, bw = (50 * Math.abs(scores[j])) / smax;
      body.appendChild(h('tr', {},
        h('th', { scope: 'row' }, h('span', { class: `swatch c${j % COLORS}` }), pieceText(p)),
        h('td', { class: 'sm-score' }, h('div', { class: 'sm-cell' },
          h('span', { class: 'sbar' }, h('span', { class: `sfill${neg ? ' neg' : ''}`, style: neg ? { right: '50%', width: `${bw}%` } : { left: '50%', width: `${bw}%` } })),
          h('span', { class: 'num' }, scores[j].toFixed(2)))),
        h('td', { class: 'num exp' }, exps[j].toFixed(2)),
        h('td', { class: 'sm-w' }, h('div', { class: 'sm-cell' }, h('span', { class: 'bar' }, h('span', { class: 'fill', style: { width: `${100 * w[j]}%` } })), h('span', { class: 'num' }, pct(w[j]))))));
    });
    table.appendChild(body);
    table.appendChild(h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, 'Σ'), h('td'), h('td', { class: 'num exp' }, z.toFixed(2)), h('td', { class: 'num' }, '100%'))));
    this.appendChild(h('div', { class: 'fig-scroll' }, table));
    this.appendChild(h('p', { class: 'sm-formula' }, ...t('sm.formula').split('\n').map((line) => h('span', {}, line))));
    const sum = h('div', { class: 'sm-sum', role: 'img', 'aria-label': t('sm.sumLabel') });
    d.source.forEach((p, j) => {
      if (w[j] < 0.005) return;
      sum.appendChild(h('span', { class: `seg c${j % COLORS}`, style: { flexGrow: String(w[j]) }, title: `${pieceText(p)} ${pct(w[j])}` },
        w[j] > 0.08 ? pieceText(p) : ''));
    });
    this.appendChild(h('div', { class: 'sm-context' }, h('span', { class: 'sm-c' }, t('sm.context', { n: d.index + 1 })), sum));
  }
}

define('attnseq-softmax-step', SoftmaxStep);
