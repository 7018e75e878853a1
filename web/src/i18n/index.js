// UI text in English and Simplified Chinese. t(key, vars) looks a message up in the current language
// (falling back to English); the language defaults to the browser's and can be switched at run time.
// Message values are plain text: callers insert them with textContent.
import en from './en.js';
import zh from './zh.js';

/** @type {Record<string, Record<string, string>>} */
const catalogs = { en, zh };
export const languages = [{ code: 'en', label: 'English' }, { code: 'zh', label: '简体中文' }];

/**
 * The UI language of a language tag ('zh-Hans' → 'zh', 'en-US' → 'en'), or null when the UI lacks it.
 * @param {string | null | undefined} tag
 * @returns {string | null}
 */
export function languageOf(tag) {
  const code = String(tag ?? '').toLowerCase().split('-')[0];
  return code in catalogs ? code : null;
}

/**
 * 'zh' for any Chinese browser language, else 'en'.
 * @param {readonly (string | undefined)[]} [list]
 */
export function detectLanguage(list = globalThis.navigator?.languages ?? [globalThis.navigator?.language]) {
  for (const l of list) {
    const code = languageOf(l);
    if (code) return code;
  }
  return 'en';
}

let current = detectLanguage();
/** @type {string | null} */
let scoped = null;  // set while withLanguage() runs
/** @type {Set<(code: string) => void>} */
const subs = new Set();

export function getLanguage() { return scoped ?? current; }

/**
 * Runs fn with t() answering in `code` (a widget with its own language attribute); null: the page's.
 * @template T
 * @param {string | null} code
 * @param {() => T} fn
 * @returns {T}
 */
export function withLanguage(code, fn) {
  const prev = scoped;
  scoped = code && code in catalogs ? code : null;
  try { return fn(); } finally { scoped = prev; }
}

/**
 * Sets the UI language and the page's `<html lang>` (also when the language is already the current one: the
 * page's first call, with the browser's language, must set the attribute that screen readers and font
 * fallback read). Subscribers hear of changes only.
 * @param {string} code
 */
export function setLanguage(code) {
  const next = code in catalogs ? code : 'en';
  if (globalThis.document) document.documentElement.lang = next === 'zh' ? 'zh-Hans' : 'en';
  if (next === current) return;
  current = next;
  for (const fn of [...subs]) fn(current);
}

/** How many functions onLanguageChange() holds now (a removed widget or view must hold none): for tests. */
export function languageListeners() {
  return subs.size;
}

/**
 * Calls fn on every language change; returns the unsubscribe function.
 * @param {(code: string) => void} fn
 * @returns {() => boolean}
 */
export function onLanguageChange(fn) {
  subs.add(fn);
  return () => subs.delete(fn);
}

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff]/, LATIN = /[A-Za-z0-9]/;

/**
 * A message with its `{name}` placeholders filled. Where a value that begins or ends in a Latin letter or
 * digit meets a Chinese character of the message, a space goes between them, as Chinese typesetting
 * spaces mixed text ("但法语 → 英语，Transformer 读的是法语", not "…Transformer读的是…"); full-width
 * punctuation and spaces already there are left as they are.
 * @param {string} key
 * @param {Record<string, string|number>} [vars]  `{name}` placeholders
 */
export function t(key, vars) {
  const msg = catalogs[scoped ?? current][key] ?? catalogs.en[key] ?? key;
  if (!vars) return msg;
  return msg.replace(/\{(\w+)\}/g, (m, k, /** @type {number} */ at) => {
    if (!(k in vars)) return m;
    const v = String(vars[k]), before = msg[at - 1] ?? '', after = msg[at + m.length] ?? '';
    const lead = HAN.test(before) && LATIN.test(v[0] ?? '') ? ' ' : '';
    const trail = HAN.test(after) && LATIN.test(v.at(-1) ?? '') ? ' ' : '';
    return lead + v + trail;
  });
}

/**
 * Fills every `[data-i18n]` (text), `[data-i18n-label]` (aria-label) and `[data-i18n-title]` under root.
 * @param {ParentNode} root
 */
export function translateDom(root) {
  // (each selector names the data-* attribute read: it is there)
  const all = (/** @type {string} */ sel) => /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(sel));
  for (const el of all('[data-i18n]')) el.textContent = t(/** @type {string} */ (el.dataset.i18n));
  for (const el of all('[data-i18n-label]')) el.setAttribute('aria-label', t(/** @type {string} */ (el.dataset.i18nLabel)));
  for (const el of all('[data-i18n-title]')) el.title = t(/** @type {string} */ (el.dataset.i18nTitle));
  for (const el of /** @type {NodeListOf<HTMLInputElement | HTMLTextAreaElement>} */ (all('[data-i18n-placeholder]'))) {
    el.placeholder = t(/** @type {string} */ (el.dataset.i18nPlaceholder));
  }
}
