// <attnseq-beam-tree>: the hypotheses beam search kept and pruned at each step. One column per step;
// each candidate is a node (token, cumulative log-probability) linked to the hypothesis it extends.
// Kept candidates are solid, pruned ones faded, finished ones (ended by </s>) outlined; the path of
// the returned translation is highlighted.
//
// data: { trace: {parent, token, piece, logprob, score, kept, finished}[][], best: number[] (token ids
//         of the hypothesis shown), beamSize: number, upto?: number (last step drawn) }
import { View, define, h, s } from './dom.js';
import { pieceText } from '../state/contract.js';
import { t } from '../i18n/index.js';

const COL = 116, ROW = 34, NODE_W = 98, NODE_H = 26, PAD = 12;

/** Indices (per step) of the candidates on the path of `best`, or [] when not found. */
function bestPath(trace, best) {
  const last = best.length - 1;
  if (last < 0 || last >= trace.length) return [];
  for (let i = 0; i < trace[last].length; i++) {
    const path = [];
    let k = i;
    for (let u = last; u >= 0; u--) {
      const cand = trace[u][k];
      if (!cand || cand.token !== best[u]) break;
      path.unshift(k);
      k = cand.parent;
    }
    if (path.length === best.length) return path;
  }
  return [];
}

export function beamSVG(d) {
  const steps = d.trace.slice(0, (d.upto ?? d.trace.length - 1) + 1);
  const limit = Math.max(2 * (d.beamSize || 4), 4);
  const shown = steps.map((cands) => {
    const idx = [];
    cands.forEach((c, i) => { if (c.kept || c.finished || idx.length < limit) idx.push(i); });
    return idx.slice(0, Math.max(limit, cands.filter((c) => c.kept || c.finished).length));
  });
  const path = bestPath(d.trace, d.best ?? []);
  const rows = Math.max(1, ...shown.map((x) => x.length));
  const width = PAD * 2 + steps.length * COL, height = PAD * 2 + 18 + rows * ROW;
  const svg = s('svg', { class: 'fig fig-beam', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': t('beam.label') });
  const pos = (st, i) => ({ x: PAD + st * COL, y: PAD + 18 + shown[st].indexOf(i) * ROW });
  steps.forEach((cands, st) => {
    svg.appendChild(s('text', { class: 'fig-label', x: PAD + st * COL + NODE_W / 2, y: PAD + 8, 'text-anchor': 'middle' }, t('beam.step', { n: st + 1 })));
    for (const i of shown[st]) {
      const c = cands[i], p = pos(st, i);
      const onPath = path[st] === i;
      if (st > 0 && c.parent >= 0 && shown[st - 1].includes(c.parent)) {
        const q = pos(st - 1, c.parent);
        svg.appendChild(s('path', {
          class: `beam-edge${c.kept || c.finished ? ' kept' : ''}${onPath && path[st - 1] === c.parent ? ' best' : ''}`,
          d: `M${q.x + NODE_W} ${q.y + NODE_H / 2} C${q.x + NODE_W + 10} ${q.y + NODE_H / 2} ${p.x - 10} ${p.y + NODE_H / 2} ${p.x} ${p.y + NODE_H / 2}`,
        }));
      }
      const cls = `beam-node${c.kept ? ' kept' : ''}${c.finished ? ' finished' : ''}${!c.kept && !c.finished ? ' pruned' : ''}${onPath ? ' best' : ''}`;
      const label = pieceText(c.piece);
      svg.appendChild(s('g', { class: cls },
        s('rect', { x: p.x, y: p.y, width: NODE_W, height: NODE_H, rx: 6 }),
        s('text', { x: p.x + 6, y: p.y + 17 }, label.length > 9 ? label.slice(0, 8) + '…' : label),
        s('text', { class: 'beam-score', x: p.x + NODE_W - 5, y: p.y + 17, 'text-anchor': 'end' }, c.score.toFixed(1)),
        s('title', {}, t(c.finished ? 'beam.finished' : c.kept ? 'beam.kept' : 'beam.pruned', { token: label, score: c.score.toFixed(2), logprob: c.logprob.toFixed(2) }))));
    }
  });
  return svg;
}

class BeamTree extends View {
  render(d) {
    this.replaceChildren();
    if (!d || !d.trace?.length) {
      this.appendChild(h('p', { class: 'empty' }, t('beam.empty')));
      return;
    }
    this.appendChild(h('div', { class: 'fig-scroll' }, beamSVG(d)));
    this.appendChild(h('ul', { class: 'legend' },
      h('li', { class: 'lg-kept' }, t('beam.lgKept')), h('li', { class: 'lg-pruned' }, t('beam.lgPruned')),
      h('li', { class: 'lg-finished' }, t('beam.lgFinished')), h('li', { class: 'lg-best' }, t('beam.lgBest'))));
  }

  figure() { return this.data ? beamSVG(this.data) : null; }
}

define('attnseq-beam-tree', BeamTree);
