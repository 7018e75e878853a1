// The animation clock: advances the playback store's `index` while `playing`, at `speed` steps per
// second (or, when no speed was chosen, at the run's pace: app/pace.js), never past the last step that
// has arrived; stops at the end of a finished run. It only touches UI state (the playback store); the
// run store is read.
import { stepsPerSecond } from './pace.js';

/** @typedef {{action: string, index?: number, speed?: number | 'auto'}} PlaybackAction */

/**
 * @param {{playback: ReturnType<import('../state/stores.js').createPlaybackStore>,
 *          run: ReturnType<import('../state/stores.js').createRunStore>}} stores
 */
export function createPlayer({ playback, run }) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const total = () => run.get().run?.steps.length ?? 0;
  const finished = () => run.get().run?.done ?? true;

  function tick() {
    timer = undefined;
    const p = playback.get();
    if (!p.playing) return;
    if (p.index < total() - 1) playback.set({ index: p.index + 1 });
    else if (finished()) { playback.set({ playing: false }); return; }
    schedule();
  }

  function schedule() {
    clearTimeout(timer);
    const p = playback.get();
    if (p.playing) timer = setTimeout(tick, 1000 / stepsPerSecond(p, run.get().run));
  }

  let prev = playback.get();
  playback.subscribe((p) => {
    if (p.playing && (!prev.playing || p.speed !== prev.speed || p.auto !== prev.auto)) schedule();
    if (!p.playing) { clearTimeout(timer); timer = undefined; }
    prev = p;
  });

  /**
   * Handles a playback action (the attnseq-playback event's detail).
   * @param {PlaybackAction} a
   */
  function act({ action, index, speed }) {
    const p = playback.get(), n = total();
    switch (action) {
      case 'toggle':
        if (p.playing) playback.set({ playing: false });
        else playback.set({ playing: true, index: p.index >= n - 1 && finished() ? -1 : p.index });
        break;
      case 'play': playback.set({ playing: true }); break;
      case 'pause': playback.set({ playing: false }); break;
      case 'next': playback.set({ playing: false, index: Math.min(n - 1, p.index + 1) }); break;
      case 'prev': playback.set({ playing: false, index: Math.max(-1, p.index - 1) }); break;
      case 'restart': playback.set({ index: -1, playing: true }); break;
      case 'end': playback.set({ playing: false, index: n - 1 }); break;
      case 'seek': playback.set({ playing: false, index: Math.max(-1, Math.min(n - 1, index ?? p.index)) }); break;
      case 'speed': playback.set(speed === 'auto' || speed === undefined ? { auto: true } : { speed, auto: false }); break;
      default: break;
    }
  }

  return { act, stop: () => { clearTimeout(timer); timer = undefined; } };
}

/**
 * Starts the animation of the next run once that run is in the run store. A run is put there only
 * after the engine answered (the model, the sentence split); asked to play before, the clock found no
 * run, or the previous one, at its end and "finished", and stopped: on a slow engine the first
 * translation then stayed at "before the first step". Returns a function that cancels the wait.
 * @param {{playback: ReturnType<import('../state/stores.js').createPlaybackStore>,
 *          run: ReturnType<import('../state/stores.js').createRunStore>}} stores
 */
export function playNextRun({ playback, run }) {
  const before = run.get().run;
  let waiting = true;
  const off = run.subscribe((s) => {
    if (!waiting || s.run === before) return;
    waiting = false;
    queueMicrotask(() => off());
    if (s.run) playback.set({ playing: true });
  });
  return () => { waiting = false; off(); };
}

/**
 * Keyboard shortcuts: Space or K play/pause, ←/→ step, Home restart, End last step. They work when the
 * focus is inside `scope`, or (page: the demo) anywhere on the page outside a control: on the page
 * itself after a click, a button (Space and Enter still press it) or an ordinary element. Keys typed
 * into form fields, menus, links, the heatmap's cells and the loop's rows keep their usual meaning.
 * @param {HTMLElement} scope
 * @param {(a: PlaybackAction) => void} act
 * @param {{page?: boolean}} [options]
 */
export function bindPlaybackKeys(scope, act, { page = false } = {}) {
  const target = page ? scope.ownerDocument : scope;
  target.addEventListener('keydown', (/** @type {Event} */ event) => {
    const e = /** @type {KeyboardEvent} */ (event);
    if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
    const el = /** @type {HTMLElement} */ (e.target);
    const tag = el.tagName;
    if (/^(INPUT|TEXTAREA|SELECT|SUMMARY|A)$/.test(tag) || el.isContentEditable) return;
    // a button keeps Space and Enter (they press it); arrows, Home, End and K mean nothing there, so the
    // focus left on Translate (or a playback button) still steps
    if (tag === 'BUTTON' && (e.key === ' ' || e.key === 'Enter')) return;
    if (el.closest?.('td[data-cell], [role=button], [data-step], [role=listbox], [role=slider], [role=menu]') && !(e.key === 'k' || e.key === 'K')) {
      if (e.key === ' ' || e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End' || e.key === 'Enter') return;
    }
    if (page && !(el === el.ownerDocument.body || el === el.ownerDocument.documentElement || scope.contains(el))) return;
    /** @type {Record<string, string>} */
    const map = { ' ': 'toggle', k: 'toggle', K: 'toggle', ArrowRight: 'next', ArrowLeft: 'prev', Home: 'restart', End: 'end' };
    const action = map[e.key];
    if (!action) return;
    e.preventDefault();
    act({ action });
  });
}
