// Example sentences per source language, one list for every source language of the catalogue
// (tests/js/examples.test.js): check sentences (train/heldout.json, train/sets/check_sentences.json;
// tests/py/test_heldout.py), as docs/models.md shows them.
/** @type {Record<string, string[]> & {en: string[]}} */
export const EXAMPLES = {
  en: ['You should wear shoes.', 'The cat drank the milk because it was hungry.', 'The cat drank the milk because it was sweet.', 'I ate an apple and then a banana.', 'How are you?'],
  zh: ['我吃了一个苹果。', '你好吗？', '你应该穿鞋。', '猫喝了牛奶，因为它饿了。'],
  fr: ["Je suis étudiant.", "Tu devrais porter des chaussures.", "Le chat a bu le lait parce qu'il avait faim.", "Le chat a bu le lait parce qu'il était sucré.",
    "J'ai mangé une pomme, puis une banane.", "Comment allez-vous ?"],
  de: ['Ich habe einen Apfel gegessen.', 'Du solltest Schuhe tragen.', 'Die Katze trank die Milch, weil sie hungrig war.', 'Die Katze trank die Milch, weil sie süß war.',
    'Ich habe einen Apfel und dann eine Banane gegessen.', 'Wie geht es dir?'],
  // the first four are the sentences of TensorFlow's "Neural machine translation with attention" tutorial
  es: ['Hace mucho frío aquí.', 'Esta es mi vida.', '¿Todavía están en casa?', 'Trata de averiguarlo.', 'Me comí una manzana.',
    'El gato se bebió la leche porque tenía hambre.', '¿Cómo estás?'],
};
