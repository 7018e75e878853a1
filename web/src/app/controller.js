// The app controller: the only code that calls the engine. It turns user intents (pick a model,
// translate, take another token at step i) into engine calls and fills the stores with data of the
// contract (web/src/state/schema.js) as it streams in. Views never see the engine. What a model
// is and does (its kind, its control tokens, where a sentence ends) comes from the engine, never
// from constants or names here.
import { emptyRun } from '../state/schema.js';
import { getTranslator, loadManifest, modelInfo, hasFailed, forgetTranslator, SCORE_KINDS } from './models.js';
import { matchModel } from './model-match.js';
import { loadProgress } from './load-progress.js';
import { typedPieces } from '../state/typed-pieces.js';
import { errorFields } from './errors.js';
import { modelLabel } from './model-names.js';
import { optionTable } from '../state/options.js';
import { beforePaint } from '../components/frames.js';

/** @typedef {import('../state/stores.js').ModelState} ModelState */
/** @typedef {import('../state/stores.js').RunState} RunState */
/** @typedef {import('../state/stores.js').WorkState} WorkState */
/** @template T @typedef {import('../state/store.js').Store<T>} Store */
/** @typedef {import('../state/schema.js').RunOptions} RunOptions */

const ALTERNATIVES = 6;
const MAX_SENTENCES = 100;  // a paragraph's sentences are translated one by one: a page's worth at most

/**
 * The catalogue entry's arch/attention (written from the file by scripts/manifest_sha256.mjs) against
 * the model actually loaded. A hand-written catalogue may leave them out: then nothing is claimed.
 */
function checkArchitecture(entry, info) {
  const c = info.config;
  const found = { arch: c.arch, attention: c.arch === 'transformer' ? 'multihead' : c.attention };
  const wrong = ['arch', 'attention'].filter((k) => entry[k] !== undefined && entry[k] !== found[k]);
  if (!wrong.length) return;
  throw Object.assign(new Error(`the file ${entry.file ?? entry.url} holds a ${found.arch} model with ${found.attention} attention, `
    + `but the catalogue lists "${entry.id}" as ${entry.arch ?? '?'} with ${entry.attention ?? '?'} attention`), { code: 'MODEL_MISMATCH' });
}

/**
 * The options the engine gets for a run: the ones that apply to every strategy or to the chosen one
 * (the engine's option table says which), as set in `o`.
 * @param {import('../state/schema.js').RunOptions} o
 * @param {{name: string, applies: string}[]} table  Translator.decodingOptions()
 */
export function engineOptions(o, table) {
  const out = { strategy: o.strategy };
  for (const spec of table) {
    if (spec.name === 'strategy' || spec.name === 'prefix' || o[spec.name] === undefined) continue;
    if (spec.applies === '' || spec.applies === o.strategy) out[spec.name] = o[spec.name];
  }
  return out;
}

/** How long a run streams before the views show its steps as they come (ms). */
const STREAM_SHOWN_AFTER_MS = 100;

/** Runs fn after `ms`; {cancel()}. */
function later(fn, ms) {
  const id = setTimeout(fn, ms);
  return { cancel: () => clearTimeout(id) };
}


export class AppController {
  /**
   * @param {{model: Store<ModelState>, run: Store<RunState>, work?: Store<WorkState>,
   *   paragraph?: Store<import('../state/stores.js').ParagraphState>}} stores  model and run stores
   *   (state/stores.js); work: the KV-cache counter's, paragraph: the text's sentences, both optional
   * @param {{manifestUrl?: string}} [options]  manifestUrl: the catalogue (default: models/manifest.json)
   */
  constructor(stores, { manifestUrl } = {}) {
    this.stores = stores;
    this.manifestUrl = manifestUrl;
    this.catalog = null;
    this.optionTable = null;  // the engine's decoding options (Translator.decodingOptions()), once known
    /** @type {Promise<import('../state/options.js').OptionSpec[]> | null} */
    this.optionsReady = null;
    this.entry = null;
    this.loaded = null;  // the entry last loaded successfully: kept when another one fails to load
    this.runs = 0;
    this.paragraphs = 0;
    this.abort = null;
  }

  /**
   * Loads the catalogue. The engine's option table is asked for at the same time but not waited for
   * (it needs the WebAssembly module compiled, which must not hold up the model's download):
   * `optionsReady` resolves with it, and translations wait for it.
   */
  async init() {
    this.optionsReady ??= optionTable().then((table) => (this.optionTable = table));
    this.optionsReady.catch(() => { this.optionsReady = null; });  // a later call asks again
    this.catalog = await loadManifest(this.manifestUrl);
    this.stores.model.set({ models: this.catalog.models.map(({ id, label, src, tgt, arch, attention }) => ({ id, label, src, tgt, arch, attention })) });
    return this.catalog;
  }

