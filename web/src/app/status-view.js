// The one status line of the demo and of every widget, drawn from statusOf() (errors.js).
import { h } from '../components/dom.js';

/**
 * Writes a status into its element: the sentence (with a progress bar while a model downloads), then
 * the technical detail in a <small>.
 * @param {Element} el
 * @param {{text: string, detail?: string | null, error: boolean, progress?: number | null}} status  statusOf()'s
 */
export function renderStatusInto(el, { text, detail, error, progress = null }) {
  el.classList.toggle('error', error);
  /** @type {(string | Node)[]} */
  const parts = [text];
  // (the sentence says the numbers: the bar is drawn for the eye, its name is the sentence)
  if (progress != null) parts.push(' ', h('progress', { class: 'load-progress', max: 1, value: progress, 'aria-hidden': 'true' }));
  if (detail) parts.push(' ', h('small', { class: 'status-detail' }, `(${detail})`));
  el.replaceChildren(...parts);
}
