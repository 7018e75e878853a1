// What the user reads when something fails: an error code (AttnseqError.code, or the app's own
// MODEL_MISMATCH) → a sentence in the UI language (i18n keys err.<CODE>); the technical message is
// kept as a detail under it. Also the one status line of the demo and of every widget.
import { t } from '../i18n/index.js';
import { modelLabel, languageName } from './model-names.js';

export { APP_ERROR_CODES } from './error-codes.js';

/**
 * The user-facing sentence for an error code (unknown codes read as internal errors).
 * @param {string | null | undefined} code
 * @param {Record<string, string | number>} [vars]
 */
export function explain(code, vars = {}) {
  const key = `err.${code}`;
  const msg = t(key, vars);
  return msg === key ? t('err.INTERNAL') : msg;
}

// Codes whose explanation already says what the message says (the count, the limit and what to do): no
// detail under it, which would only repeat it (kept when the explanation lacks the limit).
const SAYS_IT_ALL = new Set(['INPUT_TOO_LONG', 'TOO_MANY_SENTENCES']);

/**
 * The fields a store keeps about an error: {error: technical message, errorCode, errorVars}.
 * @param {unknown} e
 * @param {Record<string, string | number>} [vars]
 */
export function errorFields(e, vars = {}) {
  const err = /** @type {{message?: unknown, code?: string} | null | undefined} */ (e);
  return { error: String(err?.message ?? e), errorCode: err?.code ?? 'INTERNAL', errorVars: vars };
}

/**
 * The status line for a model store and a run store: {text, detail, error, progress?} (text '' when
 * nothing to say; progress: 0..1 while a model with a known size downloads, for a progress bar).
 * `extra`: a text to show when all is well (a widget's "model missing" note).
 * @param {Pick<import('../state/stores.js').ModelState, 'status'> & Partial<import('../state/stores.js').ModelState>} m
 * @param {Pick<import('../state/stores.js').RunState, 'status'> & Partial<import('../state/stores.js').RunState>} r
 * @param {string} [extra]
 */
export function statusOf(m, r, extra = '') {
  if (m.status === 'loading') {
    const mb = (/** @type {number} */ n) => (n / 1e6).toFixed(1);
    const text = m.progress == null ? t('app.loadingBytes', { mb: mb(m.loadedBytes ?? 0) })
      : m.totalBytes ? t('app.loadingOf', { mb: mb(m.loadedBytes ?? 0), total: mb(m.totalBytes), p: Math.round(100 * m.progress) })
        : t('app.loading', { p: Math.round(100 * m.progress) });
    return { text, detail: '', error: false, progress: m.progress };
  }
  if (m.status === 'error') return { text: t('app.modelError', { msg: explain(m.errorCode, m.errorVars) }), detail: m.error ?? '', error: true };
  if (r.status === 'error') {
    return { text: t('app.runError', { msg: explain(r.errorCode, r.errorVars) }), detail: SAYS_IT_ALL.has(r.errorCode ?? '') && r.errorVars?.max !== '?' ? '' : r.error ?? '', error: true };
  }
  if (r.status === 'running') return { text: t('app.running'), detail: '', error: false };
  if (m.failed) {
    return { text: t('app.modelKept', { model: m.failed, msg: explain(m.errorCode, m.errorVars), current: m.info ? modelLabel(m.info) : '' }),
      detail: m.error ?? '', error: true };
  }
  if (r.notice) return { text: noticeText(r.notice), detail: '', error: false };
  return { text: extra, detail: '', error: false };
}

/**
 * A notice's sentence, in the UI language of now: a `lang` parameter is a language code, named here.
 * @param {string | {key: string, params: Record<string, string>}} notice
 */
function noticeText(notice) {
  if (typeof notice === 'string') return t(notice);
  const params = { ...notice.params };
  if (params.lang) params.lang = languageName(params.lang);
  if (params.option) params.option = t(`dec.${params.option}`);  // a decoding option, by its label
  return t(notice.key, params);
}
