// A text box as tall as its text (up to `maxLines` lines, then it scrolls): a 25-word sentence is read
// whole on a phone instead of through a two-line slit. It follows typing, the box's width (a rotated
// phone) and text a script puts in (an example sentence, a link's text).
import { beforePaint } from '../components/frames.js';

/**
 * @param {HTMLTextAreaElement} box
 * @param {{maxLines?: number}} [options]
 * @returns {() => void} fit: measures again (before the next paint)
 */
export function autosize(box, { maxLines = 12 } = {}) {
  const measure = () => {
    const cs = getComputedStyle(box);
    const line = parseFloat(cs.lineHeight) || 1.4 * parseFloat(cs.fontSize);
    const frame = parseFloat(cs.borderTopWidth) + parseFloat(cs.borderBottomWidth);
    const pad = parseFloat(cs.paddingTop) + parseFloat(cs.paddingBottom);
    box.style.height = 'auto';  // (its rows) to measure the text's own height
    const want = box.scrollHeight + frame;
    box.style.height = `${Math.min(want, maxLines * line + pad + frame)}px`;
  };
  // Measured before the next paint, once however many changes came in the meantime: measuring lays the
  // page out, and text set while the page builds (a link's, an example's) would lay out the page each
  // time (on a first visit 135 ms of forced layout in here: docs/benchmarks.md).
  /** @type {{cancel: () => void} | null} */
  let queued = null;
  const fit = () => {
    queued ??= beforePaint(() => { queued = null; measure(); });
  };
  box.addEventListener('input', fit);
  let width = 0;
  new ResizeObserver(() => { if (box.clientWidth !== width) { width = box.clientWidth; fit(); } }).observe(box);
  // text set by a script fires no input event: the box's own value setter measures it too
  const proto = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value');
  const { get, set } = proto ?? {};
  if (set && get) {
    Object.defineProperty(box, 'value', {
      configurable: true,
      get() { return get.call(this); },
      /** @param {string} v */
      set(v) { set.call(this, v); fit(); },
    });
  }
  fit();
  return fit;
}
