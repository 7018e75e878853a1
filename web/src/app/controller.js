// The app controller: the only code that calls the engine. It turns user intents (pick a model,
// translate, take another token at step i) into engine calls and fills the stores with data of the
// contract (web/src/state/contract.js) as it streams in. Views never see the engine.
import { emptyRun } from '../state/contract.js';
import { getTranslator, loadManifest, modelInfo, isNoAttention, isAttentionRnn, hasFailed, forgetTranslator } from './models.js';
import { errorFields } from './errors.js';

const EOS_ID = 3;
const ALTERNATIVES = 6;

/** A manifest entry's `arch` ("transformer", "rnn", "gru-attn", "gru-noattn") against the loaded model. */
function checkArchitecture(entry, info) {
  const want = String(entry.arch ?? '').toLowerCase();
  const c = info?.config ?? {};
  if (!want || !c.arch) return;
  const found = c.arch === 'transformer' ? 'Transformer' : c.attention === 'none' ? 'GRU (no attention)' : `GRU (${c.attention} attention)`;
  const wrong = /transformer/.test(want) ? c.arch !== 'transformer'
    : /rnn|gru/.test(want) ? c.arch !== 'rnn' || (/no-?attn/.test(want) ? c.attention !== 'none' : /attn/.test(want) && c.attention === 'none')
      : false;
  if (wrong) {
    throw Object.assign(new Error(`the file ${entry.file ?? entry.url} holds a ${found} model, but the catalogue lists "${entry.id}" as ${entry.arch}`),
      { code: 'MODEL_MISMATCH' });
  }
}

/** Engine step → contract Step. */
export function toStep(s) {
  return {
    token: s.token, piece: s.token.piece, text: s.text, probability: s.probability,
    alternatives: s.alternatives ?? [], crossAttention: s.crossAttention ?? null,
    alignment: s.alignment ?? [], forced: !!s.forced, eos: s.token.id === EOS_ID, macs: s.macs ?? 0,
  };
}

/** The options the engine gets for a run (only the ones of the chosen strategy). */
export function engineOptions(o) {
  const out = { strategy: o.strategy };
  if (o.strategy === 'beam') Object.assign(out, { beamSize: o.beamSize, lengthPenalty: o.lengthPenalty, numHypotheses: o.beamSize });
  if (o.strategy === 'sample') Object.assign(out, { temperature: o.temperature, topK: o.topK, topP: o.topP, seed: o.seed });
  if (o.maxLength) out.maxLength = o.maxLength;
  if (o.kvCache === false) out.kvCache = false;
  return out;
}

export class AppController {
  /**
   * @param {{model: any, run: any, work?: any}} stores  model and run stores (state/stores.js);
   *   work: a store of {cached: number[], uncached: number[]} (KV-cache counter), optional
   */
  constructor(stores, { manifestUrl } = {}) {
    this.stores = stores;
    this.manifestUrl = manifestUrl;
    this.catalog = null;
    this.entry = null;
    this.loaded = null;  // the entry last loaded successfully: kept when another one fails to load
    this.runs = 0;
    this.abort = null;
  }

  async init() {
    this.catalog = await loadManifest(this.manifestUrl);
    this.stores.model.set({ models: this.catalog.models.map(({ id, label, src, tgt }) => ({ id, label, src, tgt })), fallback: this.catalog.fallback });
    return this.catalog;
  }

