// <attnseq-topk>: the next-token distribution at one step as probability bars. The chosen token is
// marked (the target colour); activating another alternative asks to re-decode from that prefix. When
// sampling, each token has a second bar (green) with its probability in the distribution drawn from, and
// a legend names the three colours; a token that could not be drawn says why (cut by top-k, by top-p).
/**
 * @typedef {Object} TopkData
 * @property {import('../index.js').Alternative[]} alternatives  descending
 * @property {number} chosen          id of the token the run took
 * @property {number} index           the step
 * @property {string[]} [context]     pieces of the decoder input at this step (for the caption)
 * @property {boolean} [interactive]  alternatives are buttons (default true)
 * @property {ArrayLike<number> | null} [sampled]  sampling: each alternative's probability in the distribution
 *                                    the token was drawn from (after temperature, top-k, top-p; 0 = cut)
 * @property {{temperature?: number, topK?: number, topP?: number}} [options]  the sampling settings (for the
 *                                    legend, and why a token was cut)
 * @property {string[]} [controls]    the model's control pieces (<s>, </s>)
 */
// A piece that would continue the word before it (no "▁") is marked "·", as in the other figures.
// events: attnseq-alternative {index, id, piece}
import { View, define, h, pct } from './dom.js';
import { pieceText, labelAfter } from '../state/text.js';
import { t } from '../i18n/index.js';

/** @extends {View<TopkData>} */
class TopkBars extends View {
  connectedCallback() {
    super.connectedCallback();
    this.addEventListener('click', (e) => {
      const b = /** @type {HTMLButtonElement | null | undefined} */ (/** @type {Element} */ (e.target).closest?.('button[data-id]'));
      if (!b || b.getAttribute('aria-pressed') === 'true') return;
      this.emit('attnseq-alternative', { index: Number(b.dataset.index), id: Number(b.dataset.id), piece: b.dataset.piece });
    });
  }

  /** @param {TopkData | null} d */
  render(d) {
    this.replaceChildren();
    if (!d || !d.alternatives?.length) {
      this.appendChild(h('p', { class: 'empty' }, t('topk.empty')));
      return;
    }
    const sampled = d.sampled ? Array.from(d.sampled) : null;
    const interactive = d.interactive !== false;
    this.appendChild(h('p', { class: 'topk-caption' }, t('topk.caption', {
      n: d.index + 1, context: (d.context ?? []).map(pieceText).join(' '),
    })));
    const o = d.options ?? {};
    const settings = { temperature: o.temperature ?? 1, k: o.topK ? String(o.topK) : t('topk.all'), p: o.topP ?? 1 };
    if (sampled) {
      // one key per colour the bars use, each key with its words on one line; the settings (and what
      // "cut" means) below
      const key = (/** @type {string} */ cls, /** @type {string} */ label) => h('li', {}, h('span', { class: `key ${cls}`, 'aria-hidden': 'true' }), label);
      this.appendChild(h('ul', { class: 'topk-legend' }, key('model', t('topk.model')), key('taken', t('topk.taken')), key('drawn', t('topk.drawn'))));
      this.appendChild(h('p', { class: 'hint topk-settings' }, t('topk.settings', settings)));
    }
    const list = h('ul', { class: `topk${sampled ? ' sampled' : ''}`, 'aria-label': t('topk.label', { n: d.index + 1 }) });
    const prev = d.context?.at(-1) ?? '';  // the decoder input's last piece: the word an alternative would continue
    d.alternatives.forEach((a, k) => {
      const chosen = a.id === d.chosen;
      // the track is 0–100 %: a bar's length is the probability itself (an unsure step has short bars)
      const bar = h('span', { class: 'bar' }, h('span', { class: 'fill', style: { width: `${100 * a.probability}%` } }));
      const q = sampled?.[k];
      // why a token could not be drawn: not among the top-k, outside the top-p mass, or nothing left of
      // it after the temperature (alternatives are in descending order: index k is the rank)
      const why = q === undefined || q > 0 ? null : o.topK && k >= o.topK ? t('topk.cutK', { k: o.topK })
        : (o.topP ?? 1) < 1 ? t('topk.cutP', { p: o.topP ?? 1 }) : t('topk.zero', settings);
      const drawn = q === undefined ? null : q > 0
        ? h('span', { class: 'bar drawn' }, h('span', { class: 'fill', style: { width: `${100 * q}%` } }))
        : h('span', { class: 'bar drawn cut' }, why);
      // spaces between the parts: the visible text reads "J 0.1%", as the accessible name does
      const label = [h('span', { class: 'tok-label' }, labelAfter(prev, a.piece, d.controls ?? [])), ' ', drawn ? h('span', { class: 'bars' }, bar, drawn) : bar, ' ',
        h('span', { class: 'p' }, pct(a.probability), q !== undefined && q > 0 ? h('br') : null, q !== undefined && q > 0 ? pct(q) : null)];
      list.appendChild(h('li', { class: chosen ? 'chosen' : null }, interactive
        ? h('button', {
          type: 'button', 'data-id': a.id, 'data-index': d.index, 'data-piece': a.piece,
          'aria-pressed': chosen ? 'true' : 'false',
          'aria-label': t(chosen ? 'topk.chosen' : 'topk.choose', { token: pieceText(a.piece), p: pct(a.probability) })
            + (q === undefined ? '' : ` ${q > 0 ? t('topk.drawnLabel', { p: pct(q) }) : t('topk.cutLabel', { why: why ?? '' })}`),
        }, label)
        : h('div', { class: 'row' }, label)));
    });
    this.appendChild(list);
    if (interactive) this.appendChild(h('p', { class: 'hint' }, t('topk.hint')));
  }
}

define('attnseq-topk', TopkBars);
