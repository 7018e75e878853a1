// <attnseq-softmax-step>: one attention step taken apart, with the numbers the engine computed:
// the score of every source token (the model's score function: additive, dot, general, scaled dot,
// or one Transformer head's q·k/√d), the softmax that turns the scores into weights, and the weighted
// sum of the vectors attention reads (the encoder states, or the head's values) that makes the
// context vector. Nothing here is recomputed from the weights: scores, weights and context are the
// step's crossScores, crossAttention and context; the vectors are the source's attentionValues.
/**
 * @typedef {Object} SoftmaxData
 * @property {false} [none]             (NoSoftmax: true)
 * @property {string} kind                'additive'|'dot'|'general'|'scaled_dot'|'multihead'
 * @property {number} layer               the head shown (RNN: 0, 0, 1, 1)
 * @property {number} head
 * @property {number} layers
 * @property {number} heads
 * @property {boolean} picked             the user chose the head (else the last layer's first)
 * @property {boolean} pickable           a layer/head picker is on the page (else a widget's attributes choose)
 * @property {number} index               the step
 * @property {string} target              the token it produced
 * @property {string} [targetLabel]       that token as the figures label it ("·ai" continues a word)
 * @property {string[][]} source          the source pieces of each row's group
 * @property {string[]} [labels]          the groups' labels, as the figures show them
 * @property {number[][]} [groups]        each group's source positions
 * @property {string[]} [pieceLabels]     each source piece's label, "·te" for one continuing a word
 * @property {Float32Array} scores   per source piece (S)
 * @property {Float32Array} weights  per source piece (S)
 * @property {Float32Array} context  the head's part of the context vector (C)
 * @property {{data: Float32Array, cols: number, from: number, to: number} | null} values  [S × cols]
 *   vectors, this head's columns [from, to)
 * @typedef {{none: true, index: number, target: string, targetLabel?: string}} NoSoftmax  a model without attention
 */
import { View, define, h, pct, scrollBox } from './dom.js';
import { pieceText } from '../state/text.js';
import { t } from '../i18n/index.js';

const COLORS = 8;
/** @type {Record<string, string>} */
const FORMULAS = {
  additive: 'e_j = vᵀ tanh(W s + U h_j)', dot: 'e_j = s · h_j', general: 'e_j = sᵀ W h_j',
  scaled_dot: 'e_j = s · h_j / √d', multihead: 'e_j = q · k_j / √d_h',
};

/** @type {Record<string, string>} */
const KINDS = { additive: 'sm.kindAdditive', dot: 'sm.kindDot', general: 'sm.kindGeneral', scaled_dot: 'sm.kindScaled' };

/** Diverging colour of a vector component relative to the largest magnitude m. @param {number} x @param {number} m */
function valueColor(x, m) {
  const a = Math.min(1, Math.abs(x) / (m || 1));
  return x >= 0 ? `rgba(37, 99, 235, ${a.toFixed(3)})` : `rgba(194, 65, 12, ${a.toFixed(3)})`;
}

