// Interventions (issue 30, item 4): the sentence decoded greedily as it is, then again with the source
// tokens and cross-attention heads the reader switched off (the engine's sourceMask and headMask
// decoding options): once freely (what the masked model writes) and once with the original translation
// forced (prefix), for the probability of each of its tokens under the mask. Shared by the widget
// (view="interventions") and the demo's section; the view is components/interventions.js.
import { pieceLabels } from '../state/text.js';
import { typedPieces } from '../state/typed-pieces.js';
import { tokenIndex } from './paths.js';

/** @typedef {import('../index.js').HeadRef} HeadRef */
/** @typedef {{sourceMask: number[], headMask: HeadRef[]}} Masks */
/** The view's data, and what it was made from: @typedef {import('../components/interventions.js').InterventionsData
 *  & {modelId: string, text: string, ids: number[]}} IvState */

/**
 * A widget's switches: off="it 5" (source tokens by text or 1-based number, space-separated) and
 * heads-off="1.2 2.4" (decoder layer.head, 1-based).
 * @param {Element} el
 */
export function masksOf(el) {
  const words = (/** @type {string} */ a) => (el.getAttribute(a) ?? '').split(/\s+/).filter(Boolean);
  const heads = words('heads-off').map((x) => x.split('.').map(Number)).filter((x) => x.length === 2 && x.every((n) => Number.isInteger(n) && n >= 1))
    .map(([layer, head]) => ({ layer: layer - 1, head: head - 1 }));
  return { tokens: words('off'), headMask: heads };
}

/**
 * @param {import('../components/dom.js').View} view
 * @param {import('./controller.js').AppController} controller
 * @param {{tokens?: string[], headMask?: HeadRef[]}} [initial]  what the widget's attributes switch off (masksOf)
 * @returns {{show: (modelId: string, text: string) => Promise<void>}}
 */
export function bindInterventions(view, controller, initial = {}) {
  /** @type {IvState | null} */
  let state = null, seq = 0;
  /** (only once show() made the state) @param {Partial<IvState>} patch */
  const set = (patch) => { state = /** @type {IvState} */ ({ ...state, ...patch }); view.data = state; return state; };

  /** @param {Masks} masks */
  async function decode(masks) {
    const my = ++seq;
    const { modelId, text, ids } = set({ ...masks, pending: true, error: null });
    if (!masks.sourceMask.length && !masks.headMask.length) { set({ pending: false, free: null, forced: null }); return; }
    try {
      const opts = { strategy: /** @type {'greedy'} */ ('greedy'), sourceMask: masks.sourceMask, headMask: masks.headMask };
      const free = await controller.translateWith(modelId, text, opts);
      const forced = await controller.translateWith(modelId, text, { ...opts, prefix: ids.slice(0, -1) });
      if (my !== seq) return;
      // the last original token (</s>) is free in the forced run: its probability counts when the model chose it there too
      const fp = forced.probabilities.slice(0, ids.length).map((p, i) => (forced.tokens[i]?.id === ids[i] ? p : null));
      set({ pending: false, free: { tokens: labels(free), text: free.text }, forced: { probabilities: fp } });
    } catch (e) {
      const err = /** @type {{message?: unknown} | null | undefined} */ (e);  // (whatever was thrown)
      if (my === seq) set({ pending: false, error: String(err?.message ?? e), free: null, forced: null });
    }
  }

  const labels = (/** @type {{tokens: {piece: string}[], model: {bos: string, eos: string}}} */ r) => pieceLabels(r.tokens.map((x) => x.piece), [r.model.bos, r.model.eos]);

  view.addEventListener('attnseq-mask', (e) => decode(/** @type {CustomEvent} */ (e).detail));

  return {
    async show(modelId, text) {
      const my = ++seq;
      const r = await controller.translateWith(modelId, text, { strategy: 'greedy' });
      if (my !== seq) return;
      const m = r.model;
      const source = pieceLabels(typedPieces(r.sourceTokens, text), [m.bos, m.eos]);
      const s = state = {
        modelId, text, ids: r.tokens.map((x) => x.id), source, hasAttention: m.attention !== 'none',
        heads: m.arch === 'transformer' ? { layers: m.decLayers, heads: m.heads } : null,
        sourceMask: [], headMask: [], pending: false, error: null, free: null, forced: null,
        original: { tokens: labels(r), probabilities: r.probabilities, text: r.text, rows: r.rows },
      };
      view.data = state;
      const sourceMask = [...new Set((initial.tokens ?? []).map((x) => tokenIndex(source, x)).filter((j) => j >= 0))].sort((a, b) => a - b);
      const headMask = (initial.headMask ?? []).filter((x) => (s.heads ? x.layer < s.heads.layers && x.head < s.heads.heads : x.layer === 0 && x.head === 0));
      if (s.hasAttention && (sourceMask.length || headMask.length)) await decode({ sourceMask, headMask });
    },
  };
}
