// Text of the contract's pieces as the views show it: display text of a piece (control and bidi
// characters made visible), word groups and their labels, the default self-attention query, and the
// joining of translated sentences (the engine's rule, cpp/cli/main.cc join_sentences).
/** @typedef {import('./schema.js').Run} Run */

/** Display text of a piece: `▁` word marks dropped (control pieces such as `<s>` are shown as they are). @param {string} piece */
export function pieceText(piece) {
  const s = visible(piece.replace(/\u2581/g, ' ').trim());
  return s === '' ? '\u2423' : s;
}

/** @type {Record<string, string>} */
const BIDI = { '\u061C': 'ALM', '\u200E': 'LRM', '\u200F': 'RLM', '\u202A': 'LRE', '\u202B': 'RLE', '\u202C': 'PDF', '\u202D': 'LRO',
  '\u202E': 'RLO', '\u2066': 'LRI', '\u2067': 'RLI', '\u2068': 'FSI', '\u2069': 'PDI' };

/**
 * Characters a label must not carry as they are: control characters become their Control Pictures
 * (U+0000 → ␀) or [U+0085], bidi controls their name ([RLO]), so that a pasted override cannot
 * reorder the labels around it and a NUL cannot break an exported SVG.
 * @param {string} text
 */
export function visible(text) {
  return text
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, (c) => {
      const n = c.charCodeAt(0);
      return n < 0x20 ? String.fromCharCode(0x2400 + n) : n === 0x7f ? '\u2421' : `[U+${n.toString(16).toUpperCase().padStart(4, '0')}]`;
    })
    .replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, (c) => `[${BIDI[c]}]`);
}

/** True when the piece starts a word (a gap is drawn before it). @param {string} piece */
export function startsWord(piece) {
  return piece.startsWith('\u2581');
}

/**
 * Chinese or Japanese characters (and their punctuation and full-width forms): scripts that write no
 * spaces between words. The one test of it in web/src (word groups, labels, the heatmap's CJK class).
 */
export const CJK = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** True when `text` holds a Chinese or Japanese character (CJK). @param {string} text */
export function hasCjk(text) {
  return CJK.test(text);
}

/**
 * Groups of consecutive piece indices. Piece level (words = false): one group per piece, as the model
 * reads and writes them, a lone word-start piece "▁" included (SentencePiece writes one before a
 * character it has no "▁x" piece for, e.g. at the start of Chinese text; it is labelled ␣): merging it
 * would show two steps' numbers under one token. Word level: the pieces of each word (a word starts at
 * a "▁" piece, and a lone "▁" joins the piece after it; control pieces and Chinese or Japanese pieces,
 * which have no spaces to mark words, stand alone).
 * @param {string[]} pieces
 * @param {string[]} [controls]  the model's control pieces (<s>, </s>)
 * @param {boolean} [words]
 * @returns {number[][]}
 */
export function pieceGroups(pieces, controls = [], words = false) {
  /** @type {number[][]} */
  const groups = [];
  pieces.forEach((p, i) => {
    const prev = pieces[i - 1];
    const joinsLone = words && prev === '\u2581' && groups.length;
    const continues = words && i > 0 && !startsWord(p) && !controls.includes(p) && !controls.includes(prev)
      && !hasCjk(p) && !hasCjk(prev ?? '');
    if (joinsLone || continues) groups[groups.length - 1].push(i);
    else groups.push([i]);
  });
  return groups;
}

/**
 * The self-attention query a figure starts on: "it" (or 它), the tutorial's classic example, when the
 * sentence has it, else the first piece that is not a lone "▁".
 * @param {{piece: string}[]} tokens
 */
export function defaultQuery(tokens) {
  const it = tokens.findIndex((x) => /^\u2581?(it|它)$/i.test(x.piece));
  if (it >= 0) return it;
  return Math.max(0, tokens.findIndex((x) => x.piece !== '\u2581'));
}

