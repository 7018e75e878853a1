// <attnseq-playback>: restart / step back / play-pause / step forward, a step slider and the speed.
// Pure view: it only reports what the user asked for.
//
// data: { index: number, total: number, playing: boolean, speed: number }
// events: attnseq-playback {action: 'restart'|'prev'|'toggle'|'next'|'end'|'seek'|'speed', index?, speed?}
import { View, define, h, s, activeElementOf } from './dom.js';
import { t } from '../i18n/index.js';

export const SPEEDS = [0.5, 1, 2, 4, 8];

// 16×16 icons (fonts often lack the media-control characters).
const ICONS = {
  restart: 'M3 2h2v12H3zM14 2v12L6 8z',
  prev: 'M2 2h2v12H2zM13 2v12L5 8z',
  play: 'M4 2v12l10-6z',
  pause: 'M3 2h3.5v12H3zM9.5 2H13v12H9.5z',
  next: 'M12 2h2v12h-2zM3 2v12l8-6z',
};
const icon = (name) => s('svg', { viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', focusable: 'false' },
  s('path', { d: ICONS[name], fill: 'currentColor' }));

class Playback extends View {
  connectedCallback() {
    super.connectedCallback();
    this.addEventListener('click', (e) => {
      /** @type {HTMLButtonElement | null | undefined} */
      const b = /** @type {Element} */ (e.target).closest?.('button[data-action]');
      if (b) this.emit('attnseq-playback', { action: b.dataset.action });
    });
    // input and change come from the step slider (<input name=step>) and the speed <select name=speed>
    /** @param {Event} e */
    const field = (e) => /** @type {HTMLInputElement | HTMLSelectElement} */ (e.target);
    this.addEventListener('input', (e) => {
      if (field(e).name === 'step') this.emit('attnseq-playback', { action: 'seek', index: Number(field(e).value) - 1 });
    });
    this.addEventListener('change', (e) => {
      if (field(e).name === 'speed') this.emit('attnseq-playback', { action: 'speed', speed: Number(field(e).value) });
    });
  }

  render(d) {
    // the focused control (a button, the step slider or the speed select), focused again once redrawn
    const active = /** @type {HTMLButtonElement | HTMLInputElement | HTMLSelectElement} */ (activeElementOf(this));
    const focused = this.contains(active) ? active.dataset.action ?? active.name : null;
    this.replaceChildren();
    if (!d) return;
    const atStart = d.index < 0, atEnd = d.index >= d.total - 1;
    const btn = (action, glyph, label, disabled) => h('button', {
      type: 'button', class: `pb-${action}`, 'data-action': action, 'aria-label': label, title: label, disabled,
    }, icon(glyph));
    const bar = h('div', { class: 'playback', role: 'toolbar', 'aria-label': t('pb.label') },
      btn('restart', 'restart', t('pb.restart'), atStart && !d.playing),
      btn('prev', 'prev', t('pb.prev'), atStart),
      btn('toggle', d.playing ? 'pause' : 'play', d.playing ? t('pb.pause') : t('pb.play'), d.total === 0),
      btn('next', 'next', t('pb.next'), atEnd),
      h('label', { class: 'pb-step' },
        h('span', { class: 'sr-only' }, t('pb.step')),
        h('input', {
          type: 'range', name: 'step', min: 0, max: Math.max(0, d.total), value: d.index + 1,
          'aria-valuetext': t('pb.stepOf', { n: d.index + 1, total: d.total }),
        })),
      h('span', { class: 'pb-count', 'aria-hidden': 'true' }, t('pb.stepOf', { n: d.index + 1, total: d.total })),
      h('label', { class: 'pb-speed' }, h('span', {}, t('pb.speed')),
        h('select', { name: 'speed' }, (SPEEDS.includes(d.speed) ? SPEEDS : [...SPEEDS, d.speed].sort((a, b) => a - b)).map((v) => {
          const o = h('option', { value: v }, `${v}×`);
          o.selected = v === d.speed;
          return o;
        }))));
    this.appendChild(bar);
    // A control that became disabled (step forward at the last step) hands the focus to play/pause:
    // the focus is never dropped to the page.
    if (focused) {
      const el = /** @type {HTMLElement | null} */ (bar.querySelector(`[data-action="${focused}"]`) ?? bar.querySelector(`[name="${focused}"]`));
      (el && !(/** @type {HTMLButtonElement} */ (el)).disabled ? el : /** @type {HTMLElement | null} */ (bar.querySelector('[data-action="toggle"]')))?.focus();
    }
  }
}

define('attnseq-playback', Playback);
