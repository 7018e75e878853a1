// attnseq-widgets.js: the tutorial widgets, registered by one module script, no build step:
//
//   <script type="module" src=".../web/src/widgets.js"></script>   (served as /attnseq-widgets.js too)
//   <attnseq-translate text="You should wear shoes."></attnseq-translate>
//   <attnseq-generation text="..." autoplay speed="1"></attnseq-generation>
//   <attnseq-attention text="..." view="lines|heatmap|self|self-heatmap|softmax|context|scores|work|paths|interventions|memory|ngram"
//                      step="2" layer="1" head="2" query="it" from="秋蝉" to="它们" off="it" heads-off="2.1" controls>
//
// Common attributes (model, models (the catalogue's URL), text, autoplay, speed, language, strategy, …):
// app/widget-base.js. Widgets on one page share one worker and one loaded model per model file.
// One bundled module for any site, even of another origin: scripts/build_widgets.mjs.
import { WidgetElement } from './app/widget-base.js';
import { exportFigure } from './app/export.js';
import { h, define } from './components/dom.js';
import { pieceText, defaultQuery } from './state/text.js';
import { typedPieces } from './state/typed-pieces.js';
import { modelLabel } from './app/model-names.js';
import { scoreResults, scoreData, scoreStepper } from './app/score-section.js';
import { createWorkStore } from './state/stores.js';
import { bindWork } from './app/views.js';
import { SEED_FIGURES, showSeedView } from './app/seed-views.js';
import { layerHeadAttr } from './app/widget-notes.js';

/** A view with a standalone drawing of what it shows (export). @typedef {import('./components/dom.js').View & {figure?: () => SVGSVGElement | null}} FigureView */
/** @typedef {import('./state/schema.js').Run} Run @typedef {import('./state/stores.js').ViewState} ViewState */

const view = (/** @type {string} */ tag, /** @type {string} */ name, /** @type {import('./components/dom.js').Attrs} */ attrs = {}) => h(tag, { 'data-view': name, ...attrs });

const TRANSLATE_VIEWS = ['lines', 'heatmap', 'none'];

/** SVG and PNG buttons under a figure (the view's figure(): a standalone drawing of what it shows).
 *  @param {FigureView} figureEl @param {string} name @param {import('./state/stores.js').Stores['run']} runStore */
function exportBar(figureEl, name, runStore) {
  const exp = (/** @type {string} */ format) => h('button', { type: 'button', class: 'w-export', 'data-format': format, onclick: () => exportFigure(figureEl, `attnseq-${name}`, format) }, format.toUpperCase());
  const bar = h('p', { class: 'export', hidden: true }, exp('svg'), exp('png'));
  // only under a figure that shows something: none before the first step, none when the model could not
  // be loaded or the text was refused, none when the view says it has nothing for this model (hidden)
  const update = () => {
    const { run } = runStore.get();
    bar.hidden = figureEl.hidden || !(run?.sourceTokens.length && run.steps.length);
  };
  runStore.subscribe(update);
  return Object.assign(bar, { update });
}

/** A sentence box, the translation and an attention figure (view: lines | heatmap | none). */
class TranslateWidget extends WidgetElement {
  /** @param {HTMLElement} frame */
  build(frame) {
    const input = h('input', { type: 'text', class: 'w-text', name: 'text', value: this.getAttribute('text') ?? '', spellcheck: 'false' });
    this.label = h('span', { class: 'sr-only' });
    this.button = h('button', { type: 'submit', class: 'primary' });
    const form = h('form', { class: 'w-form' }, h('label', { class: 'w-field' }, this.label, input), this.button);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (input.value.trim()) this.translateText(input.value.trim());
      else if (this.stores.run.get().status !== 'running') this.stores.run.set({ notice: 'app.empty', status: this.stores.run.get().run ? 'done' : 'idle', error: null });
    });
    this.input = input;
    const asked = this.getAttribute('view') ?? 'lines';
    const v = TRANSLATE_VIEWS.includes(asked) ? asked : 'lines';
    this.note = h('p', { class: 'hint w-note' });
    this.badView = v === asked ? null : asked;
    frame.append(form, h('output', { class: 'translation', 'data-view': 'output', part: 'translation' }), h('p', { class: 'w-status', role: 'status', part: 'status' }));
    if (v === 'lines' || v === 'heatmap') {
      this.figureEl = /** @type {FigureView} */ (view(v === 'lines' ? 'attnseq-attention-lines' : 'attnseq-heatmap', v, { part: 'figure' }));
      frame.append(this.figureEl, exportBar(this.figureEl, v, this.stores.run));
    }
    frame.append(this.note);
    this.relabel();
  }

  /** @param {Run} run */
  afterRun(run) { if (this.input && !this.input.value) this.input.value = run.text; }

  relabel() {
    if (!this.button || !this.label || !this.note) return;  // (built together)
    this.button.textContent = this.t('app.translate');
    this.label.textContent = this.t('app.text');
    this.note.textContent = this.badView == null ? '' : this.t('w.badView', { value: this.badView, list: TRANSLATE_VIEWS.join(', '), shown: 'lines' });
  }
}

