// The direction follows the text (issue 29): text in another language than the model reads is not
// translated into noise; the page names the language (lang/identify.js) and offers the model that
// reads it, or says that none does; the reader may translate it anyway. Used by the demo (main.js) and
// by the widgets (widget-base.js, as a note).
import { identify, modelFor } from '../lang/identify.js';
import { t } from '../i18n/index.js';
import { languageName, modelLabel } from './model-names.js';
import { h } from '../components/dom.js';

/**
 * @typedef {{language: string, entry: {id: string, src: string, tgt: string} | null}} Offer
 *   the text's language and the catalogue entry that reads it (null: none does)
 */

/**
 * What to offer for `text` when it is confidently in another language than `model` reads; null when
 * it is in the model's language, or the identifier is not sure (or cannot be loaded: then nothing is
 * claimed and the text is translated as before).
 * @param {string} text
 * @param {{id: string, src: string, tgt: string, arch?: string}} model
 * @param {{id: string, src: string, tgt: string, arch?: string}[]} models the catalogue's entries
 * @returns {Promise<Offer | null>}
 */
export async function languageOffer(text, model, models) {
  if (!text.trim() || !model?.src) return null;
  let found;
  try {
    found = await identify(text);
  } catch (e) {
    console.warn('attnseq: the language identifier could not be loaded', e);
    return null;
  }
  if (!found.confident || found.language === model.src) return null;
  return { language: found.language, entry: modelFor(found.language, model, models) };
}

/**
 * The offer's sentence (the widgets' note, the demo's line before its buttons).
 * @param {Offer} offer
 * @param {{id: string, src: string, tgt: string}} model
 */
export function offerText(offer, model) {
  const vars = { lang: languageName(offer.language), model: modelLabel(model), src: languageName(model.src) };
  return offer.entry ? t('lang.offer', { ...vars, other: modelLabel(offer.entry) }) : t('lang.noModel', vars);
}

/**
 * Hides the demo's offer (the text box holds another text, or the reader chose to translate anyway).
 * @param {HTMLElement} el
 */
export function hideOffer(el) {
  el.hidden = true;
  el.replaceChildren();
}

/**
 * Draws the demo's offer into `el` (hidden when offer is null): the sentence, a button that switches
 * to the model that reads the text (when there is one) and one that translates with this model anyway.
 * @param {HTMLElement} el
 * @param {Offer | null} offer
 * @param {{id: string, src: string, tgt: string}} model
 * @param {{onSwitch: (id: string) => void, onAnyway: () => void}} on
 */
export function renderOffer(el, offer, model, on) {
  el.hidden = !offer;
  if (!offer) { el.replaceChildren(); return; }
  const buttons = [];
  if (offer.entry) {
    const id = offer.entry.id;
    buttons.push(h('button', { type: 'button', class: 'offer-switch', onclick: () => on.onSwitch(id) }, t('lang.switch', { model: modelLabel(offer.entry) })));
  }
  buttons.push(h('button', { type: 'button', class: 'offer-anyway', onclick: on.onAnyway }, t('lang.anyway', { model: modelLabel(model) })));
  el.replaceChildren(h('span', {}, offerText(offer, model)), ' ', ...buttons);
}
