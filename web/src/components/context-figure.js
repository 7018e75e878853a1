// <attnseq-context-figure>: where the decoder's information about the source comes from.
// Without attention, the encoder squeezes the whole sentence into one fixed vector c that every
// target step reads; with attention, each target step t builds its own context c_t from all the
// encoder states, weighted by that step's attention.
/**
 * @typedef {Object} ContextData
 * @property {string[]} source
 * @property {string[]} target   (pieces)
 * @property {ArrayLike<number>[] | null} rows  null: fixed context
 * @property {number | null} [current]
 * @property {string[]} [controls]  the model's control pieces: never marked as continuing a word; pieces
 *   that do are shown "·te"
 */
import { View, define, h, s, textWidth, scrollBox, watchWidth, rootScale, remSize } from './dom.js';
import { pieceLabels } from '../state/text.js';
import { t } from '../i18n/index.js';

const PITCH = 28, BOX = 22, PAD = 8;
const GAP_FULL = 90, MIN_GAP = 36;  // room for the lines on each side of the c boxes: less on a narrow screen

/**
 * @param {ContextData} d
 * @param {number} [room]  the width the figure has on screen (px): the gaps shrink so that it fits
 *                         unscaled (a scaled-down SVG shrinks its labels), down to MIN_GAP
 */
export function contextSVG(d, room = Infinity) {
  const src = pieceLabels(d.source, d.controls), tgt = pieceLabels(d.target, d.controls);
  const sw = Math.max(50, ...src.map((x) => textWidth(x) + 14)), tw = Math.max(50, ...tgt.map((x) => textWidth(x) + 14));
  const cw = 34;  // the c boxes' width
  const GAP = Math.max(MIN_GAP, Math.min(GAP_FULL, Math.floor((room - (PAD * 2 + sw + tw + cw)) / 2)));
  const n = Math.max(src.length, tgt.length, 1);
  const height = PAD * 2 + n * PITCH, midX = PAD + sw + GAP;
  const width = midX + cw + GAP + tw + PAD;
  const rows = d.rows, fixed = !rows;
  const svg = s('svg', { class: `fig fig-context${fixed ? ' fixed' : ''}`, viewBox: `0 0 ${width} ${height}`, width, height, role: 'img',
    'aria-label': fixed ? t('ctx.fixedLabel') : t('ctx.attnLabel') });
  const y = (/** @type {number} */ i, /** @type {number} */ count) => PAD + (i + 0.5) * ((n * PITCH) / count);
  const edges = s('g');
  svg.appendChild(edges);
  if (fixed) {
    const cy = PAD + (n * PITCH) / 2;
    src.forEach((_, j) => edges.appendChild(s('line', { class: 'fig-line', x1: PAD + sw, y1: y(j, src.length), x2: midX, y2: cy, 'stroke-width': 1.2, 'stroke-opacity': 0.5 })));
    tgt.forEach((_, i) => edges.appendChild(s('line', { class: 'fig-line ctx', x1: midX + cw, y1: cy, x2: midX + cw + GAP, y2: y(i, tgt.length), 'stroke-width': 1.5, 'stroke-opacity': 0.7 })));
    svg.appendChild(s('g', { class: 'ctx-box' }, s('rect', { x: midX, y: cy - 22, width: cw, height: 44, rx: 6 }),
      s('text', { x: midX + cw / 2, y: cy + 5, 'text-anchor': 'middle' }, 'c')));
  } else {
    tgt.forEach((_, i) => {
      const row = rows[i] ?? [];
      const cy = y(i, tgt.length);
      const cur = d.current == null || i === d.current;
      src.forEach((__, j) => {
        const w = row[j] ?? 0;
        if (w < 0.03) return;
        edges.appendChild(s('line', { class: `fig-line${cur ? ' current' : ''}`, x1: PAD + sw, y1: y(j, src.length), x2: midX, y2: cy,
          'stroke-width': (0.5 + 5 * w).toFixed(2), 'stroke-opacity': ((cur ? 0.2 : 0.05) + (cur ? 0.8 : 0.25) * w).toFixed(3) }));
      });
      edges.appendChild(s('line', { class: 'fig-line ctx', x1: midX + cw, y1: cy, x2: midX + cw + GAP, y2: cy, 'stroke-width': 1.5, 'stroke-opacity': 0.7 }));
      svg.appendChild(s('g', { class: 'ctx-box' }, s('rect', { x: midX, y: cy - BOX / 2, width: cw, height: BOX, rx: 5 }),
        s('text', { x: midX + cw / 2, y: cy + 4, 'text-anchor': 'middle', 'font-size': 12 }, `c${i + 1}`)));
    });
  }
  src.forEach((label, j) => svg.appendChild(s('g', { class: 'fig-token fig-src' },
    s('rect', { x: PAD, y: y(j, src.length) - BOX / 2, width: sw, height: BOX, rx: 5, 'fill-opacity': 0.15 }),
    s('text', { x: PAD + sw / 2, y: y(j, src.length) + 4.5, 'text-anchor': 'middle' }, label))));
  tgt.forEach((label, i) => svg.appendChild(s('g', { class: `fig-token fig-tgt${i === d.current ? ' current' : ''}` },
    s('rect', { x: midX + cw + GAP, y: y(i, tgt.length) - BOX / 2, width: tw, height: BOX, rx: 5 }),
    s('text', { x: midX + cw + GAP + tw / 2, y: y(i, tgt.length) + 4.5, 'text-anchor': 'middle' }, label))));
  return svg;
}

/** @extends {View<ContextData>} */
class ContextFigure extends View {
  /** @type {ReturnType<typeof watchWidth> | null} */
  #box = null;  // this element's width (watchWidth): the figure is drawn to fit it, and again when it changes

  connectedCallback() {
    super.connectedCallback();
    this.#box = watchWidth(this, () => this.invalidate());
  }

  disconnectedCallback() { super.disconnectedCallback(); this.#box?.disconnect(); }

  /** @param {ContextData | null} d */
  render(d) {
    this.replaceChildren();
    if (!d || !d.source?.length) {
      this.appendChild(h('p', { class: 'empty' }, t('view.empty')));
      return;
    }
    // drawn in units of a 16 px root, shown at its size in rem (dom.js remSize): its room in those units
    this.appendChild(scrollBox(remSize(contextSVG(d, (this.#box?.width || Infinity) / rootScale()))).wrap);
    this.appendChild(h('p', { class: 'hint' }, d.rows ? t('ctx.attnHint') : t('ctx.fixedHint')));
  }

  figure() { return this.data ? contextSVG(this.data) : null; }
}

define('attnseq-context-figure', ContextFigure);