/** The autoregressive loop: playback controls, decoder input → next token, next-token bars. */
class GenerationWidget extends WidgetElement {
  get interactive() { return !this.hasAttribute('static'); }

  /** @param {HTMLElement} frame */
  build(frame) {
    frame.append(
      view('attnseq-playback', 'playback'),
      h('div', { class: 'w-gen' }, view('attnseq-decoder-loop', 'loop'), view('attnseq-topk', 'topk')),
      h('p', { class: 'w-output' }, h('output', { class: 'translation small', 'data-view': 'output', part: 'translation' })),
      h('p', { class: 'w-status', role: 'status', part: 'status' }));
  }
}

/** @type {Record<string, [string, string, string | null]>} view attribute → [element, data-view name, head picker] */
const FIGURES = {
  lines: ['attnseq-attention-lines', 'lines', 'cross-heads'],
  heatmap: ['attnseq-heatmap', 'heatmap', 'cross-heads'],
  self: ['attnseq-attention-lines', 'self-lines', 'self-heads'],
  'self-heatmap': ['attnseq-heatmap', 'self-heatmap', 'self-heads'],
  softmax: ['attnseq-softmax-step', 'softmax', null],
  context: ['attnseq-context-figure', 'context', null],
  scores: ['attnseq-score-compare', 'scores', null],
  work: ['attnseq-work-counter', 'work', null],
  ...SEED_FIGURES,  // paths, interventions, memory, ngram: app/seed-views.js
};
// views that are tables, cards or charts rather than one attention drawing: no SVG/PNG export
const NO_EXPORT = new Set(['softmax', 'scores', 'work', ...Object.keys(SEED_FIGURES)]);
// views (as the `view` attribute names them) that read the layer and head: the `layer` and `head`
// attributes are checked for them
const READS_LAYER_HEAD = new Set(['lines', 'heatmap', 'self', 'self-heatmap', 'softmax', 'context']);

/** One attention figure, optionally with step controls and a layer/head picker; SVG/PNG export. */
class AttentionWidget extends WidgetElement {
  /** @param {HTMLElement} frame */
  build(frame) {
    const asked = this.getAttribute('view');
    const [tag, name, picker] = FIGURES[asked ?? 'lines'] ?? FIGURES.lines;
    this.badView = asked != null && !FIGURES[asked] ? asked : null;
    this.viewAttr = asked != null && FIGURES[asked] ? asked : 'lines';  // the view shown, by its attribute's name
    if (this.hasAttribute('controls')) frame.append(view('attnseq-playback', 'playback'));
    if (picker && !this.hasAttribute('no-picker')) frame.append(view('attnseq-head-picker', picker));
    this.figureEl = /** @type {FigureView} */ (view(tag, name === 'scores' ? 'scores-figure' : name, { part: 'figure' }));
    if (!name.startsWith('self') && name !== 'softmax' && name !== 'scores' && !SEED_FIGURES[name]) frame.append(h('p', { class: 'w-step', 'data-view': 'step-label' }));
    this.note = h('p', { class: 'hint w-note' });
    frame.append(this.figureEl, this.note, h('p', { class: 'w-status', role: 'status', part: 'status' }));
    this.viewName = name;
    this.picker = picker;
    if (name === 'scores') {
      // a row clicked in a card shows that step of the cards' own translations, until the controls move
      this.scoreStepper = scoreStepper(this.figureEl, this.stores.playback, () => this.renderScores());
    }
    if (name === 'work') {
      // The key/value cache's work: only this view has a work store, so only it makes the controller
      // decode the sentence a second time without the cache (app/work-count.js).
      this.stores.work = createWorkStore();
      bindWork(this.figureEl, { work: this.stores.work, playback: this.stores.playback });
    }
    if (!NO_EXPORT.has(name)) frame.append(this.exportBar = exportBar(this.figureEl, name, this.stores.run));
    const layer = this.getAttribute('layer'), head = this.getAttribute('head');
    // one out of the model's range is reported and replaced once the model is known (afterRun), as an
    // unreadable one (shown at the default until then)
    if (name.startsWith('self')) this.stores.view.set({ encLayer: layerHeadAttr(layer, 0), encHead: layerHeadAttr(head, 'mean') });
    else this.stores.view.set({ layer: layerHeadAttr(layer, 'alignment'), head: layerHeadAttr(head, 'mean') });
    if (this.getAttribute('level') === 'word') this.stores.view.set({ level: 'word' });
  }

