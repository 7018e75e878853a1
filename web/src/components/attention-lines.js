// <attnseq-attention-lines>: the classic alignment figure. Source tokens on one row, target tokens on
// the other, a line between every pair whose thickness and opacity follow the attention weight.
// The current target token's lines are drawn strongly, earlier ones faintly. Narrow containers get
// the vertical layout (source column | target column).
/**
 * @typedef {Object} LinesData
 * @property {string[]} source    pieces (keys)
 * @property {string[]} target    pieces of the queries shown (target tokens, or source tokens for self-attention)
 * @property {(Float32Array | number[])[]} rows  one weight row per target token (length = source.length)
 * @property {number} current     highlighted target index
 * @property {string} caption     accessible name
 * @property {boolean} [showAll]  also draw the earlier rows (faint); default true
 * @property {boolean} [self]     self-attention: the queries are source tokens (named so for assistive tech)
 * @typedef {{x: number, y: number, w: number, h: number, label: string}} Box  a token's box
 */
// Under the figure, the highlighted token's three largest weights as text (what the lines' tooltips
// hold, readable without hovering: on a touch screen, tap a token).
// events: attnseq-pick {index} when a target token is activated.
import { View, define, h, s, textWidth, pct, watchWidth, beforePaint, scrollBox, activeElementOf, fingerTargets, rootScale, remSize } from './dom.js';
import { pieceText } from '../state/text.js';
import { t } from '../i18n/index.js';

const PAD = 10, GAP = 8, ROW_GAP = 120, V_GAP = 160;
// Token boxes are 44 px high where fingers pick them (dom.js fingerTargets).
let BOX_H = 24, V_PITCH = 30;

/** @param {string[]} labels @param {number} y @returns {Box[]} */
function layoutRow(labels, y) {
  let x = PAD;
  return labels.map((label) => {
    const w = Math.max(BOX_H === 44 ? 44 : 28, textWidth(label) + 14);  // a finger's 44 × 44 px where boxes are tapped
    const box = { x, y, w, h: BOX_H, label };
    x += w + GAP;
    return box;
  });
}

/** @param {Box[]} boxes @param {number} width */
function centerRow(boxes, width) {
  const used = boxes.length ? boxes[boxes.length - 1].x + boxes[boxes.length - 1].w - PAD : 0;
  const dx = Math.max(0, (width - 2 * PAD - used) / 2);
  for (const b of boxes) b.x += dx;
}

/**
 * Builds the figure's <svg> (also used for export).
 * @param {LinesData} d
 * @param {{vertical?: boolean, forExport?: boolean}} [how]
 */
export function linesSVG(d, { vertical = false, forExport = false } = {}) {
  BOX_H = !forExport && fingerTargets() ? 44 : 24;
  V_PITCH = BOX_H + 6;
  const src = d.source.map(pieceText), tgt = d.target.map(pieceText);
  /** @type {Box[]} */
  let sb, /** @type {Box[]} */ tb, /** @type {number} */ width, /** @type {number} */ height;
  if (vertical) {
    const colW = Math.max(60, ...src.map((x) => textWidth(x) + 14));
    const tcolW = Math.max(60, ...tgt.map((x) => textWidth(x) + 14));
    sb = src.map((label, i) => ({ x: PAD, y: PAD + i * V_PITCH, w: colW, h: BOX_H, label }));
    tb = tgt.map((label, i) => ({ x: PAD + colW + V_GAP, y: PAD + i * V_PITCH, w: tcolW, h: BOX_H, label }));
    width = PAD * 2 + colW + V_GAP + tcolW;
    height = PAD * 2 + Math.max(src.length, tgt.length, 1) * V_PITCH;
  } else {
    sb = layoutRow(src, PAD);
    tb = layoutRow(tgt, PAD + BOX_H + ROW_GAP);
    const end = (/** @type {Box[]} */ b) => (b.length ? b[b.length - 1].x + b[b.length - 1].w : 0);
    width = Math.max(end(sb), end(tb)) + PAD;
    centerRow(sb, width);
    centerRow(tb, width);
    height = PAD * 2 + BOX_H * 2 + ROW_GAP;
  }
  const svg = s('svg', {
    class: 'fig fig-lines', viewBox: `0 0 ${width} ${height}`, width, height,
    role: 'img', 'aria-label': d.caption ?? '',
  });
  const lines = s('g', { class: 'fig-lines-g' });
  svg.appendChild(lines);
  const showAll = d.showAll !== false;
  d.rows.forEach((row, i) => {
    if (!tb[i] || (!showAll && i !== d.current)) return;
    const cur = i === d.current;
    for (let j = 0; j < sb.length; j++) {
      const w = row[j] ?? 0;
      if (w < (cur ? 0.005 : 0.05)) continue;
      const a = sb[j], b = tb[i];
      const [x1, y1, x2, y2] = vertical
        ? [a.x + a.w, a.y + a.h / 2, b.x, b.y + b.h / 2]
        : [a.x + a.w / 2, a.y + a.h, b.x + b.w / 2, b.y];
      lines.appendChild(s('line', {
        class: cur ? 'fig-line current' : 'fig-line', x1, y1, x2, y2,
        'stroke-width': (0.6 + 7 * w).toFixed(2),
        'stroke-opacity': (cur ? Math.min(1, 0.12 + 0.95 * Math.sqrt(w)) : 0.08 + 0.3 * w).toFixed(3),
      }));
    }
  });
  const weights = d.rows[d.current];
  const tokenBox = (/** @type {Box} */ b, /** @type {string} */ cls, /** @type {string | null} */ title) => s('g', { class: cls },
    s('rect', { x: b.x, y: b.y, width: b.w, height: b.h, rx: 5 }),
    s('text', { x: b.x + b.w / 2, y: b.y + b.h / 2 + 4.5, 'text-anchor': 'middle' }, b.label),
    title ? s('title', {}, title) : null);
  sb.forEach((b, j) => {
    const w = weights ? weights[j] ?? 0 : 0;
    const g = tokenBox(b, 'fig-token fig-src', weights ? t('fmt.labelled', { label: b.label, value: pct(w) }) : b.label);
    /** @type {SVGRectElement} */ (g.firstChild).setAttribute('fill-opacity', weights ? (0.1 + 0.9 * w).toFixed(3) : '0.1');
    if (w > 0.45) g.classList.add('strong');
    g.dataset.weight = w.toFixed(3);
    svg.appendChild(g);
  });
  tb.forEach((b, i) => {
    const g = tokenBox(b, `fig-token fig-tgt${i === d.current ? ' current' : ''}`, null);
    g.dataset.index = String(i);
    svg.appendChild(g);
  });
  return svg;
}

