// <attnseq-decoder-loop>: the autoregressive loop. One row per step: the decoder input so far
// (`<s>`, `<s> Tu`, `<s> Tu devrais`, …) → the token it produced, until `</s>`. The current step is
// highlighted and kept in view; rows after it are not shown yet. The input is what the model reads: a
// generated `<unk>` whose text was copied from the source is written as that text and read back as `<unk>`.
// A step where a guard took away the token the model preferred (the name, number or repeat guard) is
// marked, and its title and accessible name say which guard removed which token.
/**
 * @typedef {{piece: string, probability: number}} Removed
 * @typedef {Pick<import('../index.js').GenerationStep, 'piece' | 'probability' | 'forced' | 'end' | 'done' | 'copied'> & { token: { piece: string }, blocked?: Removed[], numberBlocked?: Removed[], nameBlocked?: Removed[] }} LoopStep
 * @typedef {Object} LoopData
 * @property {string} bos        the model's start piece (`<s>`)
 * @property {LoopStep[]} steps
 * @property {number} index      current step (-1: nothing produced yet)
 * @property {boolean} done      the run has ended (no more steps will come)
 * @property {boolean} failed    the run ended with an error (nothing more to show)
 */
// events: attnseq-seek {index} when a row is activated.
import { View, define, h, pct, reducedMotion, beforePaint } from './dom.js';
import { pieceText, labelAfter, pieceLabels, startsWord } from '../state/text.js';
import { t, getLanguage } from '../i18n/index.js';

/**
 * A token chip; `control`: the model's <s> or </s>; `label`: its text (default: the piece's).
 * @param {string} piece
 * @param {string} [cls]
 * @param {boolean} [control]
 * @param {string} [label]
 */
const chip = (piece, cls = '', control = false, label = pieceText(piece)) => h('span', {
  class: `tok${startsWord(piece) ? ' ws' : ''}${control ? ' ctl' : ''}${cls ? ' ' + cls : ''}`,
}, label);

/**
 * The guard that changed a step's token, and the token it removed that the model ranked first (null when
 * none acted): the step records list what each guard removed above the chosen token, most likely first.
 * @param {LoopStep} step
 * @returns {{guard: string, removed: Removed} | null}
 */
export function guardOf(step) {
  for (const [guard, list] of /** @type {[string, Removed[] | undefined][]} */ ([['names', step.nameBlocked], ['numbers', step.numberBlocked], ['repeat', step.blocked]])) {
    if (list?.length) return { guard, removed: list[0] };
  }
  return null;
}

/** @extends {View<LoopData>} */
class DecoderLoop extends View {
  connectedCallback() {
    super.connectedCallback();
    this.addEventListener('click', (e) => {
      const row = /** @type {HTMLElement | null | undefined} */ (/** @type {Element} */ (e.target).closest?.('[data-step]'));
      if (row) this.emit('attnseq-seek', { index: Number(row.dataset.step) });
    });
    this.addEventListener('keydown', (e) => {
      const row = /** @type {HTMLElement | null | undefined} */ (/** @type {Element} */ (e.target).closest?.('[data-step]'));
      if (row && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        this.emit('attnseq-seek', { index: Number(row.dataset.step) });
      }
    });
  }

  /** @type {HTMLOListElement | null} */
  #list = null;
  /** @type {HTMLParagraphElement | null} */
  #status = null;
  /** @type {LoopStep[] | null} */
  #steps = null;
  /** @type {string | null} */
  #lang = null;
  #bos = '<s>';

