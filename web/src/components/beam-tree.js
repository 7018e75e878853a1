// <attnseq-beam-tree>: the hypotheses beam search kept and pruned at each step. One column per step;
// each candidate is a node (token, cumulative log-probability) linked to the hypothesis it extends.
// Kept candidates are solid, pruned ones faded, finished ones (ended by </s>) outlined; the path of
// the returned translation is highlighted.
//
// Every node is as wide as its token and score (tokens are never cut). A tree wider than its box
// wraps: the steps that do not fit continue in a band below, which starts with a faded copy of the
// previous step's nodes the new column grows from, so the edges stay readable; the figure is never
// scaled down. The exported figure (figure()) is the tree in one band.
/**
 * @typedef {import('../index.js').BeamCandidate} BeamCandidate
 * @typedef {Object} BeamData
 * @property {BeamCandidate[][]} trace
 * @property {number[]} best       token ids of the hypothesis shown
 * @property {number} [beamSize]   (RunOptions.beamSize: unset, 4)
 * @property {number} [upto]       last step drawn
 */
import { View, define, h, s, textWidth, watchWidth, scrollBox, rootScale, remSize } from './dom.js';
import { pieceText } from '../state/text.js';
import { t } from '../i18n/index.js';

// ROW: pitch of the rows; NODE_H: node height; GAP: room between columns for the edges; HEAD: the
// "step n" labels above each band; BAND_GAP: between bands; the node's inner padding is PAD_IN.
const ROW = 34, NODE_H = 26, GAP = 20, PAD = 12, HEAD = 18, BAND_GAP = 14, PAD_IN = 6, MIN_W = 44;
// The fonts of .beam-node text and .beam-score (components.css; export.js embeds the same sizes).
const MONO = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace';
const LABEL_FONT = `12px ${MONO}`, SCORE_FONT = `10px ${MONO}`;

/**
 * Indices (per step) of the candidates on the path of `best`, or [] when not found.
 * @param {BeamCandidate[][]} trace
 * @param {number[]} best
 * @returns {number[]}
 */
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

/**
 * The tree as an <svg>. `avail`: the width it may take (px); the steps wrap into bands to fit it
 * (Infinity: one band).
 * @param {BeamData} d
 * @param {number} [avail]
 */
