// <attnseq-playback>: restart / step back / play-pause / step forward / skip to the end, a step slider
// and the speed. Pure view: it only reports what the user asked for.
// Step back, step forward and skip to the end stay focusable where they can do nothing (aria-disabled
// at the first or last step): a reader pressing Enter on Step forward at the end keeps the place and the
// focus (a disabled button would hand the focus on, and Enter there would start the animation again).
/**
 * @typedef {Object} PlaybackData
 * @property {number} index
 * @property {number} total
 * @property {boolean} playing
 * @property {number} speed
 * @property {boolean} [auto]  no speed chosen: the pace follows the sentence
 * @property {number} [pace]   that pace
 */
// events: attnseq-playback {action: 'restart'|'prev'|'toggle'|'next'|'end'|'seek'|'speed', index?,
//         speed? (a number, or 'auto')}
import { View, define, h, s, activeElementOf } from './dom.js';
import { t } from '../i18n/index.js';
import { SPEEDS } from '../state/stores.js';

// 16×16 icons (fonts often lack the media-control characters).
const ICONS = {
  restart: 'M3 2h2v12H3zM14 2v12L6 8z',
  prev: 'M2 2h2v12H2zM13 2v12L5 8z',
  play: 'M4 2v12l10-6z',
  pause: 'M3 2h3.5v12H3zM9.5 2H13v12H9.5z',
  next: 'M12 2h2v12h-2zM3 2v12l8-6z',
  end: 'M13 2h2v12h-2zM1 2v12l6-6zM7 2v12l6-6z',
};
const icon = (/** @type {keyof typeof ICONS} */ name) => s('svg', { viewBox: '0 0 16 16', width: 16, height: 16, style: { width: '1rem', height: '1rem' }, 'aria-hidden': 'true', focusable: 'false' },
  s('path', { d: ICONS[name], fill: 'currentColor' }));

/** @extends {View<PlaybackData>} */
class Playback extends View {
  connectedCallback() {
    super.connectedCallback();
    this.addEventListener('click', (e) => {
      const b = /** @type {HTMLButtonElement | null | undefined} */ (/** @type {Element} */ (e.target).closest?.('button[data-action]'));
      if (b && b.getAttribute('aria-disabled') !== 'true') this.emit('attnseq-playback', { action: b.dataset.action });
    });
    // input and change come from the step slider (<input name=step>) and the speed <select name=speed>
    /** @param {Event} e */
    const field = (e) => /** @type {HTMLInputElement | HTMLSelectElement} */ (e.target);
    this.addEventListener('input', (e) => {
      if (field(e).name === 'step') this.emit('attnseq-playback', { action: 'seek', index: Number(field(e).value) - 1 });
    });
    this.addEventListener('change', (e) => {
      const v = field(e).value;
      if (field(e).name === 'speed') this.emit('attnseq-playback', { action: 'speed', speed: v === 'auto' ? 'auto' : Number(v) });
    });
  }

  /** @param {PlaybackData | null} d */
  render(d) {
    // the focused control (a button, the step slider or the speed select), focused again once redrawn
    const active = /** @type {HTMLButtonElement | HTMLInputElement | HTMLSelectElement} */ (activeElementOf(this));
    const focused = this.contains(active) ? active.dataset.action ?? active.name : null;
    this.replaceChildren();
    if (!d) return;
    const atStart = d.index < 0, atEnd = d.index >= d.total - 1;
    // disabled: out of the tab order (restart, play with nothing to play); inert: focusable, does nothing
    /**
     * @param {string} action
     * @param {keyof typeof ICONS} glyph
     * @param {string} label
     * @param {{disabled?: boolean, inert?: boolean, text?: string}} [how]
     */
    const btn = (action, glyph, label, { disabled = false, inert = false, text = '' } = {}) => h('button', {
      type: 'button', class: `pb-${action}`, 'data-action': action, 'aria-label': label, title: label, disabled,
      'aria-disabled': inert ? 'true' : null,
    }, icon(glyph), text ? h('span', { class: 'pb-text', 'aria-hidden': 'true' }, text) : null);
    const replay = atEnd && d.total > 0 && !d.playing;
    const speeds = SPEEDS.includes(d.speed) || d.auto ? SPEEDS : [...SPEEDS, d.speed].sort((a, b) => a - b);
    const option = (/** @type {string | number} */ value, /** @type {string} */ text, /** @type {boolean} */ selected) => { const o = h('option', { value }, text); o.selected = selected; return o; };
    const bar = h('div', { class: 'playback', role: 'toolbar', 'aria-label': t('pb.label') },
      btn('restart', 'restart', t('pb.restart'), { disabled: atStart && !d.playing }),
      btn('prev', 'prev', t('pb.prev'), { inert: atStart }),
      btn('toggle', d.playing ? 'pause' : 'play', d.playing ? t('pb.pause') : replay ? t('pb.replay') : t('pb.play'), { disabled: d.total === 0 }),
      btn('next', 'next', t('pb.next'), { inert: atEnd }),
      // the whole translation at once (it is computed long before a long sentence's animation ends)
      btn('end', 'end', t('pb.end'), { inert: atEnd, text: t('pb.endShort') }),
      h('label', { class: 'pb-step' },
        h('span', { class: 'sr-only' }, t('pb.step')),
        h('input', {
          type: 'range', name: 'step', min: 0, max: Math.max(0, d.total), value: d.index + 1,
          'aria-valuetext': t('pb.stepOf', { n: d.index + 1, total: d.total }),
        })),
      h('span', { class: 'pb-count', 'aria-hidden': 'true' }, t('pb.stepOf', { n: d.index + 1, total: d.total })),
      h('label', { class: 'pb-speed' }, h('span', {}, t('pb.speed')),
        h('select', { name: 'speed' },
          option('auto', t('pb.auto', { v: d.pace ?? 2 }), !!d.auto),
          speeds.map((v) => option(v, `${v}×`, !d.auto && v === d.speed)))));
    this.appendChild(bar);
    // A control that became disabled (restart, once at the start) hands the focus to play/pause: the
    // focus is never dropped to the page.
    if (focused) {
      const el = /** @type {HTMLElement | null} */ (bar.querySelector(`[data-action="${focused}"]`) ?? bar.querySelector(`[name="${focused}"]`));
      (el && !(/** @type {HTMLButtonElement} */ (el)).disabled ? el : /** @type {HTMLElement | null} */ (bar.querySelector('[data-action="toggle"]')))?.focus();
    }
  }
}

define('attnseq-playback', Playback);
