// The app controller: the one object the page and the widgets talk to, and the only one that holds the
// engine's side of the app (the catalogue, the current model, the option table, the run in progress).
// It only routes: each user intent goes to the module that does it, which fills the stores with data
// of the contract (web/src/state/schema.js). Views never see the engine.
//   model choice                   app/model-choice.js
//   a run (streaming, beam search) app/run-stream.js   (then the work count: app/work-count.js)
//   paragraphs, alternatives       app/paragraph.js
//   the comparisons                app/comparisons.js  (score functions; two models side by side)
//   the options sent to the engine app/engine-options.js
import { loadManifest } from './models.js';
import { matchModel } from './model-match.js';
import { optionTable } from '../state/options.js';
import { selectModel } from './model-choice.js';
import { translateRun } from './run-stream.js';
import { translateParagraph, selectSentence, alternative, clearTranslation } from './paragraph.js';
import { scoreModels, compareScores, translateWith, sensitivityOf } from './comparisons.js';

/** @typedef {import('../state/stores.js').Stores} Stores */
/** @typedef {import('../state/schema.js').RunOptions} RunOptions */
/** @typedef {import('../state/schema.js').Run} Run */
/** @typedef {import('../state/options.js').OptionSpec} OptionSpec */
/** @typedef {import('./models.js').ModelEntry} ModelEntry */
/** @typedef {{default: string, models: ModelEntry[]}} Catalog */

export class AppController {
  /**
   * @param {Pick<Stores, 'model' | 'run'> & Partial<Pick<Stores, 'work' | 'paragraph'>>} stores  model and
   *   run stores (state/stores.js); work: the KV-cache counter's, paragraph: the text's sentences, both optional
   * @param {{manifestUrl?: string, owner?: object}} [options]  manifestUrl: the catalogue (default:
   *   models/manifest.json); owner: who holds the models it loads until translators.js releaseTranslators()
   *   (a widget; without one they stay loaded for the page's life)
   */
  constructor(stores, { manifestUrl, owner } = {}) {
    this.stores = stores;
    this.manifestUrl = manifestUrl;
    this.owner = owner;
    /** @type {Catalog | null} */
    this.catalog = null;
    /** @type {OptionSpec[] | null} the engine's decoding options (Translator.decodingOptions()), once known */
    this.optionTable = null;
    /** @type {Promise<OptionSpec[]> | null} */
    this.optionsReady = null;
    /** @type {ModelEntry | null} the current model */
    this.entry = null;
    /** @type {ModelEntry | null} the entry last loaded successfully: kept when another one fails to load */
    this.loaded = null;
    this.runs = 0;
    this.paragraphs = 0;
    /** @type {AbortController | null} the run in progress */
    this.abort = null;
    /** a run that ends before it was drawn shows its text a frame before its figures (the demo sets it) */
    this.textFirst = false;
  }

  /**
   * Loads the catalogue. The engine's option table is asked for at the same time but not waited for
   * (it needs the WebAssembly module compiled, which must not hold up the model's download):
   * `optionsReady` resolves with it, and translations wait for it.
   */
  async init() {
    this.options().catch(() => {});  // asked again by the first translation
    this.catalog = await loadManifest(this.manifestUrl);
    this.stores.model.set({ models: this.catalog.models.map(({ id, label, src, tgt, arch, attention }) => ({ id, label, src, tgt, arch, attention })) });
    return this.catalog;
  }

  /**
   * The engine's option table: asked for once (again after a failure), then kept.
   * @returns {Promise<OptionSpec[]>}
   */
  options() {
    if (this.optionTable) return Promise.resolve(this.optionTable);
    this.optionsReady ??= optionTable().then((table) => (this.optionTable = table));
    this.optionsReady.catch(() => { this.optionsReady = null; });
    return this.optionsReady;
  }

  /** The catalogue, once init() has loaded it. */
  requireCatalog() {
    if (!this.catalog) throw Object.assign(new Error('the catalogue is not loaded yet (init())'), { code: 'LOAD_FAILED' });
    return this.catalog;
  }

  /**
   * A catalogue entry by id, or by a kind ("transformer", "scaled-dot", …): app/model-match.js.
   * @param {string} id
   * @returns {ModelEntry | undefined}
   */
  entryOf(id) {
    return this.catalog ? matchModel(this.catalog, id) : undefined;
  }

  /**
   * Loads a model and makes it current (app/model-choice.js).
   * @param {string} [id]  default: the catalogue's
   */
  selectModel(id) {
    return selectModel(this, id ?? this.requireCatalog().default);
  }

  /**
   * Translates `text`, streaming its steps into the run store (app/run-stream.js). `forced`: target
   * ids the output must start with.
   * @param {string} text
   * @param {RunOptions} options
   * @param {number[] | null} [forced]
   */
  translate(text, options, forced = null) {
    return translateRun(this, text, options, forced);
  }

  /** A notice of the last request ("type a sentence first") goes as soon as a new one is made. */
  clearNotice() {
    if (this.stores.run.get().notice) this.stores.run.set({ notice: null });
  }

  /**
   * Translates a text of one or more sentences (app/paragraph.js).
   * @param {string} text
   * @param {RunOptions} options
   * @param {number} [selected]  the sentence shown in the views
   */
  translateParagraph(text, options, selected = 0) {
    return translateParagraph(this, text, options, selected);
  }

  /** Takes the translation off the page (app/paragraph.js clearTranslation). @param {string} [text] */
  clearTranslation(text) {
    clearTranslation(this, text);
  }

  /** Shows sentence `index` of the paragraph. @param {number} index @param {RunOptions} options */
  selectSentence(index, options) {
    return selectSentence(this, index, options);
  }

  /** Re-decodes the current run from step `index` with token `id`. @param {number} index @param {number} id */
  alternative(index, id) {
    return alternative(this, index, id);
  }

  /** The catalogue's RNNs with attention of the current language pair (app/comparisons.js). */
  scoreModels() {
    return scoreModels(this.catalog, this.stores.model.get().info);
  }

  /** The four score functions side by side on `text` (app/comparisons.js). @param {string} text */
  compareScores(text) {
    return compareScores(this.scoreModels(), text, this.owner);
  }

  /**
   * A one-shot translation with model `id` for the side-by-side views (app/comparisons.js); it waits
   * for the engine's option table.
   * @param {string} id  model id
   * @param {string} text
   * @param {RunOptions} [options]
   */
  async translateWith(id, text, options = { strategy: 'greedy' }) {
    const entry = this.entryOf(id);
    if (!entry) throw Object.assign(new Error(`the catalogue has no model "${id}"`), { code: 'LOAD_FAILED' });
    return translateWith(entry, text, options, await this.options());
  }

  /** The engine's sensitivity() of `text` with model `id` (app/comparisons.js, app/memory.js).
   *  @param {string} id @param {string} text */
  sensitivityOf(id, text) {
    const entry = this.entryOf(id);
    if (!entry) throw Object.assign(new Error(`the catalogue has no model "${id}"`), { code: 'LOAD_FAILED' });
    return sensitivityOf(entry, text);
  }
}