/** @extends {View<LinesData>} */
class AttentionLines extends View {
  #vertical = false;
  /** @type {ReturnType<typeof watchWidth> | null} */
  #box = null;  // this element's width (watchWidth)

  connectedCallback() {
    super.connectedCallback();
    this.#box = watchWidth(this, () => this.invalidate());
    this.addEventListener('click', (e) => this.#pick(e));
    this.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') this.#pick(e);
    });
  }

  disconnectedCallback() { super.disconnectedCallback(); this.#box?.disconnect(); }

  /** @param {Event} e  a click, or Enter or Space */
  #pick(e) {
    const g = /** @type {SVGGElement | null | undefined} */ (/** @type {Element} */ (e.target).closest?.('.fig-tgt'));
    if (!g) return;
    e.preventDefault();
    this.emit('attnseq-pick', { index: Number(g.dataset.index) });
  }

  /** @param {LinesData | null} d */
  render(d) {
    const active = /** @type {Element & HTMLOrSVGElement} */ (activeElementOf(this));  // a target group (SVG) when focused here
    const focused = this.contains(active) ? active.dataset?.index : undefined;
    this.replaceChildren();
    if (!d || !d.source?.length) {
      this.appendChild(h('p', { class: 'empty' }, t('view.empty')));
      return;
    }
    // the figure is laid out in units of a 16 px root and shown rootScale() times as large (remSize):
    // the room it has, in those units
    const scale = rootScale();
    const avail = (this.#box?.width || 800) / scale;
    const horizontal = linesSVG(d, { vertical: false });
    const vertical = Number(horizontal.getAttribute('width')) > avail && avail < 640;
    this.#vertical = vertical;
    const svg = vertical ? linesSVG(d, { vertical: true }) : horizontal;
    // A row at most 15 % wider than its box is drawn to fit (text at 87 % or more) rather than opening
    // scrolled to its current token with the sentence's start cut off; not where fingers pick the boxes.
    const W = Number(svg.getAttribute('width'));
    remSize(svg, !vertical && W > avail && W <= avail * 1.15 && !fingerTargets() ? Math.floor(avail) / W : 1);
    // Interactive: the figure is a labelled group of buttons (an image may not hold controls).
    svg.setAttribute('role', 'group');
    svg.querySelectorAll('.fig-tgt').forEach((g) => {
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', t(d.self ? 'lines.query' : 'lines.target', { token: g.textContent }));
    });
    const { wrap, box: scroller } = scrollBox(svg);
    this.appendChild(wrap);
    // A figure wider than its box scrolls: keep the current token in view.
    const cur = svg.querySelector('.fig-tgt.current rect');
    if (cur) {
      beforePaint(() => {
        if (!scroller.isConnected || scroller.scrollWidth <= scroller.clientWidth) return;
        const k = svg.getBoundingClientRect().width / Number(svg.getAttribute('width'));  // user units → px
        const x = vertical ? 0 : k * (Number(cur.getAttribute('x')) + Number(cur.getAttribute('width')) / 2);
        scroller.scrollLeft = Math.max(0, x - scroller.clientWidth / 2);
      });
    }
    this.appendChild(h('p', { class: 'readout', 'aria-live': 'polite' }, readout(d)));
    if (focused !== undefined) /** @type {SVGGElement | null} */ (svg.querySelector(`.fig-tgt[data-index="${focused}"]`))?.focus({ preventScroll: true });
  }

  /** The figure as a standalone <svg> (for export). */
  figure() {
    const d = this.data;
    return d ? linesSVG(d, { vertical: this.#vertical, forExport: true }) : null;
  }
}

/**
 * The readout: "«devrais» attends to «should» 85%, «wear» 10%, …", as text and one span per item, so
 * that a line breaks between items, never inside one.
 * @param {LinesData} d
 */
function readout(d) {
  const row = d.rows[d.current];
  if (!row) return [''];
  const order = [...row.keys()].sort((a, b) => row[b] - row[a]).slice(0, 3);
  // each token quoted, so that a comma token reads «,» 21% and not ", , 21%"
  const items = order.map((j) => h('span', { class: 'ro-item' }, t('lines.item', { token: pieceText(d.source[j]), p: pct(row[j]) })));
  const [before, after] = t('lines.describe', { token: pieceText(d.target[d.current] ?? ''), list: '\u0000' }).split('\u0000');
  return [before, ...items.flatMap((x, k) => (k ? [t('lines.sep'), x] : [x])), after];
}

define('attnseq-attention-lines', AttentionLines);
