// attnseq-widgets.js: the tutorial widgets, registered by one module script, no build step:
//
//   <script type="module" src=".../web/src/widgets.js"></script>   (served as /attnseq-widgets.js too)
//   <attnseq-translate text="You should wear shoes."></attnseq-translate>
//   <attnseq-generation text="..." autoplay speed="1"></attnseq-generation>
//   <attnseq-attention text="..." view="lines|heatmap|self|self-heatmap|softmax|context|scores" step="2"
//                      layer="1" head="2" query="it" controls></attnseq-attention>
//
// Common attributes (model, models (the catalogue's URL), text, autoplay, speed, language, strategy, …):
// app/widget-base.js. Widgets on one page share one worker and one loaded model per model file.
// One bundled module for any site, even of another origin: scripts/build_widgets.mjs.
import { WidgetElement } from './app/widget-base.js';
import { exportFigure } from './app/export.js';
import { h, define } from './components/dom.js';
import { pieceText } from './state/contract.js';
import { modelLabel } from './app/model-names.js';
import { scoreResults, scoreData } from './app/score-section.js';

const view = (tag, name, attrs = {}) => h(tag, { 'data-view': name, ...attrs });

/** A sentence box, the translation and an attention figure (view: lines | heatmap | none). */
class TranslateWidget extends WidgetElement {
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
    const v = this.getAttribute('view') ?? 'lines';
    frame.append(form, h('output', { class: 'translation', 'data-view': 'output', part: 'translation' }), h('p', { class: 'w-status', role: 'status', part: 'status' }));
    if (v === 'lines' || v === 'heatmap') frame.append(view(v === 'lines' ? 'attnseq-attention-lines' : 'attnseq-heatmap', v));
    this.relabel();
  }

  afterRun(run) { if (!this.input.value) this.input.value = run.text; }

  relabel() {
    if (!this.button) return;
    this.button.textContent = this.t('app.translate');
    this.label.textContent = this.t('app.text');
  }
}

/** The autoregressive loop: playback controls, decoder input → next token, next-token bars. */
class GenerationWidget extends WidgetElement {
  get interactive() { return !this.hasAttribute('static'); }

  build(frame) {
    frame.append(
      view('attnseq-playback', 'playback'),
      h('div', { class: 'w-gen' }, view('attnseq-decoder-loop', 'loop'), view('attnseq-topk', 'topk')),
      h('p', { class: 'w-output' }, h('output', { class: 'translation small', 'data-view': 'output', part: 'translation' })),
      h('p', { class: 'w-status', role: 'status', part: 'status' }));
  }
}

const FIGURES = {
  lines: ['attnseq-attention-lines', 'lines', 'cross-heads'],
  heatmap: ['attnseq-heatmap', 'heatmap', 'cross-heads'],
  self: ['attnseq-attention-lines', 'self-lines', 'self-heads'],
  'self-heatmap': ['attnseq-heatmap', 'self-heatmap', 'self-heads'],
  softmax: ['attnseq-softmax-step', 'softmax', null],
  context: ['attnseq-context-figure', 'context', null],
  scores: ['attnseq-score-compare', 'scores', null],
};

/** One attention figure, optionally with step controls and a layer/head picker; SVG/PNG export. */
class AttentionWidget extends WidgetElement {
  build(frame) {
    const [tag, name, picker] = FIGURES[this.getAttribute('view')] ?? FIGURES.lines;
    if (this.hasAttribute('controls')) frame.append(view('attnseq-playback', 'playback'));
    if (picker && !this.hasAttribute('no-picker')) frame.append(view('attnseq-head-picker', picker));
    this.figureEl = view(tag, name === 'scores' ? 'scores-figure' : name, { part: 'figure' });
    if (!name.startsWith('self') && name !== 'softmax' && name !== 'scores') frame.append(h('p', { class: 'w-step', 'data-view': 'step-label' }));
    this.note = h('p', { class: 'hint w-note' });
    frame.append(this.figureEl, this.note, h('p', { class: 'w-status', role: 'status', part: 'status' }));
    this.viewName = name;
    if (name !== 'softmax' && name !== 'scores') {
      const exp = (format) => h('button', { type: 'button', class: 'w-export', onclick: () => exportFigure(this.figureEl, `attnseq-${name}`, format) }, format.toUpperCase());
      this.exportBar = h('p', { class: 'export' }, exp('svg'), exp('png'));
      frame.append(this.exportBar);
    }
    const layer = this.getAttribute('layer'), head = this.getAttribute('head');
    const num = (x, dflt) => (x == null ? dflt : x === 'mean' || x === 'alignment' ? x : Math.max(0, Number(x) - 1));
    if (name.startsWith('self')) this.stores.view.set({ encLayer: num(layer, 0), encHead: num(head, 'mean') });
    else this.stores.view.set({ layer: num(layer, 'alignment'), head: num(head, 'mean') });
    if (this.getAttribute('level') === 'word') this.stores.view.set({ level: 'word' });
  }

  afterRun(run) {
    if (this.viewName === 'scores') {
      // the four score functions on this sentence, the step the widget's `step` attribute names
      const step = Math.max(0, (Number(this.getAttribute('step')) || 1) - 1);
      scoreResults(this.controller, run.text).then((r) => { this.figureEl.data = this.tr(() => scoreData(r, step)); },
        (e) => { this.note.textContent = String(e?.message ?? e); });
      return;
    }
    // Self-attention needs a Transformer; an RNN (e.g. when no Transformer is installed) has none.
    this.note.textContent = this.viewName.startsWith('self') && !run.encoderAttention ? this.t('w.noSelfAttention', { model: this.tr(() => modelLabel(run.model)) }) : '';
    this.figureEl.hidden = !!this.note.textContent;
    if (this.exportBar) this.exportBar.hidden = this.figureEl.hidden;
    const q = this.getAttribute('query');
    if (q == null) return;
    const idx = run.sourceTokens.findIndex((x) => pieceText(x.piece).toLowerCase() === q.toLowerCase());
    const n = Number(q);
    this.stores.view.set({ query: idx >= 0 ? idx : Number.isInteger(n) && n >= 1 ? n - 1 : 0 });
  }

  /** The figure as a standalone <svg> (export). */
  figure() { return this.figureEl?.figure?.() ?? null; }
}

define('attnseq-translate', TranslateWidget);
define('attnseq-generation', GenerationWidget);
define('attnseq-attention', AttentionWidget);

export { TranslateWidget, GenerationWidget, AttentionWidget };
