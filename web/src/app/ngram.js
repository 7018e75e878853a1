// Prediction from the words before (the seed's 0x01): the N-gram count table of the English training
// sentences (web/data/ngram-en.json, written by train/ngram_counts.py) beside the neural decoder's
// next-token distribution at the same step. The table holds, for each context of 1 or 2 words seen
// often enough, its total count and its most frequent next words: count / total is the maximum-
// likelihood estimate of P(next | context) under the Markov assumption. No DOM here (tests/js/ngram.test.js).
import { assetUrl } from '../assets.js';

// the words of train/ngram_counts.py: runs of letters, digits, _ and apostrophes; any other non-space character alone
const WORD = /[\p{L}\p{N}\p{M}_']+|[^\p{L}\p{N}\p{M}_'\s]/gu;

/** The words of a text, as the counts were made: "You're late." → You're | late | . */
export const words = (/** @type {string} */ text) => text.match(WORD) ?? [];

/**
 * The count table: {order, sentences, contexts: {"w1 w2": [total, [[next, count], …]]}} (and what it was made from).
 * @typedef {{order: number, sentences: number, contexts: Record<string, [number, [string, number][]]>}} NgramTable
 */
/** @type {Promise<NgramTable> | null} */
let table = null;
/** The count table (fetched once). @returns {Promise<NgramTable>} */
export function loadNgrams(url = assetUrl('data') ? new URL('ngram-en.json', /** @type {URL} */ (assetUrl('data'))).href : 'data/ngram-en.json') {
  table ??= fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return r.json();  // (the file train/ngram_counts.py writes, taken as it is)
  });
  table.catch(() => { table = null; });  // a later view may try again
  return table;
}

/**
 * The longest context of the table that ends the words written so far (`<s>` before the first word):
 * {context: string[], total, next: [word, count][]} or null when not even the last word was seen often enough.
 * @param {{order: number, contexts: Record<string, [number, [string, number][]]>}} t
 * @param {string[]} before  the words written so far
 */
export function lookup(t, before) {
  const w = ['<s>', ...before];
  for (let n = Math.min(t.order - 1, w.length); n >= 1; n--) {
    const ctx = w.slice(-n);
    const hit = t.contexts[ctx.join(' ')];
    if (hit) return { context: ctx, total: hit[0], next: hit[1] };
  }
  return null;
}

/**
 * The view's data at step i of a run whose target is English: the words before the step (from the
 * translation so far), the table's row for them, and the decoder's alternatives at that step.
 * Mid-word steps (the piece continues a word) are marked: the N-gram's unit is the word.
 * @param {NgramTable} t  the table
 * @param {{steps: {text: string, piece: string, alternatives: {piece: string, probability: number}[], token: {id: number, piece: string}}[], model: {tgt: string}}} run
 * @param {number} i
 */
export function ngramStep(t, run, i) {
  const step = run.steps[i];
  if (!step) return null;
  const before = words(i > 0 ? run.steps[i - 1].text : '');
  const midWord = i > 0 && !step.piece.startsWith('\u2581') && /^[\p{L}\p{N}]/u.test(step.piece);
  return {
    index: i, before, midWord, english: run.model.tgt === 'en', sentences: t.sentences,
    counts: lookup(t, before), neural: step.alternatives.map((a) => ({ piece: a.piece, probability: a.probability })), chosen: step.token.piece,
  };
}

const bound = new WeakMap();
/**
 * Keeps `view` on the step the playback shows (widget view="ngram"): once per view; the table loads once.
 * @param {import('../components/dom.js').View} view
 * @param {Pick<import('../state/stores.js').Stores, 'run' | 'playback'>} stores
 */
export async function bindNgram(view, stores) {
  const t = await loadNgrams();
  if (bound.has(view)) return;
  const render = () => {
    const { run } = stores.run.get();
    view.data = run?.steps.length ? ngramStep(t, run, Math.max(0, Math.min(stores.playback.get().index, run.steps.length - 1))) : null;
  };
  bound.set(view, [stores.run.subscribe(render), stores.playback.subscribe(render)]);
  render();
}
