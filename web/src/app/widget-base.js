// The base of the tutorial widgets (<attnseq-translate>, <attnseq-attention>, <attnseq-generation>):
// a custom element with an open shadow root (the page's CSS and ours stay apart), its own stores and
// app controller, and the page-wide shared model (translators.js: one worker and one copy of the weights
// per model file, however many widgets use it).
// (the attributes every widget reads: app/widget-notes.js)
import '../components/index.js';
import { createRunStore, createPlaybackStore, createViewStore, createModelStore } from '../state/stores.js';
import { t, languageOf, withLanguage, onLanguageChange } from '../i18n/index.js';
import { reducedMotion } from '../components/dom.js';
import { AppController } from './controller.js';
import { createPlayer, bindPlaybackKeys, playNextRun } from './player.js';
import { bindViews } from './views.js';
import { EXAMPLES } from './examples.js';
import { statusOf } from './errors.js';
import { renderStatusInto } from './status-view.js';
import { whyUnmatched } from './model-match.js';
import { languageOffer } from './lang-offer.js';
import { statusNote, catalogueOf, STYLES, attributeOptions, watchDecodingAttributes, whenVisible } from './widget-notes.js';
import { releaseTranslators, holdTranslators } from './translators.js';
/** @typedef {import('../state/schema.js').Run} Run */

