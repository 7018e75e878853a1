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

/** How long a visible page's frame may take before afterPaint() stops waiting for it (a frame of a busy
 * 2-core machine takes 100-200 ms; a tab hidden meanwhile is noticed at once, by its visibilitychange). */
const SLOW_FRAME_MS = 1000;

/**
 * Runs fn once the next frame has been painted (a task after that frame's animation callbacks); where no
 * frame comes (a hidden tab has none; Node has no frames at all) after 100 ms, and if the tab is hidden
 * while it waits, then.
 * @param {() => void} fn
 */
export function afterPaint(fn) {
  const doc = /** @type {Document | undefined} */ (globalThis.document);
  let done = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const onHidden = () => { if (doc?.visibilityState === 'hidden') go(); };
  const go = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    doc?.removeEventListener?.('visibilitychange', onHidden);
    setTimeout(fn, 0);
  };
  // A page that is shown gets its frame, however late; anything else (a hidden tab, a worker, Node) none.
  if (typeof requestAnimationFrame === 'function' && doc && doc.visibilityState !== 'hidden') {
    requestAnimationFrame(go);
    doc.addEventListener?.('visibilitychange', onHidden);
    timer = setTimeout(go, SLOW_FRAME_MS);
  } else {
    timer = setTimeout(go, 100);
  }
}

// The views' renders (components/dom.js View) run in a microtask after their data changed. A page may
// hold them for one frame (holdRenders): what it draws itself in the meantime (the translation's text)
// is painted without waiting for every figure and the style and layout of their new elements.
/** @type {(() => void)[] | null} renders waiting for the painted frame; null: none held */
let held = null;
/** @type {Promise<void>} resolves when the held renders have run */
let released = Promise.resolve();

/**
 * Runs a view's render: in a microtask, or after the next paint while renders are held.
 * @param {() => void} fn
 */
export function scheduleRender(fn) {
  if (held) held.push(fn);
  else queueMicrotask(fn);
}

/**
 * Holds the views' renders until the next frame has been painted (where there are frames; in Node it
 * does nothing). Its promise resolves when they have run (as rendersDone()'s).
 */
export function holdRenders() {
  if (held || typeof requestAnimationFrame !== 'function') return released;
  held = [];
  released = new Promise((resolve) => afterPaint(() => {
    const fns = /** @type {(() => void)[]} */ (held);
    held = null;
    for (const fn of fns) fn();
    resolve();
  }));
  return released;
}

/** Resolves when no render is held (at once when none is). */
export function rendersDone() {
  return held ? released : Promise.resolve();
}
