// Model choice: loads a catalogue entry's model, checks it against the catalogue and makes it the
// controller's current one; keeps the last good model when another fails to load.
import { modelInfo } from './models.js';
import { getTranslator, hasFailed, forgetTranslator } from './translators.js';
import { loadProgress } from './load-progress.js';
import { errorFields } from './errors.js';
import { modelLabel } from './model-names.js';

/** @typedef {import('./models.js').ModelEntry} CatalogEntry */

/**
 * The catalogue entry's arch/attention (written from the file by scripts/manifest_sha256.mjs) against
 * the model actually loaded. A hand-written catalogue may leave them out: then nothing is claimed.
 * @param {CatalogEntry} entry
 * @param {import('../index.js').ModelInfo} info  the loaded model's (Translator.info)
 */
export function checkArchitecture(entry, info) {
  const c = info.config;
  /** @type {Record<'arch' | 'attention', string | undefined>} */
  const found = { arch: c.arch, attention: c.arch === 'transformer' ? 'multihead' : c.attention };
  const wrong = /** @type {const} */ (['arch', 'attention']).filter((k) => entry[k] !== undefined && entry[k] !== found[k]);
  if (!wrong.length) return;
  throw Object.assign(new Error(`the file ${entry.file ?? entry.url} holds a ${found.arch} model with ${found.attention} attention, `
    + `but the catalogue lists "${entry.id}" as ${entry.arch ?? '?'} with ${entry.attention ?? '?'} attention`), { code: 'MODEL_MISMATCH' });
}

/**
 * Loads a model (shared with any other user of the same file) and makes it the controller's current
 * one. When it cannot be loaded (damaged file, error page, another architecture than the catalogue
 * says) and another model was loaded before, that one stays current and usable; the store's `failed`
 * names the one that failed (and error/errorCode say why). Rejects with the load error either way.
 * @param {import('./controller.js').AppController} ctl
 * @param {string} id  a catalogue id or kind (app/model-match.js)
 */
export async function selectModel(ctl, id) {
  const catalog = ctl.requireCatalog();
  const entry = ctl.entryOf(id) ?? ctl.entryOf(catalog.default);
  if (!entry) throw Object.assign(new Error(`the catalogue has no model "${id}"`), { code: 'LOAD_FAILED' });
  const previous = ctl.loaded;
  const model = ctl.stores.model;
  ctl.entry = entry;
  model.set({ status: 'loading', ...loadProgress(0, null, entry.bytes), modelId: entry.id, error: null, errorCode: null, failed: null });
  try {
    const tr = await getTranslator(entry, ({ loaded, total }) => {
      // A compressed download has no total: then the catalogue's size of the file (its `bytes`), else
      // the bytes so far, not a percentage stuck at 0
      if (ctl.entry === entry) model.set(loadProgress(loaded, total, entry.bytes));
    }, ctl.owner);
    if (ctl.entry !== entry) return null;
    checkArchitecture(entry, tr.info);
    ctl.loaded = entry;
    model.set({ status: 'ready', progress: 1, info: modelInfo(entry, tr.info), error: null, errorCode: null, failed: null });
    return tr;
  } catch (e) {
    // Not kept loaded, unless another catalogue entry uses the same file.
    if (codeOf(e) === 'MODEL_MISMATCH' && !catalog.models.some((m) => m !== entry && m.url === entry.url)) forgetTranslator(entry);
    if (ctl.entry !== entry) throw e;
    const kept = previous && previous !== entry ? await getTranslator(previous, undefined, ctl.owner).catch(() => null) : null;
    if (previous && kept && !kept.failure && ctl.entry === entry) {
      ctl.entry = previous;
      model.set({ status: 'ready', progress: 1, modelId: previous.id, info: modelInfo(previous, kept.info),
        failed: modelLabel(entry), ...errorFields(e) });
    } else if (ctl.entry === entry) {
      ctl.loaded = null;
      model.set({ status: 'error', info: null, failed: null, ...errorFields(e) });
    }
    throw e;
  }
}

/**
 * The current model's Translator. When its worker died (crash, out of memory, terminated) it is
 * restarted, loading the model again; a model that failed to load is tried again (with the store
 * showing the progress or the error).
 * @param {import('./controller.js').AppController} ctl
 */
export async function currentTranslator(ctl) {
  const entry = ctl.entry;
  if (!entry) throw Object.assign(new Error('no model chosen yet'), { code: 'LOAD_FAILED' });
  if (hasFailed(entry) || ctl.stores.model.get().status === 'error') await selectModel(ctl, entry.id);
  return getTranslator(/** @type {CatalogEntry} */ (ctl.entry), undefined, ctl.owner);
}

/** @param {unknown} e */
function codeOf(e) {
  return e && typeof e === 'object' && 'code' in e ? e.code : undefined;
}
