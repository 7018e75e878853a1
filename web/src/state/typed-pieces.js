// The source pieces as the reader typed them. The engine's tokenizer normalizes the text before it cuts
// it into pieces (NFKC, and for Chinese Traditional → Simplified: 貓 → 猫, 說話 → 说话, full-width
// ，→ ,), so its pieces may show characters the reader never typed. Each source token carries its span
// in the input (UTF-16 offsets): the figures label a piece with that part of the input instead, keeping
// the piece's word mark (▁). Control pieces (</s>, <unk>) and pieces without a span stay as they are.

/** A control piece, shown as it is (an unknown character reads <unk>, which is worth seeing). */
const CONTROL = /^<[^<>\s]+>$/;

/**
 * One label piece per source token: `▁` + the typed text of its span for a piece that starts a word,
 * the typed text for one that continues a word, the engine's piece where there is no typed text.
 * @param {{piece: string, span?: [number, number] | null}[]} tokens
 * @param {string} text  the input the spans point into
 * @returns {string[]}
 */
export function typedPieces(tokens, text) {
  return tokens.map(({ piece, span }) => {
    if (!span || !(span[1] > span[0]) || typeof text !== 'string' || CONTROL.test(piece)) return piece;
    const typed = text.slice(span[0], span[1]).trim();  // (a span starts at the whitespace its ▁ stands for)
    if (!typed) return piece;
    return (piece.startsWith('\u2581') ? '\u2581' : '') + typed;
  });
}
