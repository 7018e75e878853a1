// The demo page's elements, looked up by selector: an element the page lacks (or of another kind) is
// an error here, not a null that fails later.

/**
 * @template {Element} [E=HTMLElement]
 * @param {string} sel
 * @param {new (...args: never[]) => E} [kind]  the element's class (default HTMLElement)
 * @returns {E}
 */
export function $(sel, kind) {
  const el = document.querySelector(sel);
  if (!(el instanceof (kind ?? HTMLElement))) throw new Error(`the page has no ${kind?.name ?? 'element'} ${sel}`);
  return /** @type {E} */ (el);
}

/** The text box. */
export const textBox = () => $('#text', HTMLTextAreaElement);
