// A small observable store: get(), set(patch | fn), subscribe(fn) → unsubscribe. One store per
// concern (model, run, playback, view, options); no store knows about another.

/**
 * @template T
 * @typedef {Object} Store
 * @property {() => T} get
 * @property {(patch: Partial<T> | ((s: T) => Partial<T>)) => void} set  notifies only when a field changed
 * @property {(fn: (s: T) => void) => () => boolean} subscribe  calls fn now and on every change; → unsubscribe
 */

/**
 * @template T
 * @param {T} initial
 * @returns {Store<T>}
 */
export function createStore(initial) {
  let state = initial;
  const subs = new Set();
  return {
    /** @returns {T} */
    get: () => state,
    /** @param {Partial<T> | ((s: T) => Partial<T>)} patch */
    set(patch) {
      const p = typeof patch === 'function' ? patch(state) : patch;
      let changed = false;
      for (const k of /** @type {(keyof T)[]} */ (Object.keys(p))) if (state[k] !== p[k]) { changed = true; break; }
      if (!changed) return;
      state = { ...state, ...p };
      for (const fn of [...subs]) fn(state);
    },
    /** @param {(s: T) => void} fn  called now and on every change */
    subscribe(fn) {
      subs.add(fn);
      fn(state);
      return () => subs.delete(fn);
    },
  };
}
