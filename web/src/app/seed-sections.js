// The demo's sections for the seed's argument (issue 30): path length (it follows every new run; the
// reader's picks stay while the sentence does), interventions and fading memory (on request: each
// decodes the sentence again, several times). Views: components/path-lengths.js, interventions.js, memory.js.
import { runPaths } from './paths.js';
import { bindInterventions } from './interventions.js';
import { showMemory } from './memory.js';
import { renderStatusInto } from './status-view.js';
import { statusOf } from './errors.js';

/** @typedef {import('../components/dom.js').View} View */
/** @typedef {import('../state/schema.js').Run} Run */

/**
 * @param {(sel: string) => HTMLElement} $
 * @param {import('./controller.js').AppController} controller
 * @param {Pick<import('../state/stores.js').Stores, 'run' | 'model'>} stores
 */
export function setupSeedSections($, controller, stores) {
  const paths = /** @type {View} */ ($('#paths-view'));
  /** @type {number | null} the run the path view shows */
  let shown = null;
  stores.run.subscribe(() => {
    const { run } = stores.run.get();
    if (!run) { shown = null; paths.data = null; return; }
    if (shown === run.id || !run.sourceTokens.length) return;
    shown = run.id;
    paths.data = runPaths(run, controller.catalog?.models ?? [], null, null).data;
  });

  const iv = bindInterventions(/** @type {View} */ ($('#iv-view')), controller);
  onRun($('#iv-run'), $('#iv-status'), stores, (run) => iv.show(run.model.id, run.text));
  const memory = /** @type {View} */ ($('#mem-view'));
  onRun($('#mem-run'), $('#mem-status'), stores, (run) => showMemory(memory, controller, run.model.id, run.text));
}

/**
 * A section's button: runs `fn` on the sentence shown, says in its status line when it fails.
 * @param {HTMLElement} button
 * @param {HTMLElement} status
 * @param {Pick<import('../state/stores.js').Stores, 'run'>} stores
 * @param {(run: Run) => Promise<unknown>} fn
 */
function onRun(button, status, stores, fn) {
  button.addEventListener('click', async () => {
    const { run } = stores.run.get();
    if (!run) return;
    button.setAttribute('aria-busy', 'true');
    status.replaceChildren();
    try {
      await fn(run);
    } catch (e) {
      const err = /** @type {{message?: unknown, code?: string} | null | undefined} */ (e);  // (whatever was thrown)
      renderStatusInto(status, statusOf({ status: 'ready' }, { status: 'error', error: String(err?.message ?? e), errorCode: err?.code }));
    } finally {
      button.removeAttribute('aria-busy');
    }
  });
}