  /** A catalogue entry by id, or by a kind ("transformer", "scaled-dot", …): app/model-match.js. */
  entryOf(id) {
    return matchModel(this.catalog, id);
  }

  /**
   * Loads a model (shared with any other user of the same file) and makes it current. When it cannot
   * be loaded (damaged file, error page, another architecture than the manifest says) and another
   * model was loaded before, that one stays current and usable; the store's `failed` names the one
   * that failed (and error/errorCode say why). Rejects with the load error either way.
   */
  async selectModel(id = this.catalog.default) {
    const entry = this.entryOf(id) ?? this.entryOf(this.catalog.default);
    const previous = this.loaded;
    this.entry = entry;
    this.stores.model.set({ status: 'loading', ...loadProgress(0, null, entry.bytes), modelId: entry.id, error: null, errorCode: null, failed: null });
    try {
      const tr = await getTranslator(entry, ({ loaded, total }) => {
        // A compressed download has no total: then the catalogue's size of the file (its `bytes`), else
        // the bytes so far, not a percentage stuck at 0
        if (this.entry === entry) this.stores.model.set(loadProgress(loaded, total, entry.bytes));
      });
      if (this.entry !== entry) return null;
      checkArchitecture(entry, tr.info);
      this.loaded = entry;
      this.stores.model.set({ status: 'ready', progress: 1, info: modelInfo(entry, tr.info), error: null, errorCode: null, failed: null });
      return tr;
    } catch (e) {
      // Not kept loaded, unless another catalogue entry uses the same file.
      if (e?.code === 'MODEL_MISMATCH' && !this.catalog.models.some((m) => m !== entry && m.url === entry.url)) forgetTranslator(entry);
      if (this.entry !== entry) throw e;
      const kept = previous && previous !== entry ? await getTranslator(previous).catch(() => null) : null;
      if (kept && !kept.failure && this.entry === entry) {
        this.entry = previous;
        this.stores.model.set({ status: 'ready', progress: 1, modelId: previous.id, info: modelInfo(previous, kept.info),
          failed: modelLabel(entry), ...errorFields(e) });
      } else if (this.entry === entry) {
        this.loaded = null;
        this.stores.model.set({ status: 'error', info: null, failed: null, ...errorFields(e) });
      }
      throw e;
    }
  }

  /**
   * Translates `text` with `options` (RunOptions), streaming steps into the run store.
   * `forced`: target ids the output must start with (re-decoding from an alternative).
   * @returns {Promise<import('../state/schema.js').Run|null>} null when superseded
   */
  async translate(text, options, forced = null) {
    this.clearNotice();
    await this.optionsReady;
    this.abort?.abort();
    const ctrl = new AbortController();
    this.abort = ctrl;
    const entry = this.entry;
    const tr = await this.#translator(entry);
    const info = modelInfo(entry, tr.info);
    const run = emptyRun(++this.runs, text, info, { ...options, prefix: forced ?? undefined });
    const { run: runStore } = this.stores;
    runStore.set({ run, status: 'running', error: null, errorCode: null, notice: null, version: 0 });
    this.stores.work?.set({ cached: [], uncached: [] });
    // While the steps stream in, the views redraw once per frame at most (a fast model streams several
    // per frame; each redraw lays the page out and paints it again), and only once the run has taken
    // STREAM_SHOWN_AFTER_MS: a run that ends sooner is drawn once, when it ends.
    let frame = null, streaming = false;
    const bump = () => {
      if (frame || this.abort !== ctrl) return;
      frame = (streaming ? beforePaint : (fn) => later(fn, STREAM_SHOWN_AFTER_MS))(() => {
        frame = null;
        streaming = true;
        if (this.abort === ctrl) runStore.set({ version: runStore.get().version + 1 });
      });
    };
    const settle = () => { frame?.cancel(); frame = null; };
    try {
      if (options.strategy === 'beam') await this.#beam(tr, run, options, forced, ctrl, bump);
      else await this.#stream(tr, run, options, forced, ctrl, bump);
      run.done = true;
      settle();
      if (this.abort === ctrl) runStore.set({ status: 'done', version: runStore.get().version + 1 });
      if (info.arch === 'transformer' && this.stores.work && this.abort === ctrl) this.#countWork(tr, run, ctrl);
      return run;
    } catch (e) {
      settle();
      if (e?.code === 'ABORTED' || this.abort !== ctrl) return null;
      run.done = true;
      runStore.set({ status: 'error', ...errorFields(e, { max: tr.info?.config?.maxSrcLen ?? '?' }), version: runStore.get().version + 1 });
      throw e;
    }
  }

