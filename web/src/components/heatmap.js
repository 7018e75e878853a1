// <attnseq-heatmap>: the alignment matrix as a table, one row per target token (query), one column
// per source token (key); the cell colour follows the weight, the value shows on hover and focus.
// Arrow keys move between cells (one cell is in the tab order at a time).
/**
 * @typedef {Object} HeatmapData
 * @property {string[]} rowLabels         pieces of the rows (target tokens)
 * @property {string[]} colLabels         pieces of the columns (source tokens)
 * @property {ArrayLike<number>[]} rows   weights, rows.length ≤ rowLabels.length (rows still to come are left out)
 * @property {number} current             highlighted row
 * @property {string} caption
 */
// events: attnseq-pick {index} when a row header is clicked, or Enter/Space is pressed on one of its cells.
import { View, define, h, s, scrollBox, activeElementOf } from './dom.js';
import { pieceText, hasCjk } from '../state/text.js';
import { pct, pctNumber } from './format.js';
import { t } from '../i18n/index.js';


// (one query list for every cell: a matchMedia() call per cell took 15 ms of a first visit's drawing)
const darkScheme = globalThis.matchMedia?.('(prefers-color-scheme: dark)') ?? null;
/**
 * Black or white text, whichever reads on the cell: the cell's colour blended over the card's white,
 * white when its relative luminance is below 0.179 (≥ 4.5:1 either way). The dark theme's cells lie
 * over a dark card: white always reads there (≥ 5.17:1).
 */
