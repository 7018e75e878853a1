// The one status line of the demo and of every widget, drawn from statusOf() (errors.js).
import { h } from '../components/dom.js';

/** Writes a status into its element: the sentence, then the technical detail in a <small>. */
export function renderStatusInto(el, { text, detail, error }) {
  el.classList.toggle('error', error);
  const parts = [text];
  if (detail) parts.push(' ', h('small', { class: 'status-detail' }, `(${detail})`));
  el.replaceChildren(...parts);
}
