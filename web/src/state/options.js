// The decoding options as the engine describes them (Translator.decodingOptions(): the C++ option
// table), and what the front end derives from them: the defaults of a run, the widget attribute of
// each option, and attribute text → value by the option's kind. Nothing here restates an option.
import { Translator } from '../index.js';

/**
 * @typedef {Object} OptionSpec
 * @property {string} name        the DecodeOptions key (camelCase)
 * @property {'int'|'float'|'bool'|'seed'|'strategy'|'prefix'|'positions'|'heads'} kind
 * @property {''|'beam'|'sample'} applies   the strategy it applies to ('' = every one)
 * @property {number} [min]
 * @property {number} [max]
 * @property {import('../index.js').DecodingOptionSpec['default']} default
 * @property {string} doc
 * @property {string[]} [choices]
 */

/** @type {Promise<OptionSpec[]> | null} */
let table = null;

/** The engine's option table (asked once per page). @returns {Promise<OptionSpec[]>} */
export function optionTable() {
  if (!table) table = Translator.decodingOptions().catch((e) => { table = null; throw e; });
  return table;
}

/** The options the UI sets for a run: strategy and the options of the strategies (not prefix, lengths). */
export const UI_OPTION = (/** @type {OptionSpec} */ s) => s.name === 'strategy' || s.applies !== '';

/** {name: default} for the options the UI sets. @param {OptionSpec[]} specs */
export function defaultsOf(specs) {
  return Object.fromEntries(specs.filter(UI_OPTION).map((s) => [s.name, s.default]));
}

/** The widget attribute of an option: beamSize → beam-size. */
export const attributeOf = (/** @type {string} */ name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * An attribute's text as the option's value, or undefined when it is not one (the engine then uses
 * its default; out-of-range numbers are left for the engine to report).
 * @param {OptionSpec} spec
 * @param {string | null} text
 */
export function parseOption(spec, text) {
  if (text === null) return undefined;
  switch (spec.kind) {
    case 'strategy': return spec.choices?.includes(text) ? text : undefined;
    case 'bool': return text === '' || text === 'true' ? true : text === 'false' ? false : undefined;
    case 'int': case 'seed': { const v = Number(text); return text.trim() !== '' && Number.isInteger(v) ? v : undefined; }
    case 'float': { const v = Number(text); return text.trim() !== '' && Number.isFinite(v) ? v : undefined; }
    default: return undefined;
  }
}
