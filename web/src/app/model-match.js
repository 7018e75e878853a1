// A widget's `model` attribute (or the demo's link) → a catalogue entry: a catalogue id, or a kind of
// MODEL_KINDS (transformer, gru-attn, noattn, additive, dot, general, scaled_dot). A kind may be written
// as the catalogue's ids write it (scaled-dot, as in en-fr-gru-scaled-dot) or with an underscore, in
// any case. No guessing beyond that: a name that is neither says so, listing the names accepted.
import { MODEL_KINDS } from './models.js';

/** The kinds as the note lists them (the ids' spelling: hyphens). */
export const KIND_NAMES = Object.keys(MODEL_KINDS).map((k) => k.replace(/_/g, '-'));

/**
 * The MODEL_KINDS test a name spells, or undefined.
 * @param {string} name
 * @returns {((m: {arch?: string, attention?: string}) => boolean) | undefined}
 */
export function kindOf(name) {
  const n = String(name ?? '').trim().toLowerCase();
  return MODEL_KINDS[n] ?? MODEL_KINDS[n.replace(/-/g, '_')] ?? MODEL_KINDS[n.replace(/_/g, '-')];
}

/**
 * The catalogue entry a name picks: the entry of that id, else the first model of that kind, the
 * default model's language pair first; undefined when the name is neither (or the kind has no model).
 * @template {{id: string, src?: string, tgt?: string, arch?: string, attention?: string}} E
 * @param {{default: string, models: E[]}} catalog
 * @param {string | null | undefined} name
 * @returns {E | undefined}
 */
export function matchModel(catalog, name) {
  if (!name) return undefined;
  const ms = catalog.models;
  const exact = ms.find((m) => m.id === name) ?? ms.find((m) => m.id.toLowerCase() === String(name).trim().toLowerCase());
  const kind = kindOf(name);
  if (exact || !kind) return exact;
  const def = ms.find((m) => m.id === catalog.default);
  return ms.find((m) => kind(m) && m.src === def?.src && m.tgt === def?.tgt) ?? ms.find(kind);
}

/**
 * Why a name picks nothing: 'absent' (a kind this catalogue has no model of: e.g. the one-model build)
 * or 'unknown' (neither an id of the catalogue nor a kind), with the names accepted.
 * @param {{models: {id: string}[]}} catalog
 * @param {string} name
 * @returns {{why: 'absent'|'unknown', ids: string[], kinds: string[]}}
 */
export function whyUnmatched(catalog, name) {
  return { why: kindOf(name) ? 'absent' : 'unknown', ids: catalog.models.map((m) => m.id), kinds: KIND_NAMES };
}
