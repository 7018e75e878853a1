// Connects the stores to the views inside a root element. Views are found by `data-view`; each gets a
// plain data object of the contract (web/src/state/schema.js). Events from the views are turned
// into store updates, playback actions, or calls to the handlers given (re-decoding is the app
// controller's job, never a view's).
//
//   data-view: loop | playback | topk | lines | heatmap | cross-heads | self-heads | self-lines |
//              self-heatmap | beam | output | softmax | context | step-label
import { attentionRows, selfAttentionRows, aggregate } from '../state/math.js';
import { decoderInput, pieceText, joinSentences, pieceGroups, groupLabels, pieceLabels, stepLabel } from '../state/text.js';
import { t, getLanguage, withLanguage, onLanguageChange } from '../i18n/index.js';
import { modelLabel } from './model-names.js';
import { paceOfRun } from './pace.js';
import { typedPieces } from '../state/typed-pieces.js';
import { confidenceOf, paragraphConfidence } from './confidence.js';
import { renderOutput } from './output-view.js';

/** @typedef {import('../components/dom.js').View} View */
/** @typedef {import('../state/schema.js').Run} Run */
/** @typedef {import('../state/stores.js').ViewState} ViewState */
/** @typedef {import('./player.js').PlaybackAction} PlaybackAction */

/**
 * @param {Element} root
 * @param {Pick<import('../state/stores.js').Stores, 'run' | 'playback' | 'view' | 'paragraph'>} stores
 * @param {{act: (a: import('./player.js').PlaybackAction) => void, onAlternative?: (d: {index: number, id: number}) => void,
 *          lang?: () => string|null}} handlers   lang: a widget's own UI language
 * @returns {() => void} unbind
 */