/**
 * The text of a group of pieces (pieceText of their concatenation).
 * @param {string[]} pieces
 * @param {number[]} group
 */
export function groupText(pieces, group) {
  return pieceText(group.map((j) => pieces[j]).join(''));
}

/**
 * Label of each group, marking the ones that continue a word ("ate" → "a", "·te") so that every view
 * shows which pieces form a word.
 * @param {string[]} pieces
 * @param {number[][]} groups
 * @param {string[]} [controls]
 */
export function groupLabels(pieces, groups, controls = []) {
  return groups.map((g, k) => {
    const first = pieces[g[0]];
    const text = groupText(pieces, g);
    const before = k > 0 ? pieces[groups[k - 1][groups[k - 1].length - 1]] : undefined;
    const cont = k > 0 && !startsWord(first) && !controls.includes(first) && !(before !== undefined && controls.includes(before)) && before !== '\u2581'
      && !hasCjk(first) && first !== '\u2581' && /[\p{L}\p{N}]/u.test(text);  // not punctuation
    return cont ? `\u00B7${text}` : text;
  });
}

/**
 * The label of the piece written at step i: marked "·" when it continues the word of the piece before
 * it (the decoder's input at that step), as the figures mark it.
 * @param {{model: {bos: string, eos: string}, steps: {piece: string}[]}} run
 * @param {number} i
 */
export function stepLabel(run, i) {
  const prev = i > 0 ? run.steps[i - 1].piece : run.model.bos;
  return labelAfter(prev, run.steps[i].piece, [run.model.bos, run.model.eos]);
}

/**
 * The label of a piece written after `prev` (the decoder's last input): "·" when it continues prev's
 * word, by the rule of groupLabels. Shared by the step label, the top-k bars and the decoder loop.
 * @param {string} prev
 * @param {string} piece
 * @param {string[]} [controls]
 */
export function labelAfter(prev, piece, controls = []) {
  return pieceLabels([prev, piece], controls)[1];
}

/**
 * Labels of single pieces, marking those that continue a word (groupLabels with one piece per group).
 * @param {string[]} pieces
 * @param {string[]} [controls]
 */
export function pieceLabels(pieces, controls = []) {
  return groupLabels(pieces, pieces.map((_, j) => [j]), controls);
}

/**
 * The decoder input at step i: `<s>` followed by the tokens chosen before it.
 * @param {{model: {bos: string}, steps: {piece: string}[]}} run
 * @param {number} i
 */
export function decoderInput(run, i) {
  return [run.model.bos, ...run.steps.slice(0, Math.max(0, i)).map((s) => s.piece)];
}

/**
 * Translated sentences as one text, by the engine's rule (cpp/cli/main.cc join_sentences, which the
 * CLI's --sentences uses): a space between them, none after a sentence whose last character is in
 * U+3000–U+FFFF (its UTF-8 is three bytes led by E3–EF: Chinese, Japanese, Hangul, full-width forms).
 * @param {(string|null)[]} parts
 */
export function joinSentences(parts) {
  let out = '';
  for (const p of parts) {
    if (!p) continue;
    out += out && !noSpaceAfter(out) ? ` ${p}` : p;
  }
  return out;
}

/**
 * The engine's test on the UTF-8 bytes (the last character is three bytes led by E3–EF), on the
 * UTF-16 text: the last code point is in U+3000–U+FFFF. A character past U+FFFF (a surrogate pair)
 * is four bytes there; a lone surrogate reaches the engine as U+FFFD, three bytes led by EF.
 * @param {string} text
 */
function noSpaceAfter(text) {
  const last = text.charCodeAt(text.length - 1);
  if (last >= 0xdc00 && last <= 0xdfff) {
    const before = text.charCodeAt(text.length - 2);
    return !(before >= 0xd800 && before <= 0xdbff);
  }
  return last >= 0x3000;
}
