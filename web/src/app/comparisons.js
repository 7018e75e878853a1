// The comparisons of the demo: the four score functions side by side (app/score-section.js) and two
// models on the same sentence (app/compare.js). One-shot translations, apart from the run store.
import { modelInfo, SCORE_KINDS } from './models.js';
import { getTranslator } from './translators.js';
import { typedPieces } from '../state/typed-pieces.js';
import { engineOptions } from './engine-options.js';

/** @typedef {import('./models.js').ModelEntry} ModelEntry */

/**
 * The catalogue's RNNs with attention of a language pair, in the order additive, dot, general, scaled dot.
 * @param {{models: ModelEntry[]} | null} catalog
 * @param {{src: string, tgt: string} | null} info  the current model's languages
 * @returns {ModelEntry[]}
 */
export function scoreModels(catalog, info) {
  return SCORE_KINDS.map((kind) => catalog?.models.find((m) => m.arch === 'rnn'
    && m.attention === kind && m.src === info?.src && m.tgt === info?.tgt))
    .filter(/** @returns {m is ModelEntry} */ (m) => !!m);
}

/**
 * @typedef {Object} ScoreComparison  one score function's translation
 * @property {string} kind
 * @property {ModelEntry} entry
 * @property {string[]} source        the source pieces (typedPieces)
 * @property {string[]} target        the pieces written
 * @property {ArrayLike<number>[]} rows    per step, the attention weights
 * @property {Float32Array[]} scores  per step, the scores the softmax turned into them
 * @property {string[]} controls      the model's `<s>` and `</s>` pieces
 */

/**
 * The four score functions side by side: every model of `entries` translates `text` greedily, step
 * by step; each gives its pieces, its attention rows and, per step, the scores behind them.
 * @param {ModelEntry[]} entries  scoreModels()
 * @param {string} text
 * @param {object} [owner]  who holds the models (a widget: translators.js getTranslator)
 * @returns {Promise<ScoreComparison[]>}
 */
export async function compareScores(entries, text, owner) {
  const out = [];
  for (const entry of entries) {
    const tr = await getTranslator(entry, undefined, owner);
    const gen = tr.generate(text, { strategy: 'greedy', alternatives: 1 });
    const src = await gen.source;
    /** @type {string[]} */
    const target = [];
    /** @type {ArrayLike<number>[]} */
    const rows = [];
    /** @type {Float32Array[]} */
    const scores = [];
    for await (const s of gen) {
      target.push(s.token.piece);
      rows.push(s.alignment);
      scores.push(s.crossScores?.data ?? new Float32Array(0));
    }
    const controls = [tr.info.controlIds.bosPiece, tr.info.controlIds.eosPiece];
    out.push({ kind: entry.attention, entry, source: typedPieces(src.sourceTokens, text), target, rows, scores, controls });
  }
  return out;
}

/**
 * A one-shot translation for the side-by-side views (no streaming).
 * @param {ModelEntry} entry
 * @param {string} text
 * @param {import('../state/schema.js').RunOptions} options
 * @param {readonly import('../state/options.js').OptionSpec[]} table  the engine's option table
 */
export async function translateWith(entry, text, options, table) {
  const tr = await getTranslator(entry);
  const r = await tr.translate(text, engineOptions(options, table));
  const { data, rows, cols } = r.attention;
  const matrix = [];
  for (let i = 0; i < rows; i++) matrix.push(data.subarray(i * cols, (i + 1) * cols));
  return { model: modelInfo(entry, tr.info), text: r.text, sourceTokens: r.sourceTokens, tokens: r.tokens, probabilities: r.probabilities, rows: matrix, macs: r.macs };
}

/**
 * The engine's sensitivity() of `text`, greedy (app/memory.js): {model, result}.
 * @param {ModelEntry} entry
 * @param {string} text
 */
export async function sensitivityOf(entry, text) {
  const tr = await getTranslator(entry);
  return { model: modelInfo(entry, tr.info), result: await tr.sensitivity(text, { strategy: /** @type {'greedy'} */ ('greedy') }) };
}
