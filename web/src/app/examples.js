// Example sentences per source language (the same as train/report.py's, so docs/models.md and the
// demo show the same sentences).
/** @type {Record<string, string[]> & {en: string[]}} */
export const EXAMPLES = {
  en: ['You should wear shoes.', 'The cat drank the milk because it was hungry.', 'The cat drank the milk because it was sweet.', 'I ate an apple and then a banana.', 'How are you?'],
  zh: ['我吃了一个苹果。', '你好吗？', '你应该穿鞋。', '猫喝了牛奶，因为它饿了。'],
};
