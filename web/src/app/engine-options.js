// The options the engine gets for a run, chosen by the engine's own option table.

/**
 * The options the engine gets for a run: the ones that apply to every strategy or to the chosen one
 * (the engine's option table says which), as set in `o`.
 * @param {import('../state/schema.js').RunOptions} o
 * @param {readonly {name: string, applies: string}[]} table  Translator.decodingOptions()
 * @returns {import('../index.js').DecodeOptions}
 */
export function engineOptions(o, table) {
  /** @type {Record<string, unknown>} */
  const out = { strategy: o.strategy };
  const set = /** @type {Record<string, unknown>} */ (o);
  for (const spec of table) {
    if (spec.name === 'strategy' || spec.name === 'prefix' || set[spec.name] === undefined) continue;
    if (spec.applies === '' || spec.applies === o.strategy) out[spec.name] = set[spec.name];
  }
  return /** @type {import('../index.js').DecodeOptions} */ (out);
}

/**
 * Whether two sets of options decode alike: those that apply to the strategy (the engine's table: a
 * beam size does not change a greedy run), an alternative's prefix left out.
 * @param {import('../state/schema.js').RunOptions} a
 * @param {import('../state/schema.js').RunOptions} b
 * @param {readonly {name: string, applies: string}[]} table
 */
export function sameOptions(a, b, table) {
  const x = /** @type {Record<string, unknown>} */ (engineOptions(a, table));
  const y = /** @type {Record<string, unknown>} */ (engineOptions(b, table));
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  return [...keys].every((k) => x[k] === y[k]);
}
