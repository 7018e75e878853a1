// The decoding form's fields against the engine's own option table (Translator.decodingOptions(): each
// option's kind, min and max; no range is restated here). A field that holds no value of its option
// (empty, not a number, a fraction for a whole-number option, below the minimum or above the maximum)
// is marked (aria-invalid) as it is typed, and a translation asked for while one is (Enter in the text,
// the Translate button, an example sentence) is not started: the status line says which field and its
// range. Before, the form's store kept the last valid value and Enter translated with it.

/**
 * Why `text` is not a value of the option, or null.
 * @param {import('../state/options.js').OptionSpec} spec
 * @param {string} text
 * @returns {{option: string, min: number | string, max: number | string, whole: boolean} | null}
 */
export function fieldProblem(spec, text) {
  const v = Number(text);
  const whole = spec.kind === 'int' || spec.kind === 'seed';
  const bad = String(text).trim() === '' || !Number.isFinite(v) || (whole && !Number.isInteger(v))
    || (spec.min != null && v < spec.min) || (spec.max != null && v > spec.max);
  return bad ? { option: spec.name, min: spec.min ?? '−∞', max: spec.max ?? '∞', whole } : null;
}

/**
 * Checks the number fields the chosen strategy uses (those of the other strategies are disabled and
 * not sent), marks each, and returns the first problem (its field focused when `focus`), or null.
 * @param {HTMLElement} root   the decoding form (app/decoding-form.js builds its fields)
 * @param {import('../state/options.js').OptionSpec[]} table
 * @param {{focus?: boolean}} [o]
 */
export function checkDecodingForm(root, table, { focus = false } = {}) {
  let first = null, firstField = null;
  for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (root.querySelectorAll('input[type=number]'))) {
    const spec = table.find((s) => s.name === el.name);
    const problem = spec && !el.closest('fieldset')?.disabled ? fieldProblem(spec, el.value) : null;
    if (problem) el.setAttribute('aria-invalid', 'true'); else el.removeAttribute('aria-invalid');
    if (problem && !first) { first = problem; firstField = el; }
  }
  if (firstField && focus) {
    const details = firstField.closest('details');
    if (details) details.open = true;
    firstField.focus();
  }
  return first;
}

/** The status line's notice for a problem (app/errors.js statusOf names the option in the UI language). */
/** @param {{option: string, whole?: boolean, min: number | string, max: number | string}} problem */
export function problemNotice(problem) {
  return { key: problem.whole ? 'dec.invalidWhole' : 'dec.invalid', params: { option: problem.option, min: String(problem.min), max: String(problem.max) } };
}