export function bindViews(root, stores, handlers) {
  const all = (/** @type {string} */ name) => /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(`[data-view="${name}"]`));
  // set() is only given the names of views (components/dom.js View), never 'output' or 'step-label'
  const set = (/** @type {string} */ name, /** @type {unknown} */ data) => { for (const el of all(name)) /** @type {View} */ (el).data = data; };
  // Views are only given new data when what they show changed (steps streaming in after the one
  // shown do not redraw the figures).
  /** @type {Map<string, string>} view name → the key of the data it was given */
  const memo = new Map();
  /** @param {string} name @param {string} key @param {() => unknown} make */
  const setKeyed = (name, key, make) => {
    if (memo.get(name) === key) return;
    memo.set(name, key);
    set(name, make());
  };

  const render = () => withLanguage(handlers.lang?.() ?? null, draw);
  /** @type {number[]} */
  let rowStep = [];      // figure row → the step it shows (its last piece)
  /** @type {number[]} */
  let querySource = [];  // self-attention figure row → its first source piece

  function draw() {
    const { run } = stores.run.get();
    const { index, playing, speed, auto } = stores.playback.get();
    const v = stores.view.get();
    if (!run) {
      memo.clear();
      for (const name of ['loop', 'topk', 'lines', 'heatmap', 'self-lines', 'self-heatmap', 'beam', 'softmax', 'context']) set(name, null);
      set('playback', { index: -1, total: 0, playing: false, speed, auto: !!auto, pace: paceOfRun(null) });
      for (const el of all('output')) renderOutput(el, '', null);
      for (const el of all('step-label')) el.textContent = t('fig.noStep');  // (no step of an earlier run stays up)
      return;
    }
    const i = Math.min(index, run.steps.length - 1);
    const step = run.steps[i];
    const source = typedPieces(run.sourceTokens, run.text);  // as the reader typed them (not normalized)
    const pieces = run.steps.map((x) => x.piece);
    const target = pieces.slice(0, i + 1);
    const m = run.model, enc = run.encoderAttention;
    const controls = [m.bos, m.eos];
    const words = v.level === 'word';
    const base = `${run.id}|${source.length}|${i}|${getLanguage()}`;
    const failed = stores.run.get().status === 'error';
    setKeyed('loop', `${base}|${run.steps.length}|${run.done}|${failed}`, () => ({ bos: m.bos, steps: run.steps, index: i, done: run.done, failed }));
    set('playback', { index: i, total: run.steps.length, playing, speed, auto: !!auto, pace: paceOfRun(run) });
    setKeyed('topk', `${base}|${run.options.strategy}`, () => (step ? {
      alternatives: step.alternatives, sampled: step.sampled ?? null, chosen: step.token.id, index: i,
      context: decoderInput(run, i), interactive: !!handlers.onAlternative, options: run.options, controls,
    } : null));
    // The figures: every target token of a finished run (later ones can be picked too), pieces or
    // words (aggregated), a word's pieces marked as such.
    const shownSteps = run.done ? run.steps.length - 1 : i;
    const srcGroups = pieceGroups(source, controls, words);
    const tgtGroups = pieceGroups(pieces.slice(0, shownSteps + 1), controls, words);
    const srcLabels = groupLabels(source, srcGroups, controls);
    const tgtLabels = groupLabels(pieces, tgtGroups, controls);
    const current = tgtGroups.findIndex((g) => g.includes(i));
    rowStep = tgtGroups.map((g) => g[g.length - 1]);
    const crossKey = `${base}|${v.layer}|${v.head}|${words}|${shownSteps}`;
    let rows = null;
    const crossRows = () => (rows ??= aggregate(attentionRows(run, shownSteps, v.layer, v.head), tgtGroups, srcGroups));
    const caption = () => t(words ? 'fig.crossCaptionWords' : 'fig.crossCaption', { model: modelLabel(m), tokens: pieceLabels(target, controls).join(' ') });
    setKeyed('lines', crossKey, () => ({ source: srcLabels, target: tgtLabels, rows: crossRows(), current, caption: caption() }));
    setKeyed('heatmap', crossKey, () => ({ rowLabels: tgtLabels, colLabels: srcLabels, rows: crossRows(), current, caption: caption() }));
    setKeyed('cross-heads', `${run.id}|${v.layer}|${v.head}|${getLanguage()}`, () => (m.arch === 'transformer' ? { layers: m.decLayers, heads: m.heads, layer: v.layer, head: v.head, alignment: true, label: t('fig.crossHeads') } : null));
    setKeyed('self-heads', `${run.id}|${!!enc}|${v.encLayer}|${v.encHead}|${getLanguage()}`, () => (enc ? { layers: enc.layers, heads: enc.heads, layer: v.encLayer, head: v.encHead, label: t('fig.selfHeads') } : null));
    const q = Math.max(0, srcGroups.findIndex((g) => g.includes(Math.min(v.query, source.length - 1))));
    querySource = srcGroups.map((g) => g[0]);
    const selfKey = `${run.id}|${!!enc}|${v.encLayer}|${v.encHead}|${q}|${words}|${getLanguage()}`;
    let selfRows = null;
    const selfData = (/** @type {boolean} */ heat) => {
      if (!enc) return null;
      selfRows ??= aggregate(selfAttentionRows(enc, v.encLayer, v.encHead), srcGroups, srcGroups);
      const caption = t(words ? 'fig.selfCaptionWords' : 'fig.selfCaption', { token: srcLabels[q] ?? '' });
      return heat ? { rowLabels: srcLabels, colLabels: srcLabels, rows: selfRows, current: q, caption }
        : { source: srcLabels, target: srcLabels, rows: selfRows, current: q, caption, showAll: false, self: true };
    };
    setKeyed('self-lines', selfKey, () => selfData(false));
    setKeyed('self-heatmap', selfKey, () => selfData(true));
    setKeyed('beam', `${run.id}|${!!run.beamTrace}|${run.done}`, () => (run.beamTrace ? { trace: run.beamTrace, best: run.steps.map((x) => x.token.id), beamSize: run.options.beamSize } : null));
    setKeyed('softmax', `${base}|${v.layer}|${v.head}`, () => (step ? softmaxData(run, i, v, srcLabels, srcGroups, source) : null));
    // At the end of a finished run every step's context is drawn alike.
    const ctxCurrent = run.done && i === run.steps.length - 1 ? null : i;
    setKeyed('context', `${base}|${v.layer}|${v.head}|${ctxCurrent}`, () => ({ source, target, controls, rows: m.attention === 'none' ? null : attentionRows(run, i, v.layer, v.head), current: ctxCurrent }));
    // The result first: the whole translation (every sentence), not the animation's progress.
    const para = stores.paragraph?.get();
    const sentences = para?.sentences ?? [];
    const text = sentences.length > 1 ? joinSentences(sentences.map((s, k) => (k === para?.selected && s.output === null ? run.output : s.output)))
      : run.output;
    // the words the model was unsure of, once this run is finished; in a paragraph, each sentence's own
    // (the shown one from this run's steps, the others from what the engine computed for them)
    const thresholds = m.confidence ?? null;
    const conf = !run.done ? null : sentences.length > 1 && para
      ? paragraphConfidence(sentences.map((s, k) => (k === para.selected
        ? { output: s.output ?? run.output, confidence: confidenceOf(run.steps, run.output, thresholds) }
        : { output: s.output, confidence: s.steps && s.output !== null ? confidenceOf(s.steps, s.output, thresholds) : null })))
      : confidenceOf(run.steps, text, thresholds);
    // what the model read, when the engine restored the typed text (in a paragraph: the sentence shown)
    const of = sentences.length > 1 && para ? { k: para.selected + 1, n: sentences.length } : null;
    for (const el of all('output')) renderOutput(el, text, conf, run.readAs ?? '', of);
    // in a paragraph, which of its sentences the figures show
    const which = para && para.sentences.length > 1 ? `${t('fig.sentenceOf', { k: para.selected + 1, n: para.sentences.length })} · ` : '';
    for (const el of all('step-label')) el.textContent = which + (i < 0 ? t('fig.noStep') : t('fig.stepLabel', { n: i + 1, token: stepLabel(run, i) }));
  }

  /**
   * The softmax view's data: what the engine computed at step i for one attention head (RNN: its
   * only one; Transformer: the chosen layer/head, the last layer's first head for "alignment"/"mean").
   * @param {Run} run @param {number} i @param {ViewState} v
   * @param {string[]} srcLabels @param {number[][]} srcGroups @param {string[]} source
   * @returns {import('../components/softmax-step.js').SoftmaxData | import('../components/softmax-step.js').NoSoftmax}
   */
  function softmaxData(run, i, v, srcLabels, srcGroups, source) {
    const st = run.steps[i], m = run.model;
    // (the engine gives the three together: none of them without attention or returnAttention)
    if (!st.crossScores || !st.context || !st.crossAttention) return { none: true, index: i, target: st.piece, targetLabel: stepLabel(run, i) };
    const L = st.crossScores.layers, H = st.crossScores.heads, S = st.crossScores.cols;
    const layer = v.layer === 'alignment' ? L - 1 : Math.min(v.layer, L - 1);
    const head = v.head === 'mean' || v.layer === 'alignment' ? 0 : Math.min(v.head, H - 1);
    const at = (/** @type {import('../state/schema.js').StepAttention} */ stack) => stack.data.subarray((layer * H + head) * S, (layer * H + head + 1) * S);
    const C = st.context.cols, dh = C / H;
    const values = run.attentionValues?.[layer];
    return {
      kind: m.attention, layer, head, layers: L, heads: H, index: i, target: st.piece, targetLabel: stepLabel(run, i),
      source: srcGroups.map((g) => g.map((j) => source[j])), labels: srcLabels, groups: srcGroups,
      pieceLabels: pieceLabels(source, [m.bos, m.eos]),
      scores: at(st.crossScores), weights: at(st.crossAttention),
      context: st.context.data.subarray(layer * C + head * dh, layer * C + (head + 1) * dh),
      values: values ? { data: values.data, cols: values.cols, from: head * dh, to: (head + 1) * dh } : null,
      picked: v.layer !== 'alignment' && v.head !== 'mean',
      pickable: all('cross-heads').length > 0,
    };
  }

  // (a language switch redraws too: the data holds labels and captions in the page's language)
  const unsubs = [stores.run.subscribe(render), stores.playback.subscribe(render), stores.view.subscribe(render), onLanguageChange(render)];
  if (stores.paragraph) unsubs.push(stores.paragraph.subscribe(render));

  // The views' events (components/*.js say what each one's detail holds).
  /** @template T @param {Event} e @returns {T} */
  const detail = (e) => /** @type {CustomEvent<T>} */ (e).detail;
  /** @param {Event} e  the view's element, by its data-view */
  const viewOf = (e) => /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('[data-view]'))?.dataset.view;
  /** @type {Record<string, (e: Event) => void>} */
  const listeners = {
    'attnseq-playback': (e) => handlers.act(detail(e)),
    'attnseq-seek': (e) => handlers.act({ action: 'seek', index: detail(e).index }),
    'attnseq-pick': (e) => {
      const name = viewOf(e) ?? '';
      /** @type {{index: number}} */
      const d = detail(e);
      if (name.startsWith('self-')) stores.view.set({ query: querySource[d.index] ?? d.index });
      else handlers.act({ action: 'seek', index: rowStep[d.index] ?? d.index });
    },
    'attnseq-head': (e) => {
      const name = viewOf(e);
      /** @type {{layer: number | 'alignment', head: number | 'mean'}} */
      const d = detail(e);
      if (name === 'self-heads') stores.view.set({ encLayer: d.layer === 'alignment' ? 0 : d.layer, encHead: d.head });
      else stores.view.set({ layer: d.layer, head: d.head });
    },
    'attnseq-alternative': (e) => handlers.onAlternative?.(detail(e)),
  };
  for (const [type, fn] of Object.entries(listeners)) root.addEventListener(type, fn);
  return () => {
    for (const u of unsubs) u();
    for (const [type, fn] of Object.entries(listeners)) root.removeEventListener(type, fn);
  };
}

/**
 * The KV-cache work chart (components/work-counter.js): the work store's counts, at the step shown.
 * @param {View} el
 * @param {Required<Pick<import('../state/stores.js').Stores, 'work' | 'playback'>>} stores
 * @returns {() => void} unbind
 */
export function bindWork(el, stores) {
  const render = () => { el.data = { ...stores.work.get(), index: stores.playback.get().index }; };
  const unsubs = [stores.work.subscribe(render), stores.playback.subscribe(render)];
  return () => { for (const u of unsubs) u(); };
}
