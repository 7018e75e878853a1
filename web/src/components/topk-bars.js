// <attnseq-topk>: the next-token distribution at one step as probability bars. The chosen token is
// marked; activating another alternative asks to re-decode from that prefix.
//
// data: {
//   alternatives: {id, piece, probability}[]   descending
//   chosen: number          id of the token the run took
//   index: number           the step
//   context: string[]       pieces of the decoder input at this step (for the caption)
//   interactive?: boolean   alternatives are buttons (default true)
// }
// events: attnseq-alternative {index, id, piece}
import { View, define, h, pct } from './dom.js';
import { pieceText } from '../state/contract.js';
import { t } from '../i18n/index.js';

class TopkBars extends View {
  connectedCallback() {
    super.connectedCallback();
    this.addEventListener('click', (e) => {
      /** @type {HTMLButtonElement | null | undefined} */
      const b = /** @type {Element} */ (e.target).closest?.('button[data-id]');
      if (!b || b.getAttribute('aria-pressed') === 'true') return;
      this.emit('attnseq-alternative', { index: Number(b.dataset.index), id: Number(b.dataset.id), piece: b.dataset.piece });
    });
  }

  render(d) {
    this.replaceChildren();
    if (!d || !d.alternatives?.length) {
      this.appendChild(h('p', { class: 'empty' }, t('topk.empty')));
      return;
    }
    const max = Math.max(...d.alternatives.map((a) => a.probability), 1e-9);
    const interactive = d.interactive !== false;
    this.appendChild(h('p', { class: 'topk-caption' }, t('topk.caption', {
      n: d.index + 1, context: (d.context ?? []).map(pieceText).join(' '),
    })));
    const list = h('ul', { class: 'topk', 'aria-label': t('topk.label', { n: d.index + 1 }) });
    for (const a of d.alternatives) {
      const chosen = a.id === d.chosen;
      const bar = h('span', { class: 'bar' }, h('span', { class: 'fill', style: { width: `${(100 * a.probability) / max}%` } }));
      const label = [h('span', { class: 'tok-label' }, pieceText(a.piece)), bar, h('span', { class: 'p' }, pct(a.probability))];
      list.appendChild(h('li', { class: chosen ? 'chosen' : null }, interactive
        ? h('button', {
          type: 'button', 'data-id': a.id, 'data-index': d.index, 'data-piece': a.piece,
          'aria-pressed': chosen ? 'true' : 'false',
          'aria-label': t(chosen ? 'topk.chosen' : 'topk.choose', { token: pieceText(a.piece), p: pct(a.probability) }),
        }, label)
        : h('div', { class: 'row' }, label)));
    }
    this.appendChild(list);
    if (interactive) this.appendChild(h('p', { class: 'hint' }, t('topk.hint')));
  }
}

define('attnseq-topk', TopkBars);