  /** A manifest entry by id, or by a part of its id or arch ("transformer", "noattn"). */
  entryOf(id) {
    if (!id) return undefined;
    const ms = this.catalog.models, q = String(id).toLowerCase();
    return ms.find((m) => m.id === id) ?? ms.find((m) => m.id.toLowerCase().includes(q)) ?? ms.find((m) => (m.arch ?? '').toLowerCase().includes(q))
      ?? (/no-?attn|fixed/.test(q) ? ms.find(isNoAttention) : /attn|attention/.test(q) ? ms.find(isAttentionRnn) : undefined)
      ?? (q === 'transformer' ? ms.find((m) => /transformer/i.test(m.label ?? '')) : undefined);
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
    this.stores.model.set({ status: 'loading', progress: 0, modelId: entry.id, error: null, errorCode: null, failed: null });
    try {
      const tr = await getTranslator(entry, ({ loaded, total }) => {
        if (this.entry === entry) this.stores.model.set({ progress: total ? loaded / total : 0 });
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
          failed: entry.label, ...errorFields(e) });
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
   * @returns {Promise<import('../state/contract.js').Run|null>} null when superseded
   */
  async translate(text, options, forced = null) {
    this.abort?.abort();
    const ctrl = new AbortController();
    this.abort = ctrl;
    const entry = this.entry;
    // The model's worker died (crash, out of memory, terminated): restart it, loading the model again;
    // a model that failed to load is tried again (with the store showing the progress or the error).
    if (hasFailed(entry) || this.stores.model.get().status === 'error') await this.selectModel(entry.id);
    const tr = await getTranslator(entry);
    const info = modelInfo(entry, tr.info);
    const run = emptyRun(++this.runs, text, info, { ...options, prefix: forced ?? undefined });
    const { run: runStore } = this.stores;
    runStore.set({ run, status: 'running', error: null, errorCode: null, notice: null, version: 0 });
    this.stores.work?.set({ cached: [], uncached: [] });
    const bump = () => { if (this.abort === ctrl) runStore.set({ version: runStore.get().version + 1 }); };
    try {
      let prefix = forced, beam = null;
      if (options.strategy === 'beam') {
        beam = await tr.translate(text, { ...engineOptions(options), prefix: forced ?? undefined, signal: ctrl.signal });
        run.beamTrace = beam.beamTrace ?? null;
        run.hypotheses = beam.hypotheses.map((x) => ({ text: x.text, score: x.score }));
        prefix = beam.tokens.filter((x) => x.id !== EOS_ID).map((x) => x.id);
      }
      const stepOptions = beam ? { strategy: 'greedy' } : engineOptions(options);
      const gen = tr.generate(text, { ...stepOptions, alternatives: ALTERNATIVES, prefix: prefix?.length ? prefix : undefined, signal: ctrl.signal });
      const src = await gen.source;
      run.sourceTokens = src.sourceTokens;
      run.encoderAttention = src.encoderAttention ?? null;
      run.encoderMacs = src.macs ?? 0;
      bump();
      for await (const s of gen) {
        const step = toStep(s);
        if (beam) {
          // The steps replay the beam's hypothesis; the last one is its ending, not greedy's choice.
          step.forced = forced ? run.steps.length < forced.length : false;
          const i = run.steps.length;
          if (i === prefix.length) {
            const end = beam.tokens[i];
            if (end && end.id !== step.token.id) {
              step.token = end; step.piece = end.piece; step.eos = end.id === EOS_ID;
              step.probability = beam.probabilities[i] ?? step.alternatives.find((a) => a.id === end.id)?.probability ?? 0;
            }
            step.text = beam.text;
          }
        }
        run.steps.push(step);
        run.output = step.text;
        bump();
        if (beam && run.steps.length > prefix.length) break;
      }
      if (beam) run.output = beam.text;
      run.done = true;
      if (this.abort === ctrl) runStore.set({ status: 'done', version: runStore.get().version + 1 });
      if (info.arch === 'transformer' && this.stores.work && this.abort === ctrl) this.#countWork(tr, run, ctrl);
      return run;
    } catch (e) {
      if (e?.code === 'ABORTED' || this.abort !== ctrl) return null;
      run.done = true;
      runStore.set({ status: 'error', ...errorFields(e, { max: tr.info?.config?.maxSrcLen ?? '?' }), version: runStore.get().version + 1 });
      throw e;
    }
  }

  /** Re-decodes the current run from step `index` with token `id` instead of the one it took. */
  alternative(index, id) {
    const run = this.stores.run.get().run;
    if (!run) return null;
    const forced = [...run.steps.slice(0, index).map((x) => x.token.id), id];
    return this.translate(run.text, run.options, forced);
  }

  /** The KV-cache counter: the same tokens decoded again without the cache, per-step work of both. */
  async #countWork(tr, run, ctrl) {
    const ids = run.steps.filter((x) => !x.eos).map((x) => x.token.id);
    const cached = run.steps.map((x) => x.macs);
    this.stores.work.set({ cached, uncached: [] });
    try {
      const uncached = [];
      const gen = tr.generate(run.text, { strategy: 'greedy', kvCache: false, alternatives: 1, prefix: ids.length ? ids : undefined, signal: ctrl.signal });
      for await (const s of gen) {
        uncached.push(s.macs);
        if (uncached.length >= cached.length) break;
      }
      if (this.abort === ctrl) this.stores.work.set({ cached, uncached });
    } catch { /* superseded or failed: the counter stays empty */ }
  }

  /**
   * One-shot translations for side-by-side views (no streaming): {text, sourceTokens, tokens, rows}.
   * @param {string} id model id
   */
  async translateWith(id, text, options = { strategy: 'greedy' }) {
    const entry = this.entryOf(id);
    const tr = await getTranslator(entry);
    const r = await tr.translate(text, engineOptions(options));
    const { data, rows, cols } = r.attention;
    const matrix = [];
    for (let i = 0; i < rows; i++) matrix.push(data.subarray(i * cols, (i + 1) * cols));
    return { model: modelInfo(entry, tr.info), text: r.text, sourceTokens: r.sourceTokens, tokens: r.tokens, rows: matrix, macs: r.macs };
  }
}
