// How sure the model was of a translation (issue 29: a translation the model is unsure of is shown as
// unsure), from what the engine computed: each step's probability. The thresholds are the catalogue's
// (train/calibrate_confidence.py calibrates them on the model's test split: docs/models.md gives how
// often each fires on good and on bad translations). Pure functions: views/output-view.js draws them.
import { hasCjk } from '../state/text.js';

import { joinSentences } from '../state/text.js';

/**
 * @typedef {{text: string, probability: number, unsure: boolean}} Word
 * @typedef {{words: Word[], meanLogprob: number, unsure: boolean, capped: boolean, blocked: number, numbers: number, names: number}} Confidence
 * @typedef {{piece?: string, token?: {piece: string}, probability: number, end?: boolean, capped?: boolean, blocked?: unknown[], numberBlocked?: unknown[], nameBlocked?: unknown[]}} ConfidenceStep
 *   what confidenceOf reads of a step (generate()'s GenerationStep has it all)
 * @typedef {{k: number, n: number, confidence: Confidence}} SentenceConfidence  sentence k (1-based) of n
 * @typedef {{words: Word[] | null, sentences: SentenceConfidence[]}} ParagraphConfidence
 *   a text of several sentences: the words of the whole translation (null when they do not spell it) and
 *   each sentence's own confidence
 */

/**
 * The words of a translation (pieces joined at SentencePiece's word marks; a piece without one, as in
 * Chinese, continues the word before only when it is not a CJK character) with the least probability
 * of their pieces, and the translation's mean log-probability per token (`</s>` included, as the
 * calibration counts it). Null when the steps do not spell `output` (then nothing is marked).
 * @param {ConfidenceStep[]} steps
 * @param {string} output   the engine's translation text
 * @param {{token: number, sentence: number} | null} thresholds
 * @returns {Confidence | null}
 */
export function confidenceOf(steps, output, thresholds) {
  if (!thresholds || !steps.length) return null;
  /** @type {Word[]} */
  const words = [];
  let logsum = 0;
  for (const s of steps) {
    logsum += Math.log(Math.max(s.probability, 1e-12));
    if (s.end) continue;
    const piece = s.piece ?? s.token?.piece ?? '';
    const starts = piece.startsWith('\u2581');
    const text = piece.replace(/\u2581/g, ' ');
    const cjk = hasCjk(text.charAt(0));
    const last = words.at(-1);
    const punct = /^[\p{P}\p{S}]/u.test(text);
    // a piece without a word mark continues the word before: punctuation always (Chinese's too; a doubtful mark
    // after a word, as the "." of "I have 3 and cats and 2." where the model wanted the noun, makes that
    // word unsure: the mark alone is too small to see and tells the reader nothing), anything else when it
    // is not a CJK character and the word does not end in punctuation
    if (last && !starts && (punct || (!cjk && !/[\p{P}\p{S}]$/u.test(last.text)))) {
      last.text += text;
      last.probability = Math.min(last.probability, s.probability);
    } else {
      words.push({ text, probability: s.probability, unsure: false });
    }
  }
  const joined = words.map((w) => w.text).join('').trim();
  if (joined !== output.trim()) return null;
  if (words.length) words[0].text = words[0].text.replace(/^ +/, '');
  // (a word of punctuation alone, as a quote mark after a space, is never marked)
  for (const w of words) w.unsure = w.probability < thresholds.token && /[\p{L}\p{N}]/u.test(w.text);
  const meanLogprob = logsum / steps.length;
  return {
    words, meanLogprob, unsure: meanLogprob < thresholds.sentence,
    capped: steps.some((s) => s.capped), blocked: steps.reduce((n, s) => n + (s.blocked?.length ?? 0), 0),
    // the steps where the number guard (copyNumbers) chose another token than the model's first choice
    numbers: steps.filter((s) => s.numberBlocked?.length).length,
    // the steps where the name guard (copyNames) did
    names: steps.filter((s) => s.nameBlocked?.length).length,
  };
}

/**
 * What confidenceOf reads, from a step of generate() (without its attention: a paragraph keeps them) or, for
 * a translate() result, from its tokens and probabilities (the last token is the end when the translation
 * finished, else the length cap stopped it; the guards' records come with steps only: beam search).
 * @param {{tokens: {piece: string}[], probabilities: ArrayLike<number>, finished: boolean, steps?: ConfidenceStep[] | null}} result
 * @returns {ConfidenceStep[]}
 */
export function confidenceSteps(result) {
  if (result.steps) return result.steps.map(lightStep);
  const last = result.tokens.length - 1;
  return result.tokens.map((token, i) => ({
    token: { piece: token.piece }, probability: result.probabilities[i],
    end: i === last && result.finished, capped: i === last && !result.finished,
  }));
}

/** @param {ConfidenceStep} s @returns {ConfidenceStep} */
export function lightStep(s) {
  return {
    piece: s.piece, token: s.token && { piece: s.token.piece }, probability: s.probability, end: s.end, capped: s.capped,
    blocked: s.blocked, numberBlocked: s.numberBlocked, nameBlocked: s.nameBlocked,
  };
}

/**
 * A text of several sentences, each translated by itself: its sentences' words in the order of the joined
 * translation (joinSentences: the space it puts between two sentences goes before the next one's first
 * word), and the confidence of each sentence that has one (its steps known). A sentence without one
 * (not translated yet, or its steps unknown) is shown plain; null when no sentence has one.
 * @param {{output: string | null, confidence: Confidence | null}[]} parts
 * @returns {ParagraphConfidence | null}
 */
export function paragraphConfidence(parts) {
  /** @type {SentenceConfidence[]} */
  const sentences = [];
  parts.forEach((p, i) => { if (p.confidence) sentences.push({ k: i + 1, n: parts.length, confidence: p.confidence }); });
  if (!sentences.length) return null;
  /** @type {Word[]} */
  const words = [];
  let soFar = '';
  for (const p of parts) {
    if (!p.output) continue;
    const joined = joinSentences([soFar, p.output]);
    const gap = joined.slice(soFar.length, joined.length - p.output.length);
    const own = p.confidence?.words ?? [{ text: p.output, probability: 1, unsure: false }];
    own.forEach((w, j) => words.push(j === 0 ? { ...w, text: gap + w.text } : w));
    soFar = joined;
  }
  const spelled = words.map((w) => w.text).join('') === soFar;
  return { words: spelled ? words : null, sentences };
}
