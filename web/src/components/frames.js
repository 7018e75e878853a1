// Frame timing, without the DOM (the app controller uses it in Node too).

/**
 * Runs fn before the next paint, when the page is laid out once for every reader of this frame (a
 * 16 ms timer where there are no frames, e.g. in Node).
 * @param {() => void} fn
 * @returns {{cancel: () => void}}
 */
export function beforePaint(fn) {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(() => fn());
    return { cancel: () => cancelAnimationFrame(id) };
  }
  const id = setTimeout(fn, 16);
  return { cancel: () => clearTimeout(id) };
}
