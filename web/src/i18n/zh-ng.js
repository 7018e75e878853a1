// N 元语法视图（components/ngram-view.js）的中文界面文字；并入 zh.js。
export default {
  'ng.notEnglish': '计数表是英语的：请选一个写英语的模型（中文 → 英语），才能与解码器比较。',
  'ng.countsTitle': 'N 元语法计数（训练集中的英语）',
  'ng.after': '在 «{context}» 之后（训练句子中出现 {total} 次）：',
  'ng.unseen': '«{word}» 及其前面的词在训练句子中太少见：计数表里没有这一行。',
  'ng.countsCaption': '最常见的下一个词及其比例：次数 ÷ 总数',
  'ng.neuralTitle': '神经网络解码器',
  'ng.neuralContext': '它的下一个词元分布，依据整个源句和它已写出的 {n} 个词元：',
  'ng.neuralCaption': '最可能的下一个词元及其概率',
  'ng.colWord': '下一个词',
  'ng.colCount': '次数',
  'ng.colP': '概率',
  'ng.colToken': '下一个词元',
  'ng.chosen': '（选中）',
  'ng.step': '第 {n} 步，之前：{words}',
  'ng.midWord': '（这一步接着写一个词：计数以整词为单位）',
};