export function beamSVG(d, avail = Infinity) {
  const steps = d.trace.slice(0, (d.upto ?? d.trace.length - 1) + 1);
  const limit = Math.max(2 * (d.beamSize || 4), 4);
  const shown = steps.map((cands) => {
    /** @type {number[]} */
    const idx = [];
    cands.forEach((c, i) => { if (c.kept || c.finished || idx.length < limit) idx.push(i); });
    return idx.slice(0, Math.max(limit, cands.filter((c) => c.kept || c.finished).length));
  });
  const path = bestPath(d.trace, d.best ?? []);
  // Node sizes from their text: label, a space, the score.
  const label = (/** @type {BeamCandidate} */ c) => pieceText(c.piece);
  const score = (/** @type {BeamCandidate} */ c) => c.score.toFixed(1);
  const nodeW = (/** @type {BeamCandidate} */ c) => Math.max(MIN_W, Math.ceil(PAD_IN + textWidth(label(c), LABEL_FONT) + 8 + textWidth(score(c), SCORE_FONT) + PAD_IN));
  const colW = shown.map((idx, st) => Math.max(MIN_W, ...idx.map((i) => nodeW(steps[st][i]))));
  // The faded copy of step st at the start of a band: the nodes step st + 1 grows from, labels only.
  const parentsOf = (/** @type {number} */ st) => new Set(shown[st + 1].map((i) => steps[st + 1][i].parent).filter((i) => shown[st].includes(i)));
  const ghostW = (/** @type {number} */ st) => Math.max(MIN_W, ...[...parentsOf(st)].map((i) => Math.ceil(2 * PAD_IN + textWidth(label(steps[st][i]), LABEL_FONT))));
  // Bands: runs of steps that fit `avail`; a band after the first starts with its parents' column.
  /** @type {{ghost: number, cols: number[], width: number, height: number}[]} */
  const bands = [];
  for (let st = 0; st < steps.length;) {
    const ghost = st > 0 ? st - 1 : -1;
    let w = PAD * 2 + (ghost >= 0 ? ghostW(ghost) : 0);
    const cols = [];
    const widthWith = (/** @type {number} */ c) => w + (cols.length || ghost >= 0 ? GAP : 0) + colW[c];
    while (st < steps.length && (cols.length === 0 || widthWith(st) <= avail)) {
      w = widthWith(st);
      cols.push(st++);
    }
    const rows = Math.max(1, ...cols.map((c) => shown[c].length), ghost >= 0 ? shown[ghost].length : 0);
    bands.push({ ghost, cols, width: w, height: HEAD + rows * ROW });
  }
  const width = Math.max(...bands.map((b) => b.width));
  const height = PAD * 2 + bands.reduce((sum, b) => sum + b.height, 0) + BAND_GAP * (bands.length - 1);
  const svg = s('svg', { class: 'fig fig-beam', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': t('beam.label') });
  let top = PAD;
  for (const band of bands) {
    /** @type {Map<number, number>} */
    const x = new Map(), w = (/** @type {number} */ st) => (st === band.ghost ? ghostW(st) : colW[st]);
    let left = PAD;
    for (const st of band.ghost >= 0 ? [band.ghost, ...band.cols] : band.cols) { x.set(st, left); left += w(st) + GAP; }
    const xOf = (/** @type {number} */ st) => /** @type {number} */ (x.get(st));  // (set for every step of the band)
    const pos = (/** @type {number} */ st, /** @type {number} */ i) => ({ x: xOf(st), y: top + HEAD + shown[st].indexOf(i) * ROW });
    if (band.ghost >= 0) {
      // the previous band's last step again, faded: only the nodes this band's first column grows from
      const st = band.ghost, parents = parentsOf(st);
      svg.appendChild(s('text', { class: 'fig-label beam-ghost', x: xOf(st) + w(st) / 2, y: top + 8, 'text-anchor': 'middle' }, t('beam.step', { n: st + 1 })));
      for (const i of shown[st]) {
        if (!parents.has(i)) continue;
        const c = steps[st][i], p = pos(st, i);
        // drawn as what it is (kept, on the returned path or not), only faded: not dashed like a pruned node
        svg.appendChild(s('g', { class: `beam-node beam-ghost kept${path[st] === i ? ' best' : ''}`, 'aria-hidden': 'true' },
          s('rect', { x: p.x, y: p.y, width: w(st), height: NODE_H, rx: 6 }),
          s('text', { class: 'beam-label', x: p.x + PAD_IN, y: p.y + 17 }, label(c))));
      }
    }
    for (const st of band.cols) {
      const cands = steps[st];
      svg.appendChild(s('text', { class: 'fig-label', x: xOf(st) + colW[st] / 2, y: top + 8, 'text-anchor': 'middle' }, t('beam.step', { n: st + 1 })));
      for (const i of shown[st]) {
        const c = cands[i], p = pos(st, i);
        const onPath = path[st] === i;
        if (st > 0 && c.parent >= 0 && x.has(st - 1) && shown[st - 1].includes(c.parent)) {
          const q = pos(st - 1, c.parent), qx = q.x + w(st - 1);
          svg.appendChild(s('path', {
            class: `beam-edge${c.kept || c.finished ? ' kept' : ''}${onPath && path[st - 1] === c.parent ? ' best' : ''}`,
            d: `M${qx} ${q.y + NODE_H / 2} C${qx + GAP / 2} ${q.y + NODE_H / 2} ${p.x - GAP / 2} ${p.y + NODE_H / 2} ${p.x} ${p.y + NODE_H / 2}`,
          }));
        }
        const cls = `beam-node${c.kept ? ' kept' : ''}${c.finished ? ' finished' : ''}${!c.kept && !c.finished ? ' pruned' : ''}${onPath ? ' best' : ''}`;
        svg.appendChild(s('g', { class: cls, 'data-step': st, 'data-cand': i },
          s('rect', { x: p.x, y: p.y, width: colW[st], height: NODE_H, rx: 6 }),
          s('text', { class: 'beam-label', x: p.x + PAD_IN, y: p.y + 17 }, label(c)),
          s('text', { class: 'beam-score', x: p.x + colW[st] - PAD_IN, y: p.y + 17, 'text-anchor': 'end' }, score(c)),
          s('title', {}, t(c.finished ? 'beam.finished' : c.kept ? 'beam.kept' : 'beam.pruned', { token: label(c), score: c.score.toFixed(2), logprob: c.logprob.toFixed(2) }))));
      }
    }
    top += band.height + BAND_GAP;
  }
  return svg;
}

/** @extends {View<BeamData>} */
class BeamTree extends View {
  /** @type {ReturnType<typeof watchWidth> | null} */
  #box = null;  // this element's width (watchWidth)

  connectedCallback() {
    super.connectedCallback();
    // The bands follow the box's width (a hidden panel has none until it is shown).
    this.#box = watchWidth(this, () => this.invalidate());
  }

  disconnectedCallback() { super.disconnectedCallback(); this.#box?.disconnect(); }

  /** @param {BeamData | null} d */
  render(d) {
    this.replaceChildren();
    if (!d || !d.trace?.length) {
      this.appendChild(h('p', { class: 'empty' }, t('beam.empty')));
      return;
    }
    // .fig-scroll only matters for a single step wider than the box (a very long token on a phone).
    // drawn in units of a 16 px root, shown at its size in rem (dom.js remSize): its room in those units
    this.appendChild(scrollBox(remSize(beamSVG(d, (this.#box?.width || Infinity) / rootScale()))).wrap);
    this.appendChild(h('ul', { class: 'legend' },
      h('li', { class: 'lg-kept' }, t('beam.lgKept')), h('li', { class: 'lg-pruned' }, t('beam.lgPruned')),
      h('li', { class: 'lg-finished' }, t('beam.lgFinished')), h('li', { class: 'lg-best' }, t('beam.lgBest'))));
  }

  /** The whole tree in one band (export). */
  figure() { return this.data ? beamSVG(this.data) : null; }
}

define('attnseq-beam-tree', BeamTree);
