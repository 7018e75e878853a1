// English UI text of the N-gram view (components/ngram-view.js); merged into en.js.
export default {
  'ng.notEnglish': 'The count table is of English: pick a model that writes English (Chinese → English) to compare it with the decoder.',
  'ng.countsTitle': 'N-gram counts (the training English)',
  'ng.after': 'After «{context}» ({total} times in the training sentences):',
  'ng.unseen': '«{word}» and the words before it were too rare in the training sentences: the table has no row for them.',
  'ng.countsCaption': 'The most frequent next words and their share: count ÷ total',
  'ng.neuralTitle': 'The neural decoder',
  'ng.neuralContext': 'Its next-token distribution, from the whole source and the {n} tokens it has written:',
  'ng.neuralCaption': 'The most likely next tokens and their probabilities',
  'ng.colWord': 'Next word',
  'ng.colCount': 'Count',
  'ng.colP': 'Probability',
  'ng.colToken': 'Next token',
  'ng.chosen': '(chosen)',
  'ng.step': 'Step {n}, after: {words}',
  'ng.midWord': '(this step continues a word: the counts are of whole words)',
};
