// What a widget reads from its attributes and writes around its views (app/widget-base.js): the
// decoding options of its attributes, the status line's notes, where its catalogue and stylesheets are.
//
// Attributes shared by every widget:
//   model      manifest id (default: the manifest's default)
//   models     the catalogue's URL (default: the page's <meta name="attnseq-models" content="URL">,
//              else the models/manifest.json that came with these modules); relative URLs are read
//              against the page's, a catalogue's file names against the catalogue's own URL
//   text       the sentence (default: an example in the model's source language)
//   autoplay   animate the decoding when the widget scrolls into view (off under reduced motion)
//   speed      steps per second (default: app/pace.js, the sentence in about 6 s at 2-8 steps a second)
//   language   UI language of the widget: en | zh (default: the page's lang when en or zh, else the browser's)
//   strategy and every decoding option of the engine's table, named in kebab-case (beam-size,
//   length-penalty, temperature, top-k, top-p, seed, ...: state/options.js attributeOf); unset or
//   unreadable ones take the engine's defaults
import { t } from '../i18n/index.js';
import { assetUrl } from '../assets.js';
import { modelLabel, languageName } from './model-names.js';
import { UI_OPTION, attributeOf, defaultsOf, parseOption } from '../state/options.js';

/**
 * The status line's notes of a widget: a `model` attribute that picked nothing, a text in another
 * language than the model reads.
 * @param {import('../state/schema.js').ModelInfo | null} info  the model shown
 * @param {Parameters<typeof missingNote>[0] | null | undefined} missing  {name, why, ids, kinds} (model-match.js whyUnmatched)
 * @param {{offer: import('./lang-offer.js').Offer, model: string} | null | undefined} other  the text's language (its model: the one it was checked for)
 */
export function statusNote(info, missing, other) {
  if (!info) return '';
  return [missing ? missingNote(missing, modelLabel(info)) : '', other && info.id === other.model ? languageNote(other.offer, info) : '']
    .filter(Boolean).join(' ');
}

/**
 * The status line's note for a text in another language than the model reads (app/lang-offer.js).
 * @param {import('./lang-offer.js').Offer} offer
 * @param {import('../state/schema.js').ModelInfo} model
 */
export function languageNote(offer, model) {
  const vars = { lang: languageName(offer.language), model: modelLabel(model), src: languageName(model.src) };
  // (the other model by its label: readers see the note, and the page's author finds the label in the catalogue)
  return offer.entry ? t('w.langOffer', { ...vars, other: modelLabel(offer.entry) }) : t('w.langNone', vars);
}

/**
 * The status line's note for a `model` attribute that picks nothing (the default model is shown).
 * @param {{name: string, why: 'absent'|'unknown', ids: string[], kinds: string[]}} missing
 * @param {string} label
 */
export function missingNote({ name, why, ids, kinds }, label) {
  return why === 'absent' ? t('w.modelMissing', { model: name, label })
    : t('w.modelUnknown', { model: name, label, ids: ids.join(', '), kinds: kinds.join(', ') });
}

export const STYLES = ['base.css', 'components.css', 'views.css', 'widgets.css'].map((f) => new URL(f, assetUrl('styles') ?? location.href).href);

/**
 * A `layer` or `head` attribute (1-based) as the view store holds it: 0-based (one out of the model's
 * range is reported and replaced once the model is known, widgets.js checkLayerHead), or its word, which
 * is its default (layer: alignment, head: mean; a self-attention layer has none: 0); absent or unreadable
 * (not a whole number, another word): the default.
 * @template {number | string} D
 * @param {string | null} value
 * @param {D} dflt
 * @returns {number | D}
 */
export function layerHeadAttr(value, dflt) {
  if (value == null || value === dflt) return dflt;
  const n = Number(value);
  return Number.isInteger(n) ? Math.max(0, n - 1) : dflt;
}

/**
 * The catalogue a widget reads: its `models` attribute, else the page's
 * <meta name="attnseq-models" content="URL">, else undefined (the default, models.js MANIFEST_URL).
 * @param {Element} el
 * @returns {string | undefined}
 */
export function catalogueOf(el) {
  const given = (el.getAttribute('models') ?? document.querySelector('meta[name="attnseq-models"]')?.getAttribute('content') ?? '').trim();
  if (!given) return undefined;
  try { return new URL(given, document.baseURI).href; } catch { return given; }  // an unreadable URL fails to load, in the status line
}

/**
 * RunOptions of an element: the engine's defaults, then its decoding attributes (kebab-case names of
 * the engine's options: beam-size, top-k...); unreadable ones keep the defaults.
 * @param {Element} el
 * @param {import('../state/options.js').OptionSpec[]} table  the engine's option table
 * @returns {import('../state/schema.js').RunOptions}
 */
export function attributeOptions(el, table) {
  const o = defaultsOf(table);
  for (const spec of table.filter(UI_OPTION)) {
    const v = parseOption(spec, el.getAttribute(attributeOf(spec.name)));
    if (v !== undefined) o[spec.name] = v;
  }
  return /** @type {import('../state/schema.js').RunOptions} */ (o);
}

/**
 * Calls `changed` when a decoding attribute of `el` changes (their names come from the engine, after
 * the element is defined: not observedAttributes). Returns the function that stops watching.
 * @param {Element} el
 * @param {() => import('../state/options.js').OptionSpec[]} table
 * @param {() => void} changed
 */
export function watchDecodingAttributes(el, table, changed) {
  const mo = new MutationObserver((records) => {
    const names = new Set(table().filter(UI_OPTION).map((s) => attributeOf(s.name)));
    if (records.some((r) => names.has(r.attributeName ?? ''))) changed();
  });
  mo.observe(el, { attributes: true });
  return () => mo.disconnect();
}

/**
 * Calls fn once `el` is (or comes) in view; returns the observer (null: called at once, where the
 * browser has no IntersectionObserver), to disconnect when fn is no longer wanted.
 * @param {Element} el
 * @param {() => void} fn
 */
export function whenVisible(el, fn) {
  if (!('IntersectionObserver' in globalThis)) { fn(); return null; }
  const io = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) { io.disconnect(); fn(); }
  });
  io.observe(el);
  return io;
}
