// Connects the stores to the views inside a root element. Views are found by `data-view`; each gets a
// plain data object of the contract (web/src/state/contract.js). Events from the views are turned
// into store updates, playback actions, or calls to the handlers given (re-decoding is the app
// controller's job, never a view's).
//
//   data-view: loop | playback | topk | lines | heatmap | cross-heads | self-heads | self-lines |
//              self-heatmap | beam | output | softmax | context | step-label
import { attentionRows, selfAttentionRows, decoderInput, pieceText, joinSentences } from '../state/contract.js';
import { t, getLanguage, withLanguage } from '../i18n/index.js';

/** @typedef {import('../components/dom.js').View} View */

/**
 * @param {Element} root
 * @param {Pick<import('../state/stores.js').Stores, 'run' | 'playback' | 'view' | 'paragraph'>} stores
 * @param {{act: (a: object) => void, onAlternative?: (d: {index: number, id: number}) => void,
 *          lang?: () => string|null}} handlers   lang: a widget's own UI language
 * @returns {() => void} unbind
 */
export function bindViews(root, stores, handlers) {
  const all = (name) => /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(`[data-view="${name}"]`));
  // set() is only given the names of views (components/dom.js View), never 'output' or 'step-label'
  const set = (name, data) => { for (const el of all(name)) /** @type {View} */ (el).data = data; };
  // Views are only given new data when what they show changed (steps streaming in after the one
  // shown do not redraw the figures).
  const memo = new Map();
  const setKeyed = (name, key, make) => {
    if (memo.get(name) === key) return;
    memo.set(name, key);
    set(name, make());
  };

  const render = () => withLanguage(handlers.lang?.() ?? null, draw);

  function draw() {
    const { run } = stores.run.get();
    const { index, playing, speed } = stores.playback.get();
    const v = stores.view.get();
    if (!run) {
      memo.clear();
      for (const name of ['loop', 'topk', 'lines', 'heatmap', 'self-lines', 'self-heatmap', 'beam', 'softmax', 'context']) set(name, null);
      set('playback', { index: -1, total: 0, playing: false, speed });
      for (const el of all('output')) el.textContent = '';
      return;
    }
    const i = Math.min(index, run.steps.length - 1);
    const step = run.steps[i];
    const source = run.sourceTokens.map((x) => x.piece);
    const target = run.steps.slice(0, i + 1).map((x) => x.piece);
    const m = run.model, enc = run.encoderAttention;
    const base = `${run.id}|${source.length}|${i}|${getLanguage()}`;
    const failed = stores.run.get().status === 'error';
    setKeyed('loop', `${base}|${run.steps.length}|${run.done}|${failed}`, () => ({ bos: m.bos, steps: run.steps, index: i, done: run.done, failed }));
    set('playback', { index: i, total: run.steps.length, playing, speed });
    setKeyed('topk', base, () => (step ? { alternatives: step.alternatives, chosen: step.token.id, index: i, context: decoderInput(run, i), interactive: !!handlers.onAlternative } : null));
    const crossKey = `${base}|${v.layer}|${v.head}`;
    let rows = null;
    const crossRows = () => (rows ??= attentionRows(run, i, v.layer, v.head));
    const caption = () => t('fig.crossCaption', { model: m.label, tokens: target.map(pieceText).join(' ') });
    setKeyed('lines', crossKey, () => ({ source, target, rows: crossRows(), current: i, caption: caption() }));
    setKeyed('heatmap', crossKey, () => ({ rowLabels: target, colLabels: source, rows: crossRows(), current: i, caption: caption() }));
    setKeyed('cross-heads', `${run.id}|${v.layer}|${v.head}|${getLanguage()}`, () => (m.arch === 'transformer' ? { layers: m.decLayers, heads: m.heads, layer: v.layer, head: v.head, alignment: true, label: t('fig.crossHeads') } : null));
    setKeyed('self-heads', `${run.id}|${!!enc}|${v.encLayer}|${v.encHead}|${getLanguage()}`, () => (enc ? { layers: enc.layers, heads: enc.heads, layer: v.encLayer, head: v.encHead, label: t('fig.selfHeads') } : null));
    const q = Math.min(v.query, source.length - 1);
    const selfKey = `${run.id}|${!!enc}|${v.encLayer}|${v.encHead}|${q}|${getLanguage()}`;
    let selfRows = null;
    const selfData = (heat) => {
      if (!enc) return null;
      selfRows ??= selfAttentionRows(enc, v.encLayer, v.encHead);
      const caption = t('fig.selfCaption', { token: pieceText(source[q] ?? '') });
      return heat ? { rowLabels: source, colLabels: source, rows: selfRows, current: q, caption }
        : { source, target: source, rows: selfRows, current: q, caption, showAll: false };
    };
    setKeyed('self-lines', selfKey, () => selfData(false));
    setKeyed('self-heatmap', selfKey, () => selfData(true));
    setKeyed('beam', `${run.id}|${!!run.beamTrace}|${run.done}`, () => (run.beamTrace ? { trace: run.beamTrace, best: run.steps.map((x) => x.token.id), beamSize: run.options.beamSize } : null));
    setKeyed('softmax', base, () => (step ? { source, weights: step.alignment, target: step.piece, index: i } : null));
    // At the end of a finished run every step's context is drawn alike.
    const ctxCurrent = run.done && i === run.steps.length - 1 ? null : i;
    setKeyed('context', `${crossKey}|${ctxCurrent}`, () => ({ source, target, rows: m.attention === 'none' ? null : crossRows(), current: ctxCurrent }));
    // The result first: the whole translation (every sentence), not the animation's progress.
    const sentences = stores.paragraph?.get().sentences ?? [];
    const text = sentences.length > 1 ? joinSentences(sentences.map((s, k) => (k === stores.paragraph.get().selected && s.output === null ? run.output : s.output)))
      : run.output;
    for (const el of all('output')) el.textContent = text;
    for (const el of all('step-label')) el.textContent = i < 0 ? t('fig.noStep') : t('fig.stepLabel', { n: i + 1, token: pieceText(step.piece) });
  }

  const unsubs = [stores.run.subscribe(render), stores.playback.subscribe(render), stores.view.subscribe(render)];
  if (stores.paragraph) unsubs.push(stores.paragraph.subscribe(render));

  const listeners = {
    'attnseq-playback': (e) => handlers.act(e.detail),
    'attnseq-seek': (e) => handlers.act({ action: 'seek', index: e.detail.index }),
    'attnseq-pick': (e) => {
      const name = e.target.closest('[data-view]')?.dataset.view ?? '';
      if (name.startsWith('self-')) stores.view.set({ query: e.detail.index });
      else handlers.act({ action: 'seek', index: e.detail.index });
    },
    'attnseq-head': (e) => {
      const name = e.target.closest('[data-view]')?.dataset.view;
      if (name === 'self-heads') stores.view.set({ encLayer: e.detail.layer === 'alignment' ? 0 : e.detail.layer, encHead: e.detail.head });
      else stores.view.set({ layer: e.detail.layer, head: e.detail.head });
    },
    'attnseq-alternative': (e) => handlers.onAlternative?.(e.detail),
  };
  for (const [type, fn] of Object.entries(listeners)) root.addEventListener(type, fn);
  return () => {
    for (const u of unsubs) u();
    for (const [type, fn] of Object.entries(listeners)) root.removeEventListener(type, fn);
  };
}
