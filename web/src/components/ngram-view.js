// <attnseq-ngram>: at one decoder step, the N-gram count table's guess for the next word (from the last
// one or two words only: the Markov assumption) beside the neural decoder's distribution over its next
// token (from every token before and the whole source). app/ngram.js makes the data (ngramStep).
import { View, define, h, focusableScroll } from './dom.js';
import { t } from '../i18n/index.js';
import { pct } from './format.js';
import { pieceText } from '../state/text.js';

/**
 * @typedef {Object} NgramData
 * @property {number} index      the step
 * @property {string[]} before   the words written before it
 * @property {boolean} midWord   the step's piece continues a word
 * @property {boolean} english   the target is English (the table's language)
 * @property {number} sentences  sentences the table was counted from
 * @property {{context: string[], total: number, next: [string, number][]} | null} counts  the table's row (lookup())
 * @property {{piece: string, probability: number}[]} neural  the decoder's alternatives
 * @property {string} chosen     the piece the decoder took
 */

/** @extends {View<NgramData>} */
class NgramView extends View {
  /** @param {NgramData | null} d */
  render(d) {
    this.replaceChildren();
    if (!d) { this.appendChild(h('p', { class: 'empty' }, t('view.empty'))); return; }
    if (!d.english) { this.appendChild(h('p', { class: 'ng-note' }, t('ng.notEnglish'))); return; }
    const c = d.counts;
    const counts = h('div', { class: 'ng-side ng-counts' },
      h('p', { class: 'ng-title' }, h('strong', {}, t('ng.countsTitle'))),
      c ? h('p', { class: 'ng-context' }, t('ng.after', { context: c.context.join(' '), total: c.total.toLocaleString() }))
        : h('p', { class: 'ng-context' }, t('ng.unseen', { word: d.before.at(-1) ?? '<s>' })),
      c ? table('ng.countsCaption', [t('ng.colWord'), t('ng.colCount'), t('ng.colP')],
        c.next.map(([w, n]) => [w, n.toLocaleString(), pct(n / c.total)])) : null);
    const neural = h('div', { class: 'ng-side ng-neural' },
      h('p', { class: 'ng-title' }, h('strong', {}, t('ng.neuralTitle'))),
      h('p', { class: 'ng-context' }, t('ng.neuralContext', { n: d.index })),
      table('ng.neuralCaption', [t('ng.colToken'), t('ng.colP')],
        d.neural.map((a) => [pieceText(a.piece) + (a.piece === d.chosen ? ` ${t('ng.chosen')}` : ''), pct(a.probability)])));
    this.append(h('p', { class: 'ng-step' }, t('ng.step', { n: d.index + 1, words: d.before.join(' ') || '<s>' }),
      d.midWord ? ` ${t('ng.midWord')}` : ''), h('div', { class: 'ng-pair' }, counts, neural));
  }
}

/**
 * @param {string} caption  i18n key
 * @param {string[]} head
 * @param {string[][]} rows  the first cell is the row's header
 */
function table(caption, head, rows) {
  return focusableScroll(h('table', { class: 'ng-table' }, h('caption', {}, t(caption)),
    h('thead', {}, h('tr', {}, head.map((x) => h('th', { scope: 'col' }, x)))),
    h('tbody', {}, rows.map((r) => h('tr', {}, h('th', { scope: 'row' }, r[0]), r.slice(1).map((x) => h('td', {}, x)))))), t(caption));
}

define('attnseq-ngram', NgramView);
