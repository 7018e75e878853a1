// The translation as the page shows it: its text, the words the model was unsure of underlined with
// dots (their probability in a tooltip and, for every reader, named in the note below), and one note
// when the whole translation is far from what the model learned from, or a decoding guard acted
// (app/confidence.js computes it from the engine's probabilities and the catalogue's thresholds), or
// the engine read the text with its accents, capitals and apostrophes restored (the result's readAs).
import { t } from '../i18n/index.js';
import { pct } from '../components/format.js';

/**
 * A marked word as the note names it: without the sentence punctuation it ends in ("2", not "2.", before
 * the note's own full stop), other marks kept ("100%", "C++", "l'").
 * @param {string} text
 */
export function noteWord(text) {
  return text.trim().replace(/(?<=[\p{L}\p{N}])[.,;:!?\u2026\u3001\u3002\uff01\uff0c\uff1a\uff1b\uff1f]+$/u, '');
}

/**
 * The note under a translation, or '' (every sentence a guard, the confidence or the restored input adds,
 * in the UI language).
 * @param {import('./confidence.js').Confidence | import('./confidence.js').ParagraphConfidence | null} c
 *   a text of several sentences: each sentence that has something to say, named ("Sentence 3 of 5: …")
 * @param {string} [readAs]  the text the model read, when not the typed text
 * @param {{k: number, n: number} | null} [sentence]  in a paragraph, which sentence (1-based) readAs is of
 */
export function outputNote(c, readAs = '', sentence = null) {
  const parts = !readAs ? [] : sentence ? [t('app.readAsSentence', { text: readAs, ...sentence })] : [t('app.readAs', { text: readAs })];
  if (!c) return parts.join(' ');
  if ('sentences' in c) {
    for (const s of c.sentences) {
      const said = confidenceNotes(s.confidence);
      if (said.length) parts.push(t('conf.inSentence', { k: s.k, n: s.n, note: said.join(' ') }));
    }
  } else {
    parts.push(...confidenceNotes(c));
  }
  return parts.join(' ');
}

/** What one translation's confidence adds to the note. @param {import('./confidence.js').Confidence} c @returns {string[]} */
function confidenceNotes(c) {
  const parts = [];
  if (c.unsure) parts.push(t('conf.sentence', { p: pct(Math.exp(c.meanLogprob)) }));
  const unsure = c.words.filter((w) => w.unsure).map((w) => noteWord(w.text));
  if (unsure.length) parts.push(t('conf.words', { words: unsure.join(t('conf.sep')) }));
  if (c.capped) parts.push(t('guard.capped'));
  if (c.blocked) parts.push(t('guard.blocked', { n: c.blocked }));
  if (c.numbers) parts.push(t('guard.numbers', { n: c.numbers }));
  if (c.names) parts.push(t('guard.names', { n: c.names }));
  return parts;
}

/**
 * Writes a translation into an <output> (and its note into the element after it with class
 * "output-note", made when missing). Without confidence data (a model the catalogue gives no
 * thresholds, a run not finished), the plain text.
 * @param {HTMLElement} el
 * @param {string} text
 * @param {import('./confidence.js').Confidence | import('./confidence.js').ParagraphConfidence | null} c
 * @param {string} [readAs]  the text the model read, when the engine restored the typed text
 * @param {{k: number, n: number} | null} [sentence]  in a paragraph, which sentence readAs is of
 */
export function renderOutput(el, text, c, readAs = '', sentence = null) {
  let note = el.nextElementSibling;
  if (!note?.classList.contains('output-note')) {
    note = Object.assign(document.createElement('p'), { className: 'output-note' });
    note.setAttribute('part', 'output-note');
    el.after(note);
  }
  const words = c?.words;
  if (!words?.some((w) => w.unsure)) {
    el.textContent = text;
  } else {
    el.replaceChildren(...words.flatMap((w) => {
      const lead = /^ */.exec(w.text)?.[0] ?? '';
      const word = w.text.slice(lead.length);
      if (!w.unsure) return [w.text];
      const span = Object.assign(document.createElement('span'), { className: 'unsure', textContent: word });
      span.title = t('conf.token', { p: pct(w.probability) });
      return lead ? [lead, span] : [span];
    }));
  }
  const said = outputNote(c, readAs, sentence);
  note.textContent = said;
  /** @type {HTMLElement} */ (note).hidden = !said;
  el.classList.toggle('far', !!(c && ('sentences' in c ? c.sentences.some((s) => s.confidence.unsure) : c.unsure)));
}