export class WidgetElement extends HTMLElement {
  // Decoding attributes are not observed (their names come from the engine, after the element is
  // defined): setting one re-runs through attributeChanged below, via a MutationObserver.
  static get observedAttributes() { return ['model', 'models', 'text', 'language', 'speed']; }

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    /** @type {import('../state/stores.js').Stores} */
    this.stores = {
      model: createModelStore(), run: createRunStore(), playback: createPlaybackStore(),
      view: createViewStore(),  // (a work store only where the KV-cache view is shown: widgets.js)
    };
    // the models it loads are held for it until it leaves the page (translators.js releaseTranslators)
    this.controller = new AppController(this.stores, { owner: this });
    this.player = createPlayer(this.stores);
    /** cancels playNextRun's wait for the run started last */
    this.cancelPlay = () => {};
    this.started = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} an attribute change waiting */ this.pending = undefined;
    /** @type {(() => void)[]} what connectedCallback set up outside the element: undone on disconnect */
    this.connection = [];
    /** @type {string[]} the models it held when it was last removed (held again when it comes back) */
    this.heldUrls = [];
  }

  connectedCallback() {
    if (!this.started) this.setup();
    const frame = /** @type {HTMLElement} */ (this.frame);
    // Lit's discipline: what connecting subscribes to outside the element (the page's language, the
    // views' and status line's stores, the attribute observer) is undone by disconnectedCallback.
    this.connection.push(bindViews(frame, this.stores, {
      act: this.player.act,
      onAlternative: this.interactive ? ({ index, id }) => this.runWith(() => this.controller.alternative(index, id), index) : undefined,
      lang: () => frame.dataset.lang ?? null,
    }));
    this.connection.push(this.stores.model.subscribe(() => this.renderStatus()), this.stores.run.subscribe(() => this.renderStatus()),
      onLanguageChange(() => this.refreshLabels()));
    this.connection.push(watchDecodingAttributes(this, () => this.controller.optionTable ?? [],
      () => this.attributeChangedCallback('decoding', '', null)));
    if (this.starting || this.stores.run.get().run) holdTranslators(this, this.heldUrls);  // moved in the page: all stays
    else this.start();
  }

  /**
   * Removed from the page: every listener, observer and timer it set up outside itself goes, its run
   * stops (in the worker too), and the models only it held are freed (their workers end).
   */
  disconnectedCallback() {
    for (const undo of this.connection.splice(0)) undo();
    clearTimeout(this.pending); this.pending = undefined;
    this.visible?.disconnect(); this.visible = null;
    this.cancelPlay();  // playNextRun's wait for a run
    this.stores.playback.set({ playing: false });  // the player's timer stops
    this.controller.abort?.abort();
    this.heldUrls = releaseTranslators(this);
  }

  /** The shadow root's DOM, built once (at the first connection). */
  setup() {
    this.started = true;
    const root = /** @type {ShadowRoot} */ (this.shadowRoot);
    for (const href of STYLES) root.appendChild(Object.assign(document.createElement('link'), { rel: 'stylesheet', href }));
    this.frame = document.createElement('div');
    this.frame.className = 'widget';
    this.frame.setAttribute('part', 'frame');
    root.appendChild(this.frame);
    this.applyLanguage();
    this.build(this.frame);  // subclass: the views
    this.labelExports();
    bindPlaybackKeys(this.frame, this.player.act);  // (on its own element: goes with it)
    this.setSpeed(this.getAttribute('speed'));
  }

  /** @param {string} name @param {string | null} oldValue @param {string | null} value */
  attributeChangedCallback(name, oldValue, value) {
    if (!this.started || oldValue === value) return;
    if (name === 'language') { this.applyLanguage(); return; }
    if (name === 'speed') { this.setSpeed(value); return; }
    clearTimeout(this.pending);
    this.pending = setTimeout(() => {
      if (this.isConnected) (name === 'model' || name === 'models' ? this.start() : this.translateText());  // 'decoding' too
    }, 50);
  }

  /** The `speed` attribute: steps per second; without one (or unreadable) the pace follows the sentence's length (app/pace.js). @param {string | null} value */
  setSpeed(value) {
    const v = Number(value);
    this.stores.playback.set(value != null && v > 0 && Number.isFinite(v) ? { speed: v, auto: false } : { auto: true });
  }

  /** Subclasses: build the widget's DOM inside `frame`. @param {HTMLElement} _frame */
  build(_frame) {}

  /** Whether the next-token alternatives re-decode (generation widget). */
  get interactive() { return false; }

  applyLanguage() {
    // the attribute, else the page's own language (lang on the element or an ancestor) when the UI has
    // it, else the browser's: an English tutorial shows English widgets in a Chinese browser
    const lang = this.getAttribute('language') ?? languageOf(this.closest('[lang]')?.getAttribute('lang'));
    const frame = /** @type {HTMLElement} */ (this.frame);  // (set up: attributes are acted on from then on)
    if (lang) frame.dataset.lang = lang; else delete frame.dataset.lang;
    this.refreshLabels();
    // the views among them (components/dom.js View; duck-typed: another copy of dom.js may have made them)
    const all = /** @type {NodeListOf<Element & {invalidate?: () => void}>} */ (frame.querySelectorAll('*'));
    for (const el of all) if (typeof el.invalidate === 'function') el.invalidate();
  }

  /** Runs fn with the widget's language. @template T @param {() => T} fn @returns {T} */
  tr(fn) { return withLanguage(this.frame?.dataset.lang ?? null, fn); }

  /** Every text the widget writes outside its views, in its language (the views redraw themselves). */
  refreshLabels() {
    this.relabel();
    this.labelExports();
    this.renderStatus();
  }

  /** Subclasses: refresh their own labels. */
  relabel() {}

  /** The SVG/PNG buttons say what they do, in the widget's language ("Save the figure as SVG"). */
  labelExports() {
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (this.frame?.querySelectorAll('button.w-export') ?? [])) {
      b.title = this.t(b.dataset.format === 'png' ? 'fig.savePng' : 'fig.saveSvg');
    }
  }

  renderStatus() {
    const el = this.frame?.querySelector('.w-status');
    if (!el) return;
    const m = this.stores.model.get(), r = this.stores.run.get();
    this.tr(() => renderStatusInto(el, statusOf(m, r, statusNote(m.info, this.missing, this.otherLanguage))));
  }

  /** t() in the widget's language. @param {string} key @param {Record<string, string | number>} [vars] */
  t(key, vars) { return this.tr(() => t(key, vars)); }

  /**
   * RunOptions: the engine's defaults, then the element's decoding attributes.
   * @returns {import('../state/schema.js').RunOptions}
   */
  options() {
    return attributeOptions(this, this.controller.optionTable ?? []);
  }

  text() {
    const src = this.stores.model.get().info?.src ?? 'en';
    return (this.getAttribute('text') ?? '').trim() || (EXAMPLES[src] ?? EXAMPLES.en)[0];
  }

  async start() {
    let catalogue = false;
    this.starting = true;
    try {
      this.controller.manifestUrl = catalogueOf(this);
      await this.controller.init();
      catalogue = true;
      if (!this.isConnected) return;  // removed meanwhile: nothing is loaded for it
      const wanted = this.getAttribute('model');
      // shown by renderStatus: a kind the catalogue lacks, or a name that is no model's (with those accepted)
      this.missing = wanted && !this.controller.entryOf(wanted) ? { name: wanted, ...whyUnmatched(this.controller.requireCatalog(), wanted) } : null;
      await this.controller.selectModel(wanted ?? undefined);
      if (this.isConnected) await this.translateText();
    } catch (e) {
      console.warn(e);  // shown in the status line
      // A catalogue that cannot be read is said even while a model of an earlier one is still shown.
      if (!catalogue || this.stores.model.get().status !== 'ready') this.stores.model.set({ status: 'error', error: /** @type {Error} */ (e).message, errorCode: /** @type {{code?: string}} */ (e).code ?? 'LOAD_FAILED' });
    } finally {
      this.starting = false;
    }
  }

  /** Translates `text` (default: the `text` attribute or an example). Not named translate(): that is
   *  HTMLElement's property for the standard `translate` attribute, which a method would shadow. */
  async translateText(text = this.text()) {
    this.controller.clearNotice();
    await this.controller.options();  // the attributes are read by the engine's option table
    if (!this.isConnected) return null;
    // a text in another language than the model reads is translated (the author chose it) and said so,
    // checked once the translation is shown (the identifier's download never delays it); the model's
    // own example sentences need no check
    const info = this.stores.model.get().info;
    const r = await this.runWith(() => this.controller.translate(text, this.options()));
    const own = info && (EXAMPLES[info.src] ?? []).includes(text);
    const offer = info && !own ? await languageOffer(text, info, this.controller.catalog?.models ?? []) : null;
    this.otherLanguage = offer && info ? { offer, model: info.id } : null;
    this.renderStatus();
    return r;
  }

  /** Starts a run; animates it when `autoplay` is set and the widget is (or comes) in view. @param {() => Promise<Run | null>} start @param {number} [fromIndex] */
  async runWith(start, fromIndex = -1) {
    const animate = this.hasAttribute('autoplay') && !reducedMotion();
    this.stores.playback.set({ index: fromIndex, playing: false });
    this.cancelPlay();
    this.visible?.disconnect(); this.visible = null;  // (and when the widget is removed)
    if (animate) {
      const run = this.stores.run.get().run;
      this.visible = whenVisible(this, () => {
        // the run has arrived (or its successor): play it; else when it arrives
        if (this.stores.run.get().run !== run) this.stores.playback.set({ playing: true });
        else this.cancelPlay = playNextRun(this.stores);
      });
    }
    try {
      const r = await start();
      if (!r) return null;
      await this.afterRun(r);  // (a view whose figure needs more of the engine's work: once drawn)
      if (!animate) this.stores.playback.set({ index: this.initialIndex(r) });
      this.dataset.ready = String(Number(this.dataset.ready ?? 0) + 1);  // tests wait on this
      this.dispatchEvent(new CustomEvent('attnseq-ready', { detail: { text: r.output }, bubbles: true }));
      return r;
    } catch (e) {
      console.warn(e);  // shown in the status line
      return null;
    }
  }

  /** The step shown when not animating: the last one, or the `step` attribute (1-based). @param {Run} run */
  initialIndex(run) {
    const step = Number(this.getAttribute('step'));
    return Number.isInteger(step) && step >= 1 ? Math.min(step, run.steps.length) - 1 : run.steps.length - 1;
  }

  /** Subclasses: after a run arrived (e.g. pick the self-attention query); a promise when the view's figure needs more work. @param {Run} _run @returns {void | Promise<void>} */
  afterRun(_run) {}
}
