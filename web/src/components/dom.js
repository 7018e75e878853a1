// DOM helpers for the views. Text is only ever inserted as text nodes (never parsed as HTML).
import { onLanguageChange, t, withLanguage } from '../i18n/index.js';
import { beforePaint, scheduleRender } from './frames.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** @typedef {import('./dom-types.js').Attrs} Attrs @typedef {import('./dom-types.js').Child} Child (dom-types.d.ts) */

/**
 * h('button', {class: 'x', onclick: fn, 'aria-label': 'y'}, 'text', child)
 * Strings and numbers become text nodes; null/false children are skipped; `on*` keys add listeners.
 * @template {string} K  (a custom element's name gives an HTMLElement)
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  return /** @type {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement} */ (build(document.createElement(tag), attrs, children));
}

/**
 * Same as h() for SVG elements.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function s(tag, attrs = {}, ...children) {
  return build(/** @type {SVGElementTagNameMap[K]} */ (document.createElementNS(SVG_NS, tag)), attrs, children);
}

/** @template {HTMLElement | SVGElement} E @param {E} el @param {Attrs | null | undefined} attrs @param {Child[]} children @returns {E} */
function build(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v == null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'style' && typeof v === 'object') Object.assign(el.style, v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

/** @param {Element} el @param {readonly Child[]} children */
function append(el, children) {
  for (const c of children) {
    if (c == null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

/**
 * Base class of the views: set `.data` (a plain object of the contract), the element re-renders
 * once per microtask (or after the next paint while the page holds renders: frames.js holdRenders),
 * and again when the UI language changes. Subclasses implement render(data).
 * @template [D=unknown]  the view's data (a subclass says which: `@extends {View<HeatmapData>}`)
 */
export class View extends HTMLElement {
  /** @type {D | null} */
  #data = null;
  #queued = false;
  /** @type {(() => void) | null} */
  #unsub = null;

  get data() { return this.#data; }
  set data(v) { this.#data = v; this.invalidate(); }

  connectedCallback() {
    this.#unsub = onLanguageChange(() => this.invalidate());
    this.invalidate();
  }

  disconnectedCallback() { this.#unsub?.(); this.#unsub = null; }

  invalidate() {
    if (this.#queued) return;
    this.#queued = true;
    scheduleRender(() => {
      this.#queued = false;
      if (!this.isConnected) return;
      // A widget may set its own language on a wrapper: data-lang="zh".
      /** @type {HTMLElement | null} */
      const wrapper = this.closest('[data-lang]');
      withLanguage(wrapper?.dataset.lang ?? null, () => this.render(this.#data));
    });
  }

  /** Subclasses: draw `data` (may be null). @param {D | null} _data */
  render(_data) {}

  /** Dispatches a bubbling, composed CustomEvent. @param {string} type @param {unknown} detail */
  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }
}

/** Defines a custom element once (several bundles of the same module may load). @param {string} name @param {CustomElementConstructor} cls */
export function define(name, cls) {
  if (!customElements.get(name)) customElements.define(name, cls);
}

/**
 * The width of `el` (its clientWidth), kept by a ResizeObserver so that render() reads it without
 * forcing a layout (views that each read a size after the previous one wrote its DOM had the page laid
 * out once per view, per redraw). Before the observer's first report the width is 0. onChange(width)
 * runs when the width changes, not the height (a view's own height follows what it drew), at the next
 * frame: a redraw inside the observer's callback changes the height of `el`, which the observer cannot
 * deliver in the same frame, and the browser then dispatches "ResizeObserver loop completed with
 * undelivered notifications" as an error event on the page's window (a host page's error tracker sees it).
 * @param {HTMLElement} el
 * @param {(width: number) => void} onChange
 * @returns {{width: number, disconnect: () => void}}
 */
export function watchWidth(el, onChange) {
  /** @type {{cancel: () => void} | null} */
  let next = null;
  const box = { width: 0, disconnect: () => { ro.disconnect(); next?.cancel(); } };
  const ro = new ResizeObserver(() => {
    const w = el.clientWidth;  // the layout is up to date when the observer reports
    if (w === box.width) return;
    box.width = w;
    next?.cancel();
    next = beforePaint(() => { next = null; onChange(box.width); });
  });
  ro.observe(el);
  return box;
}

export { beforePaint };

/**
 * The focused element as seen from `el`'s tree: inside a widget's shadow root document.activeElement is
 * the host, so a view there asks its own root.
 * @param {Node} el
 * @returns {Element | null}
 */
export const activeElementOf = (el) => /** @type {Document | ShadowRoot} */ (el.getRootNode()).activeElement ?? null;

/** Where fingers pick targets (a touch screen or a phone-sized window): the same media query as the CSS's 44 px rules. */
export const fingerTargets = () => !!globalThis.matchMedia?.('(pointer: coarse), (max-width: 760px)').matches;

export const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

export { pct } from './format.js';  // (a module of its own: Node tests import it without a DOM)

/** @type {number | null} rootScale() of the current task */
let scaleNow = null;
/**
 * The root font size over the usual 16 px: the SVG figures are laid out in units of a 16 px root and
 * shown this many times as large (remSize), as the rest of the views' sizes are in rem. Read once per
 * task: reading a computed style after a view has changed the page makes the browser recompute the
 * style of everything changed since, and the views render one after another (on a first visit the
 * figures' renders spent 309 ms in here, each paying for the one before: bench/compare/first_visit.mjs,
 * docs/benchmarks.md).
 */
export function rootScale() {
  if (scaleNow === null) {
    const px = parseFloat(globalThis.getComputedStyle?.(document.documentElement).fontSize ?? '');
    scaleNow = px > 0 ? px / 16 : 1;
    setTimeout(() => { scaleNow = null; }, 0);
  }
  return scaleNow;
}

/**
 * Shows an <svg> drawn in 16 px-root units (its width and height attributes) at its size in rem, so
 * that it grows and shrinks with the page's root font size like the text around it. `fit` (≤ 1) draws it
 * that much smaller. The attributes stay (an exported figure has its own size). The height follows the
 * width (the viewBox's ratio): a figure that CSS lets shrink to its box (max-width) keeps its shape.
 * @param {Element} svg
 * @param {number} [fit]
 */
export function remSize(svg, fit = 1) {
  const w = Number(svg.getAttribute('width'));
  const style = /** @type {SVGSVGElement} */ (svg).style;
  if (w > 0) { style.width = `${((w * fit) / 16).toFixed(4)}rem`; style.height = 'auto'; }
  return svg;
}

/** @type {CanvasRenderingContext2D | null} */
let ctx = null;
/**
 * A rough text width in px for layout of token boxes (canvas measure when available).
 * @param {string} text
 * @param {string} [font]
 */
export function textWidth(text, font = '13px system-ui, sans-serif') {
  ctx ??= document.createElement('canvas').getContext('2d');
  if (!ctx) return text.length * 8;
  ctx.font = font;
  return ctx.measureText(text).width;
}

// A figure wider than its box scrolls sideways; phones hide scroll bars, so an edge with more figure
// behind it fades out (class more-left / more-right) and a line under the figure says to scroll.
// One observer for every box: it follows the box's width and the figure's, and lets go of boxes that
// left the page.
// The marks are set at the next frame, not in the observer's callback (the hint line changes the
// height of the views around it: see watchWidth).
const marking = new Set();
const watcher = typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => {
  for (const e of entries) {
    const box = /** @type {HTMLElement} */ (e.target.classList.contains('fig-scroll') ? e.target : e.target.parentElement);
    if (!box?.isConnected) { watcher?.unobserve(e.target); continue; }
    if (!marking.size) beforePaint(() => { for (const b of marking) markOverflow(b); marking.clear(); });
    marking.add(box);
  }
}) : null;

/** @param {HTMLElement} box */
function markOverflow(box) {
  const left = box.scrollLeft > 1, right = box.scrollWidth - box.clientWidth - box.scrollLeft > 1;
  box.classList.toggle('more-left', left);
  box.classList.toggle('more-right', right);
  const hint = /** @type {HTMLElement | null} */ (box.nextElementSibling);
  if (hint?.classList.contains('scroll-hint')) hint.hidden = !(left || right);
}

/**
 * A sideways-scrolling box for a figure, with its "scroll" line: append `wrap`; `box` scrolls.
 * @param {Element} figure
 */
export function scrollBox(figure) {
  const box = h('div', { class: 'fig-scroll' }, figure);
  box.addEventListener('scroll', () => markOverflow(box), { passive: true });
  watcher?.observe(box);
  watcher?.observe(figure);
  const wrap = h('div', { class: 'fig-wrap' }, box, h('p', { class: 'scroll-hint hint', hidden: true }, t('fig.scrollMore')));
  return { wrap, box };
}

/**
 * scrollBox() for a figure or table that a keyboard must be able to scroll too: the box is a focusable
 * group named `label` (axe: scrollable-region-focusable). Returns the wrap to append.
 * @param {Element} figure
 * @param {string} label
 */
export function focusableScroll(figure, label) {
  const { wrap, box } = scrollBox(figure);
  box.tabIndex = 0;
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', label);
  return wrap;
}
