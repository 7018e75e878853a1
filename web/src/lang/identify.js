// Which language a text is in (issue 29: the direction follows the text). The identifier is eld
// (docs/langid.md), built by scripts/build_langid.mjs into attnseq-langid.js beside the WebAssembly
// module and loaded the first time it is asked (about 145 KB brotli; the service worker keeps it).
import { assetUrl } from '../assets.js';
import { hasCjk } from '../state/text.js';

/** @typedef {{language: string, confident: boolean, scores: Record<string, number>}} Identified */

/** Below this many letters a text says too little to name its language (names, numbers, "OK"). */
export const MIN_LETTERS = 4;
/** The best score must lead the second by this much to be called confident (docs/langid.md). */
export const MARGIN = 0.1;

/** @type {Promise<{detect: (t: string) => {language: string, scores: Record<string, number>}, LANGUAGES: string[]}> | null} */
let module = null;

/** The identifier's module (loaded once). @param {URL | null} [base] the directory it lies in */
export function loadIdentifier(base = assetUrl('wasm')) {
  if (!base) return Promise.reject(new Error('attnseq: no URL to load the language identifier from'));
  module ??= import(new URL('attnseq-langid.js', base).href);
  return module;
}

/**
 * The language of `text` by the scores of the identifier (pure: tested without the module).
 * @param {string} text
 * @param {{language: string, scores: Record<string, number>}} raw what detect() returned
 * @returns {Identified}
 */
export function judge(text, raw) {
  const letters = (String(text).match(/\p{L}/gu) ?? []).length;
  const ranked = Object.values(raw.scores).sort((a, b) => b - a);
  const lead = (ranked[0] ?? 0) - (ranked[1] ?? 0);
  const cjk = hasCjk(text);  // (a script written without spaces: fewer letters say as much)
  const enough = cjk ? letters >= 2 : letters >= MIN_LETTERS;
  return { language: raw.language, confident: Boolean(raw.language) && enough && lead >= MARGIN, scores: raw.scores };
}

/**
 * The language of a text.
 * @param {string} text
 * @returns {Promise<Identified>}
 */
export async function identify(text) {
  const m = await loadIdentifier();
  return judge(text, m.detect(text));
}

/**
 * The catalogue entry to offer for text in `language`, given the model in use: the one that reads
 * `language` and writes what the current one writes, else the current one's source language if that
 * is what it writes (the reverse direction), else any model that reads `language`; null when none reads it.
 * @template {{id: string, src: string, tgt: string, arch?: string}} M
 * @param {string} language
 * @param {M} current
 * @param {M[]} models
 * @returns {M | null}
 */
export function modelFor(language, current, models) {
  const reads = models.filter((m) => m.src === language);
  if (!reads.length) return null;
  const sameArch = (/** @type {M} */ m) => (m.arch ?? '') === (current.arch ?? '');
  const pick = (/** @type {M[]} */ list) => list.find(sameArch) ?? list[0];
  const sameTarget = reads.filter((m) => m.tgt === current.tgt && m.tgt !== language);
  if (sameTarget.length) return pick(sameTarget);
  const reverse = reads.filter((m) => m.tgt === current.src);
  if (reverse.length) return pick(reverse);
  return pick(reads);
}