/** @extends {View<SoftmaxData | NoSoftmax>} */
class SoftmaxStep extends View {
  /** @param {SoftmaxData | NoSoftmax | null} d */
  render(d) {
    this.replaceChildren();
    if (!d) {
      this.appendChild(h('p', { class: 'empty' }, t('view.empty')));
      return;
    }
    if (d.none === true) {
      this.appendChild(h('p', { class: 'empty' }, t('sm.none')));
      return;
    }
    const pieces = d.source.flat();
    const label = (/** @type {number} */ j) => d.pieceLabels?.[j] ?? pieceText(pieces[j] ?? '');
    const S = d.scores.length;
    const scores = Array.from(d.scores), w = Array.from(d.weights);
    // The score bars run from the lowest score to the highest: a softmax sees only differences (adding
    // one number to every score changes no weight), and scores far from zero (the additive score's 20-30)
    // would otherwise all look alike. A tick marks zero when it lies between them.
    const max = Math.max(...scores), min = Math.min(...scores), span = max - min;
    const at = (/** @type {number} */ e) => (span > 1e-9 ? (100 * (e - min)) / span : 100);
    const exps = scores.map((e) => Math.exp(e - max)), z = exps.reduce((a, b) => a + b, 0);
    this.appendChild(h('p', { class: 'sm-title' }, t('sm.title', { n: d.index + 1, token: d.targetLabel ?? pieceText(d.target) })));
    const where = d.kind === 'multihead'
      ? t(d.picked ? 'sm.head' : d.pickable ? 'sm.headDefault' : 'sm.headDefaultAttrs', { layer: d.layer + 1, head: d.head + 1, heads: d.heads })
      : t(KINDS[d.kind] ?? 'sm.kindAdditive');
    this.appendChild(h('p', { class: 'sm-formula' }, h('code', {}, FORMULAS[d.kind] ?? ''), ' ', h('span', { class: 'hint' }, where)));
    const table = h('table', { class: 'sm-table', 'aria-label': t('sm.tableLabel') },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, t('sm.token')), h('th', { scope: 'col' }, t('sm.score')),
        h('th', { scope: 'col', class: 'exp' }, 'exp(e_j − max)'), h('th', { scope: 'col' }, t('sm.weight')))));
    const body = h('tbody');
    for (let j = 0; j < S; j++) {
      const zero = min < 0 && max > 0 ? h('span', { class: 'szero', style: { left: `${at(0)}%` } }) : null;
      body.appendChild(h('tr', {},
        h('th', { scope: 'row' }, h('span', { class: `swatch c${j % COLORS}` }), label(j)),
        h('td', { class: 'sm-score' }, h('div', { class: 'sm-cell' },
          h('span', { class: 'sbar' }, h('span', { class: `sfill${scores[j] < 0 ? ' neg' : ''}`, style: { left: '0', width: `${at(scores[j])}%` } }), zero),
          h('span', { class: 'num' }, scores[j].toFixed(2)))),
        h('td', { class: 'num exp' }, exps[j].toFixed(3)),
        h('td', { class: 'sm-w' }, h('div', { class: 'sm-cell' }, h('span', { class: 'bar' }, h('span', { class: 'fill', style: { width: `${100 * w[j]}%` } })), h('span', { class: 'num' }, pct(w[j]))))));
    }
    table.appendChild(body);
    const total = w.reduce((a, b) => a + b, 0);
    table.appendChild(h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, 'Σ'), h('td'), h('td', { class: 'num exp' }, z.toFixed(3)), h('td', { class: 'num' }, pct(total)))));
    this.appendChild(scrollBox(table).wrap);
    this.appendChild(h('p', { class: 'sm-formula' }, ...t(d.kind === 'multihead' ? 'sm.formulaHead' : 'sm.formula').split('\n').map((line) => h('span', {}, line))));
    this.appendChild(this.#context(d, label, w));
  }

  /**
   * c = Σ_j α_j v_j: the vectors as rows of coloured cells (labelled by label(j)), their weights, and the context row.
   * @param {SoftmaxData} d
   * @param {(j: number) => string} label
   * @param {number[]} w
   */
  #context(d, label, w) {
    const block = h('div', { class: 'sm-ctx-block' }, h('p', { class: 'sm-c' }, t(d.kind === 'multihead' ? 'sm.contextHead' : 'sm.context', { n: d.index + 1 })));
    if (!d.values) return block;
    const { data, cols, from, to } = d.values;
    const C = to - from, S = w.length;
    let m = 0;
    for (let j = 0; j < S; j++) for (let c = from; c < to; c++) m = Math.max(m, Math.abs(data[j * cols + c]));
    for (const x of d.context) m = Math.max(m, Math.abs(x));
    const cell = Math.max(2, Math.min(12, Math.floor(480 / C)));
    const grid = h('div', { class: 'sm-vectors', role: 'img', 'aria-label': t('sm.vectorsLabel', { n: S, dims: C }) });
    /** @param {string} text @param {string} weight @param {(c: number) => number} get @param {string} [cls] */
    const row = (text, weight, get, cls = '') => h('div', { class: `sm-vrow ${cls}` },
      h('span', { class: 'sm-vlabel' }, text), h('span', { class: 'num sm-vw' }, weight),
      h('span', { class: 'sm-vcells' }, Array.from({ length: C }, (_, c) => h('span', {
        class: 'sm-vcell', style: { width: `${cell / 16}rem`, backgroundColor: valueColor(get(c), m) },
      }))));
    for (let j = 0; j < S; j++) grid.appendChild(row(label(j), `× ${pct(w[j])}`, (c) => data[j * cols + from + c], w[j] > 0.3 ? 'strong' : ''));
    grid.appendChild(row(`c${d.index + 1}`, '=', (c) => d.context[c], 'sm-ctx'));
    block.appendChild(scrollBox(grid).wrap);
    block.appendChild(h('p', { class: 'hint' }, t('sm.vectorsHint', { dims: C })));
    return block;
  }
}

define('attnseq-softmax-step', SoftmaxStep);
