// Registers every view element (importing this module is enough).
import './decoder-loop.js';
import './playback.js';
import './topk-bars.js';
import './attention-lines.js';
import './heatmap.js';
import './head-picker.js';
import './beam-tree.js';
import './bleu-chart.js';
import './work-counter.js';
import './softmax-step.js';
import './context-figure.js';
import './score-compare.js';
import './path-lengths.js';
import './interventions.js';
import './memory.js';
import './ngram-view.js';
