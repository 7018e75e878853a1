// Example sentences per source language (the same as train/report.py's, so docs/models.md and the
// demo show the same sentences).
export const EXAMPLES = {
  en: ['You should wear shoes.', 'The cat drank the milk because it was hungry.', 'The cat drank the milk because it was sweet.', 'I ate an apple and then a banana.', 'How are you?'],
  zh: ['我吃了一个苹果。', '你好吗？', '你应该穿鞋。', '猫喝了牛奶，因为它饿了。'],
};

// Function words that mark a Latin-script sentence as French, German or Spanish rather than English
// (none of them an English word), and English ones (none of them a word of the other three).
const FOREIGN = new Set(('le la les du des est et je tu vous nous il elle ils elles une pas que qui dans avec sur ce '
  + 'ne au aux suis sont était mon mes ta très sommes êtes ont fait cette '
  + 'der das und ist ich nicht ein eine zu mit sie es dem auf wir ihr sind mein dein sehr hast auch '
  + 'el los las y yo usted está mi muy por para del una estoy tengo').split(' '));
const ENGLISH = new Set(('the is are was were of and to you it that he she we they not with this my your do does have '
  + 'has what where how why my i me his her our their will would can could should there be been').split(' '));

/**
 * Whether `text` is plainly not written in `lang`:
 * - by script: Chinese text has Han characters; text in a language written in Latin letters (en, fr, de,
 *   es) has more Latin letters than Han characters;
 * - for English, by its function words: at least two French, German or Spanish ones and more than twice as
 *   many of them as English ones, or, in a text of three words or more, one and no English one ("Je suis
 *   très fatigué." and "Wo ist der Bahnhof?" are not English; "He said je ne sais quoi." is). On the
 *   Tatoeba pairs this flags 1 of the 355,542 English sentences of eng-fra, eng-deu and eng-spa (distinct
 *   per file; "Nobody walks in LA.") and 89% of the French, 81% of the German and 62% of the Spanish ones (words chosen by hand, then those that
 *   are also English words removed: hat, son, pour, ton, ma, era, con, den, bin, lo).
 * Other languages, and text with neither script (numbers, punctuation), are never judged.
 * @param {string} text
 * @param {string} lang
 */
export function notInLanguage(text, lang) {
  const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
  const latin = (text.match(/\p{Script=Latin}/gu) ?? []).length;
  if (lang === 'zh') return han === 0 && latin > 0;
  if (!['en', 'fr', 'de', 'es'].includes(lang)) return false;
  if (han > latin) return true;
  if (lang !== 'en') return false;
  const words = (text.toLowerCase().match(/[\p{L}]+/gu) ?? []);
  const foreign = words.filter((w) => FOREIGN.has(w)).length, english = words.filter((w) => ENGLISH.has(w)).length;
  return (foreign >= 2 && foreign > 2 * english) || (foreign >= 1 && english === 0 && words.length >= 3);
}
