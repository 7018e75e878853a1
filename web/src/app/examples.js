// Example sentences per source language (the same as train/report.py's, so docs/models.md and the
// demo show the same sentences).
export const EXAMPLES = {
  en: ['You should wear shoes.', 'The cat drank the milk because it was hungry.', 'The cat drank the milk because it was sweet.', 'I ate an apple and then a banana.', 'How are you?'],
  zh: ['我吃了一个苹果。', '你好吗？', '你应该穿鞋。', '猫喝了牛奶，因为它饿了。'],
};

/**
 * Whether `text` is plainly not written in `lang`, by script: Chinese text has Han characters; text in a
 * language written in Latin letters (en, fr, de, es) has more Latin letters than Han characters. Other
 * languages, and text with neither (numbers, punctuation), are never judged.
 * @param {string} text
 * @param {string} lang
 */
export function notInLanguage(text, lang) {
  const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
  const latin = (text.match(/\p{Script=Latin}/gu) ?? []).length;
  if (lang === 'zh') return han === 0 && latin > 0;
  if (['en', 'fr', 'de', 'es'].includes(lang)) return han > latin;
  return false;
}