function textOn(/** @type {number} */ w) {
  if (darkScheme?.matches) return '#fff';
  const a = 0.04 + 0.96 * Math.min(1, Math.max(0, w));
  const lin = (/** @type {number} */ c) => { const v = (255 + a * (c - 255)) / 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  const lum = 0.2126 * lin(37) + 0.7152 * lin(99) + 0.0722 * lin(235);
  return lum < 0.179 ? '#fff' : '#000';
}

export const heatColor = (/** @type {number} */ w) => `rgba(37, 99, 235, ${(0.04 + 0.96 * Math.min(1, Math.max(0, w))).toFixed(3)})`;

/** @extends {View<HeatmapData>} */
class Heatmap extends View {
  #focus = [0, 0];

  connectedCallback() {
    super.connectedCallback();
    this.addEventListener('keydown', (e) => this.#key(e));
    this.addEventListener('focusin', (e) => this.#show(e.target));
    this.addEventListener('mouseover', (e) => this.#show(e.target));
    this.addEventListener('click', (e) => {
      const th = /** @type {HTMLTableCellElement | null | undefined} */ (/** @type {Element} */ (e.target).closest?.('th[data-row]'));
      if (th) this.emit('attnseq-pick', { index: Number(th.dataset.row) });
    });
  }

  /** @param {HeatmapData | null} d */
  render(d) {
    const hadFocus = this.contains(activeElementOf(this));
    this.replaceChildren();
    if (!d || !d.colLabels?.length) {
      this.appendChild(h('p', { class: 'empty' }, t('view.empty')));
      return;
    }
    // Chinese and Japanese labels stand upright in the vertical column headers (Latin ones are turned).
    const cols = d.colLabels.map(pieceText);
    const table = h('table', { class: 'heatmap' },
      h('caption', { class: 'sr-only' }, d.caption ?? ''),
      h('thead', {}, h('tr', {}, h('td', { class: 'corner' }),
        cols.map((c) => h('th', { scope: 'col' }, h('span', { class: hasCjk(c) ? 'cjk' : null }, c))))));
    const body = h('tbody');
    const [fr, fc] = this.#focus;
    d.rows.forEach((row, i) => {
      const label = pieceText(d.rowLabels[i] ?? '');
      const tr = h('tr', { class: i === d.current ? 'current' : null },
        h('th', { scope: 'row', 'data-row': i }, label));
      for (let j = 0; j < cols.length; j++) {
        const w = row[j] ?? 0;
        const on = i === Math.min(fr, d.rows.length - 1) && j === Math.min(fc, cols.length - 1);
        tr.appendChild(h('td', {
          class: 'cell', 'data-cell': '', 'data-r': i, 'data-c': j, tabindex: on ? 0 : -1,
          'aria-label': t('heatmap.cell', { row: label, col: cols[j], value: pct(w) }),
          style: { backgroundColor: heatColor(w), color: textOn(w) },
        }, w >= 0.095 ? pctNumber(w) : ''));
      }
      body.appendChild(tr);
    });
    table.appendChild(body);
    this.appendChild(scrollBox(table).wrap);
    this.appendChild(h('p', { class: 'readout', 'aria-live': 'polite' }, t('heatmap.hint')));
    if (hadFocus) /** @type {HTMLTableCellElement | null} */ (this.querySelector('td[tabindex="0"]'))?.focus({ preventScroll: true });
  }

  /** @param {EventTarget | null} target */
  #show(target) {
    const td = /** @type {Element} */ (target).closest?.('td[data-cell]');
    if (!td) return;
    const out = this.querySelector('.readout');
    if (out) out.textContent = td.getAttribute('aria-label');
  }

  /** @param {KeyboardEvent} e */
  #key(e) {
    const td = /** @type {HTMLTableCellElement | null | undefined} */ (/** @type {Element} */ (e.target).closest?.('td[data-cell]'));
    if (!td) return;
    let r = Number(td.dataset.r), c = Number(td.dataset.c);
    // Enter or Space picks the cell's row, as a click on its header does (the keyboard's way to a step)
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.emit('attnseq-pick', { index: r });
      return;
    }
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (e.key === 'Home') c = 0;
    else if (e.key === 'End') c = Infinity;
    else if (moves[e.key]) { r += moves[e.key][0]; c += moves[e.key][1]; } else return;
    e.preventDefault();
    const rows = this.querySelectorAll('tbody tr');
    r = Math.max(0, Math.min(rows.length - 1, r));
    const cells = /** @type {NodeListOf<HTMLTableCellElement>} */ (rows[r].querySelectorAll('td[data-cell]'));
    c = Math.max(0, Math.min(cells.length - 1, c));
    td.tabIndex = -1;
    cells[c].tabIndex = 0;
    cells[c].focus();
    this.#focus = [r, c];
  }

  /** The figure as a standalone <svg> (for export). */
  figure() { return this.data ? heatmapSVG(this.data) : null; }
}

/**
 * The heatmap drawn as SVG (export).
 * @param {HeatmapData} d
 */
export function heatmapSVG(d) {
  const cols = d.colLabels.map(pieceText), rows = d.rowLabels.slice(0, d.rows.length).map(pieceText);
  const cell = 28, left = 12 + 8 * Math.max(3, ...rows.map((r) => r.length)), top = 12 + 7 * Math.max(3, ...cols.map((c) => c.length));
  const width = left + cols.length * cell + 12, height = top + rows.length * cell + 12;
  const svg = s('svg', { class: 'fig fig-heatmap', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': d.caption ?? '' });
  cols.forEach((c, j) => svg.appendChild(s('text', {
    class: 'fig-label', transform: `translate(${left + j * cell + cell / 2 + 4} ${top - 6}) rotate(-60)`,
  }, c)));
  d.rows.forEach((row, i) => {
    svg.appendChild(s('text', { class: 'fig-label', x: left - 6, y: top + i * cell + cell / 2 + 4, 'text-anchor': 'end' }, rows[i]));
    for (let j = 0; j < cols.length; j++) {
      const w = row[j] ?? 0;
      svg.appendChild(s('rect', { x: left + j * cell, y: top + i * cell, width: cell - 1, height: cell - 1, fill: heatColor(w) },
        s('title', {}, t('fmt.labelled', { label: `${rows[i]} ← ${cols[j]}`, value: pct(w) }))));
    }
  });
  return svg;
}

define('attnseq-heatmap', Heatmap);
