// What a model is called and how it is described, in the UI language. The catalogue may give a label
// (a string, or {en, zh}); without one the name is built from the entry's facts (languages, kind),
// which scripts/manifest_sha256.mjs writes from the file. The description is always built from the
// loaded model's own config (layers, heads, sizes), so it never restates or contradicts the file.
import { t, getLanguage } from '../i18n/index.js';

// (written out, so that tests/e2e/i18n.test.mjs sees every key and checks it exists in both catalogs)
/** @type {Record<string, string>} */
const LANGS = {
  en: 'lang.en', fr: 'lang.fr', zh: 'lang.zh', de: 'lang.de', es: 'lang.es', it: 'lang.it',
  ja: 'lang.ja', ko: 'lang.ko', nl: 'lang.nl', pt: 'lang.pt', ru: 'lang.ru',
};
/** @type {Record<string, string>} */
const KINDS = {
  multihead: 'kind.transformer', additive: 'kind.additive', dot: 'kind.dot', general: 'kind.general',
  scaled_dot: 'kind.scaledDot', none: 'kind.none',
};

/** A language's name in the UI language (its code when it has none). */
export const languageName = (/** @type {string | null | undefined} */ code) => (code && LANGS[code] ? t(LANGS[code]) : String(code ?? '?'));

/**
 * @param {{id?: string, label?: string | Record<string, string>, src?: string, tgt?: string, arch?: string, attention?: string}} m
 *   a catalogue entry, a model-list item or a ModelInfo
 */
export function modelLabel(m) {
  if (m.label && typeof m.label === 'object') return m.label[getLanguage()] ?? m.label.en ?? Object.values(m.label)[0] ?? m.id ?? '';
  if (typeof m.label === 'string' && m.label) return m.label;
  const kind = m.arch === 'conv' ? t('kind.conv') : m.attention && KINDS[m.attention] ? t(KINDS[m.attention]) : (m.arch ?? m.id ?? '');
  return t('model.label', { src: languageName(m.src), tgt: languageName(m.tgt), kind });
}

/** One line about the loaded model, from its config: @param {{config: import('../index.js').ModelConfig, quantized: boolean}} info */
export function modelDescription(info) {
  const c = info.config;
  const size = t(info.quantized ? 'model.int8' : 'model.f32');
  if (c.arch === 'transformer') {
    return t('model.descTransformer', { enc: c.encLayers ?? '?', dec: c.decLayers ?? '?', heads: c.heads ?? '?', d: c.dModel ?? '?', size });
  }
  if (c.arch === 'conv') {
    const field = c.receptiveField?.[c.receptiveField.length - 1] ?? '?';
    return t('model.descConv', { layers: c.convLayers ?? '?', kernel: c.kernel ?? '?', field, hidden: c.hidden ?? '?', size });
  }
  return t(c.attention === 'none' ? 'model.descRnnNone' : 'model.descRnn', { hidden: c.hidden ?? '?', emb: c.embDim ?? '?', size });
}