  /** A notice of the last request ("type a sentence first") goes as soon as a new one is made. */
  clearNotice() {
    if (this.stores.run.get().notice) this.stores.run.set({ notice: null });
  }

  /**
   * The current model's Translator. When its worker died (crash, out of memory, terminated) it is
   * restarted, loading the model again; a model that failed to load is tried again (with the store
   * showing the progress or the error).
   */
  async #translator(entry) {
    if (hasFailed(entry) || this.stores.model.get().status === 'error') await this.selectModel(entry.id);
    return getTranslator(entry);
  }

  /**
   * Translates a text of one or more sentences (the engine splits it; the models are trained on single
   * sentences): sentence `selected` streams into the run store for the views, then every other one is
   * translated for the output. The paragraph store holds the sentences and their translations.
   * @returns {Promise<import('../state/schema.js').Run|null>} the selected sentence's run; null when superseded
   */
  async translateParagraph(text, options, selected = 0) {
    this.clearNotice();
    const paragraph = this.stores.paragraph;
    const my = ++this.paragraphs;
    const tr = await this.#translator(this.entry);
    const parts = await tr.sentences(text);
    if (my !== this.paragraphs) return null;
    if (parts.length > MAX_SENTENCES) {
      const e = Object.assign(new Error(`the text has ${parts.length} sentences; at most ${MAX_SENTENCES} are translated at a time`),
        { code: 'TOO_MANY_SENTENCES' });
      // Nothing of the previous text stays on screen (its run would still be playing under the error):
      // a run in progress stops, the views empty (the status line shows no detail under it: errors.js).
      this.abort?.abort();
      this.abort = null;
      paragraph?.set({ text, selected: 0, sentences: [] });
      this.stores.run.set({ run: null, status: 'error', ...errorFields(e, { n: parts.length, max: MAX_SENTENCES }) });
      throw e;
    }
    if (!parts.length) parts.push({ text, span: [0, text.length] });
    selected = Math.min(Math.max(0, selected), parts.length - 1);
    paragraph?.set({ text, selected, sentences: parts.map((p) => ({ ...p, output: null, ended: null })) });
    const run = await this.translate(parts[selected].text, options);
    if (!run || my !== this.paragraphs) return run;
    this.#sentenceDone(selected, run.output, run.steps.at(-1)?.end ?? true);
    for (let i = 0; i < parts.length && paragraph; i++) {
      if (i === selected) continue;
      const r = await tr.translate(parts[i].text, engineOptions(options, this.optionTable));
      if (my !== this.paragraphs) break;
      this.#sentenceDone(i, r.text, r.finished);
    }
    return run;
  }

  /** Shows sentence `index` of the paragraph in the views (its run streams into the run store). */
  selectSentence(index, options) {
    const p = this.stores.paragraph?.get();
    if (!p?.sentences[index]) return null;
    this.stores.paragraph.set({ selected: index });
    return this.translate(p.sentences[index].text, options);
  }

  #sentenceDone(i, output, ended) {
    const paragraph = this.stores.paragraph;
    if (!paragraph) return;
    paragraph.set({ sentences: paragraph.get().sentences.map((s, k) => (k === i ? { ...s, output, ended } : s)) });
  }

  /** Greedy or sampling: the steps stream in as the engine takes them. */
  async #stream(tr, run, options, forced, ctrl, bump) {
    const gen = tr.generate(run.text, { ...engineOptions(options, this.optionTable), alternatives: ALTERNATIVES,
      prefix: forced?.length ? forced : undefined, signal: ctrl.signal });
    const src = await gen.source;
    run.sourceTokens = src.sourceTokens;
    run.encoderAttention = src.encoderAttention ?? null;
    run.attentionValues = src.attentionValues ?? [];
    run.encoderMacs = src.macs ?? 0;
    bump();
    for await (const step of gen) {
      run.steps.push(step);
      run.output = step.text;
      bump();
    }
  }

  /** Beam search: one call; the best hypothesis's steps as the engine recorded them, the trace, the n-best. */
  async #beam(tr, run, options, forced, ctrl, bump) {
    const r = await tr.translate(run.text, { ...engineOptions(options, this.optionTable),
      alternatives: ALTERNATIVES, prefix: forced?.length ? forced : undefined, signal: ctrl.signal, supersede: 'run' });
    run.sourceTokens = r.sourceTokens;
    run.encoderAttention = r.encoderAttention ?? null;
    run.attentionValues = r.attentionValues ?? [];
    run.encoderMacs = r.encoderMacs ?? 0;
    run.beamTrace = r.beamTrace ?? null;
    run.hypotheses = r.hypotheses.map((x) => ({ text: x.text, score: x.score }));
    run.steps = r.steps ?? [];
    run.output = r.text;
    bump();
  }

  /** Re-decodes the current run from step `index` with token `id` instead of the one it took. */
  async alternative(index, id) {
    const run = this.stores.run.get().run;
    if (!run) return null;
    const forced = [...run.steps.slice(0, index).map((x) => x.token.id), id];
    const { prefix: _, ...options } = run.options;
    const next = await this.translate(run.text, options, forced);
    // the sentence's translation is now this one
    const p = this.stores.paragraph?.get();
    if (next && p?.sentences[p.selected]?.text === run.text) this.#sentenceDone(p.selected, next.output, next.steps.at(-1)?.end ?? true);
    return next;
  }

  /** The KV-cache counter: the same tokens decoded again without the cache, per-step work of both. */
  async #countWork(tr, run, ctrl) {
    const ids = run.steps.filter((x) => !x.end).map((x) => x.token.id);
    const cached = run.steps.map((x) => x.macs);
    const hypotheses = run.options.strategy === 'beam' ? run.options.beamSize ?? 1 : 1;
    this.stores.work.set({ cached, uncached: [], hypotheses });
    try {
      const uncached = [];
      const gen = tr.generate(run.text, { strategy: 'greedy', kvCache: false, alternatives: 1, prefix: ids.length ? ids : undefined, signal: ctrl.signal });
      for await (const s of gen) {
        uncached.push(s.macs);
        if (uncached.length >= cached.length) break;
      }
      if (this.abort === ctrl) this.stores.work.set({ cached, uncached, hypotheses });
    } catch { /* superseded or failed: the counter stays empty */ }
  }

  /** The catalogue's RNNs with attention of the current language pair, in the order additive, dot, general, scaled dot. */
  scoreModels() {
    const info = this.stores.model.get().info;
    return SCORE_KINDS.map((kind) => this.catalog?.models.find((m) => m.arch === 'rnn'
      && m.attention === kind && m.src === info?.src && m.tgt === info?.tgt)).filter(Boolean);
  }

  /**
   * The four score functions side by side: every RNN with attention of the current language pair
   * (scoreModels) translates `text` greedily, step by step; each gives its pieces, its attention rows
   * and, per step, the scores the softmax turned into them.
   * @returns {Promise<{kind: string, entry: any, source: string[], target: string[], rows: Float32Array[], scores: Float32Array[]}[]>}
   */
  async compareScores(text) {
    const out = [];
    for (const entry of this.scoreModels()) {
      const kind = entry.attention;
      const tr = await getTranslator(entry);
      const gen = tr.generate(text, { strategy: 'greedy', alternatives: 1 });
      const src = await gen.source;
      const target = [], rows = [], scores = [];
      for await (const s of gen) {
        target.push(s.token.piece);
        rows.push(s.alignment);
        scores.push(s.crossScores?.data ?? new Float32Array(0));
      }
      const controls = [tr.info.controlIds.bosPiece, tr.info.controlIds.eosPiece];
      out.push({ kind, entry, source: typedPieces(src.sourceTokens, text), target, rows, scores, controls });
    }
    return out;
  }

  /**
   * One-shot translations for side-by-side views (no streaming): {text, sourceTokens, tokens, rows}.
   * @param {string} id model id
   * @param {string} text
   * @param {RunOptions} [options]
   */
  async translateWith(id, text, options = { strategy: 'greedy' }) {
    const entry = this.entryOf(id);
    const tr = await getTranslator(entry);
    const r = await tr.translate(text, engineOptions(options, this.optionTable));
    const { data, rows, cols } = r.attention;
    const matrix = [];
    for (let i = 0; i < rows; i++) matrix.push(data.subarray(i * cols, (i + 1) * cols));
    return { model: modelInfo(entry, tr.info), text: r.text, sourceTokens: r.sourceTokens, tokens: r.tokens, rows: matrix, macs: r.macs };
  }
}