  // Incremental: rows stay in the DOM while the same run is shown; stepping adds or removes rows.
  /** @param {LoopData | null} d */
  render(d) {
    if (!d) { this.replaceChildren(); this.#steps = null; return; }
    this.#bos = d.bos;
    let list = this.#list, status = this.#status;  // (made together)
    if (this.#steps !== d.steps || this.#lang !== getLanguage() || !list?.isConnected || !status) {
      list = this.#list = h('ol', { class: 'loop-rows', 'aria-label': t('loop.label') });
      status = this.#status = h('p', { class: 'loop-status' });
      this.replaceChildren(list, status);
      this.#steps = d.steps;
      this.#lang = getLanguage();
    }
    const shown = Math.min(d.index, d.steps.length - 1);
    const rows = /** @type {HTMLCollectionOf<HTMLLIElement>} */ (list.children);
    if (rows[0]?.classList.contains('pending')) rows[0].remove();
    while (rows.length > shown + 1) rows[rows.length - 1].remove();
    for (let i = rows.length; i <= shown; i++) list.appendChild(this.#row(d.steps, i));
    if (shown < 0 && !d.failed) {
      list.appendChild(h('li', { class: 'loop-row current pending' },
        h('span', { class: 'loop-n' }, '1'), h('span', { class: 'loop-in' }, chip(d.bos, '', true)),
        h('span', { class: 'loop-arrow', 'aria-hidden': 'true' }, '→'), h('span', { class: 'loop-out' }, '…')));
    }
    for (const li of /** @type {NodeListOf<HTMLLIElement>} */ (list.querySelectorAll('.loop-row.current:not(.pending)'))) {
      li.classList.remove('current'); li.tabIndex = -1; li.removeAttribute('aria-current');
    }
    const cur = shown >= 0 ? rows[shown] : null;
    if (cur) { cur.classList.add('current'); cur.tabIndex = 0; cur.setAttribute('aria-current', 'step'); }
    const last = shown >= 0 ? d.steps[shown] : null;
    status.textContent = last?.end ? t('loop.ended') : last?.done ? t('loop.lengthLimit')
      : d.done || d.failed || shown < d.steps.length - 1 ? '' : t('loop.thinking');
    status.classList.toggle('warn', !!last?.done && !last.end);
    // The current row scrolled into the list's view, measured once the page is laid out for this frame.
    if (cur) {
      beforePaint(() => {
        if (!cur.isConnected) return;
        const top = cur.offsetTop - list.offsetTop, bottom = top + cur.offsetHeight;
        if (top < list.scrollTop || bottom > list.scrollTop + list.clientHeight) {
          list.scrollTo({ top: Math.max(0, bottom - list.clientHeight + 4), behavior: reducedMotion() ? 'auto' : 'smooth' });
        }
      });
    }
  }

  /**
   * @param {LoopStep[]} steps
   * @param {number} i
   */
  #row(steps, i) {
    const step = steps[i];
    const input = [this.#bos, ...steps.slice(0, i).map((x) => x.token.piece)];  // the model reads `<unk>`, not the copy
    const labels = pieceLabels(input, [this.#bos]);  // a piece that continues a word marked "·", as in the row that wrote it
    // the written token marked "·" when it continues the input's last word, as the figures mark it
    const out = labelAfter(input[input.length - 1], step.piece, step.end ? [this.#bos, step.piece] : [this.#bos]);
    const copied = step.copied >= 0;  // written from the source in the place of the model's <unk>
    const acted = guardOf(step);
    const guarded = acted ? t('loop.guarded', { guard: t(`loop.guard.${acted.guard}`), token: pieceText(acted.removed.piece), p: pct(acted.removed.probability) }) : '';
    return h('li', {
      class: 'loop-row', 'data-step': i, tabindex: -1,
      'aria-label': t('loop.row', {
        n: i + 1, input: labels.join(' '), token: out, p: pct(step.probability),
      }) + (copied ? ` ${t('loop.copied', { token: pieceText(step.token.piece), text: pieceText(step.piece) })}` : '') + (acted ? ` ${guarded}` : ''),
    },
    h('span', { class: 'loop-n' }, String(i + 1)),
    // every chip before the last is `prior`: a narrow screen shows only the last one on rows that are not
    // the current one (components.css), so that each row stays one line
    h('span', { class: 'loop-in' }, input.map((p, k) => chip(p, k === input.length - 1 ? (i > 0 ? 'new' : '') : 'prior', k === 0, labels[k]))),
    h('span', { class: 'loop-arrow', 'aria-hidden': 'true' }, '→'),
    h('span', { class: 'loop-out' }, chip(step.piece, `out${step.forced ? ' forced' : ''}${copied ? ' copied' : ''}${acted ? ' guarded' : ''}`, step.end, out),
      h('small', { class: 'loop-p' }, pct(step.probability)),
      copied ? h('small', { class: 'loop-copied', title: t('loop.copied', { token: pieceText(step.token.piece), text: pieceText(step.piece) }) }, t('loop.copiedMark')) : null,
      acted ? h('small', { class: 'loop-guarded', title: guarded }, t('loop.guardedMark')) : null));
  }
}

define('attnseq-decoder-loop', DecoderLoop);