  /** @param {Run} run */
  afterRun(run) {
    const { note, figureEl, viewName, viewAttr } = this;
    if (!note || !figureEl || viewName === undefined || viewAttr === undefined) return;  // (built at the first connection, before any run)
    const notes = this.badView == null ? [] : [this.t('w.badView', { value: this.badView, list: Object.keys(FIGURES).join(', '), shown: 'lines' })];
    if (viewName === 'scores') {
      // the four score functions on this sentence, at the playback's step (the `step` attribute, else 1)
      const my = (this.scoreSeq = (this.scoreSeq ?? 0) + 1);
      this.scoreResults = null;
      this.scoreStepper?.reset();
      const hl = this.getAttribute('heading-level');
      if (hl != null && this.headingLevel() === null) notes.push(this.t('w.badHeading', { value: hl }));
      note.textContent = notes.join(' ');
      return scoreResults(this.controller, run.text).then((r) => {
        if (my !== this.scoreSeq) return;
        this.scoreResults = r;
        this.renderScores();
      }, (e) => { if (my === this.scoreSeq) note.textContent = String(e?.message ?? e); });
    }
    if (SEED_FIGURES[viewName]) return showSeedView(this, run, notes);
    // Self-attention needs a Transformer; an RNN (e.g. when no Transformer is installed) has none, and
    // no key/value cache either.
    const self = viewName.startsWith('self');
    const blocked = self && !run.encoderAttention ? this.t('w.noSelfAttention', { model: this.tr(() => modelLabel(run.model)) })
      : viewName === 'work' && run.model.arch !== 'transformer' ? this.t('w.noCache', { model: this.tr(() => modelLabel(run.model)) }) : '';
    figureEl.hidden = !!blocked;
    this.exportBar?.update();
    if (!blocked && READS_LAYER_HEAD.has(viewAttr)) notes.push(...this.checkLayerHead(run.model, self));
    const q = this.getAttribute('query');
    const fallback = defaultQuery(run.sourceTokens);
    if (q != null) {
      // the query as the reader typed it (or as the model reads it: 貓 or 猫)
      const typed = typedPieces(run.sourceTokens, run.text);
      const idx = run.sourceTokens.findIndex((x, j) => [typed[j], x.piece].some((p) => pieceText(p).toLowerCase() === q.toLowerCase()));
      const n = Number(q);
      const ok = idx >= 0 || (Number.isInteger(n) && n >= 1 && n <= run.sourceTokens.length);
      this.stores.view.set({ query: idx >= 0 ? idx : ok ? n - 1 : fallback });
      if (!ok) notes.push(this.t('w.badQuery', { value: q, shown: pieceText(typed[fallback] ?? '') }));
    } else {
      this.stores.view.set({ query: fallback });
    }
    note.textContent = [blocked, ...notes].filter(Boolean).join(' ');
  }

  /** The `layer` and `head` attributes against the model: the notes for those it lacks (then shown at their defaults).
   *  @param {import('./state/schema.js').ModelInfo} model @param {boolean} self  the view is self-attention's */
  checkLayerHead(model, self) {
    /** @type {string[]} */
    const notes = [];
    /** @param {string} attr @param {number} max @param {keyof ViewState} key @param {number | string} dflt @param {string} word */
    const check = (attr, max, key, dflt, word) => {
      const v = this.getAttribute(attr);
      if (v == null || v === word) return;
      const n = Number(v);
      if (Number.isInteger(n) && n >= 1 && n <= max) return;
      this.stores.view.set(/** @type {Partial<ViewState>} */ ({ [key]: dflt }));
      notes.push(this.t('w.badNumber', { attr, value: v, max }));
    };
    check('layer', self ? model.encLayers : model.decLayers, self ? 'encLayer' : 'layer', self ? 0 : 'alignment', self ? '' : 'alignment');
    check('head', model.heads, self ? 'encHead' : 'head', 'mean', 'mean');
    return notes;
  }

  /** The score cards at the controls' step, or at a row picked in a card (scoreStepper), as in the demo. */
  renderScores() {
    const { scoreResults: results, scoreStepper: stepper, figureEl } = this;
    if (!results || !stepper || !figureEl) return;  // (also while scoreStepper() subscribes, before it returns)
    const step = stepper.step();
    figureEl.data = this.tr(() => ({ ...scoreData(results, step), headingLevel: this.headingLevel() ?? 3 }));
  }

  /** The `heading-level` attribute (2–6), else null: the cards' titles are then h3 (under an article section's h2). */
  headingLevel() {
    const level = Number(this.getAttribute('heading-level'));
    return Number.isInteger(level) && level >= 2 && level <= 6 ? level : null;
  }

  /** The score view opens at step 1 unless `step` says otherwise (the cards compare how each model starts). @param {Run} run */
  initialIndex(run) {
    return this.viewName === 'scores' && !this.hasAttribute('step') ? 0 : super.initialIndex(run);
  }

  /** The figure as a standalone <svg> (export). */
  figure() { return this.figureEl?.figure?.() ?? null; }
}

define('attnseq-translate', TranslateWidget);
define('attnseq-generation', GenerationWidget);
define('attnseq-attention', AttentionWidget);

export { TranslateWidget, GenerationWidget, AttentionWidget };
