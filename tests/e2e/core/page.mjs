// What the cross-engine tests read from the demo and the widgets, through any driver (engines/driver.mjs):
// plain functions evaluated in the page, nothing engine-specific.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, cliTranslate, testModel } from '../helpers.mjs';

export const WIDGETS = 'attnseq-translate, attnseq-generation, attnseq-attention';
export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1280, height: 900 };

/** Waits until the demo's `n`-th run is done and its animation rests on the last step; throws the demo's error. */
export async function waitForRun(d, n = 1, timeout = 120_000) {
  const r = await d.waitForFunction((k) => {
    const demo = globalThis.attnseqDemo;
    if (!demo) return false;
    const { run, status, error } = demo.stores.run.get();
    const model = demo.stores.model.get();
    if (status === 'error' || model.status === 'error') return { error: String(error ?? model.error) };
    if (Number(document.body.dataset.runs ?? 0) < k) return false;
    const p = demo.stores.playback.get();
    return status === 'done' && run && !p.playing && p.index === run.steps.length - 1 ? { ok: true } : false;
  }, n, { timeout, polling: 200, what: `the demo's run ${n}` });
  if (r.error) throw new Error(`the demo failed: ${r.error}`);
}

/** The demo's shown translation and input, and its run's size and heatmap (cells drawn). */
export function demoState(d) {
  return d.evaluate(() => {
    const run = globalThis.attnseqDemo.stores.run.get().run;
    return {
      text: document.querySelector('#text').value, shown: document.querySelector('#translation').textContent,
      steps: run.steps.length, sources: run.sourceTokens.length, cells: document.querySelectorAll('#fig-heatmap td[data-cell]').length,
    };
  });
}

/** Waits until every widget on the page has shown a run (or says it failed). */
export async function waitForWidgets(d, timeout = 180_000) {
  try {
    return await d.waitForFunction((sel) => [...document.querySelectorAll(sel)].every((w) => Number(w.dataset.ready ?? 0) >= 1
      || w.shadowRoot?.querySelector('.w-status.error')), WIDGETS, { timeout, polling: 250, what: 'every widget ready' });
  } catch (e) {
    // name the widgets still not ready (WebKit once left one so for 180 s): which view, model and text, what it says
    const waiting = await d.evaluate((sel) => [...document.querySelectorAll(sel)].filter((w) => !(Number(w.dataset.ready ?? 0) >= 1))
      .map((w) => `${w.tagName.toLowerCase()} view=${w.getAttribute('view')} model=${w.getAttribute('model')} text=${w.getAttribute('text')}: `
        + `status «${w.shadowRoot?.querySelector('.w-status')?.textContent ?? ''}» note «${w.shadowRoot?.querySelector('.w-note')?.textContent ?? ''}»`), WIDGETS)
      .catch((/** @type {any} */ x) => [`(the page could not be read: ${x?.message ?? x})`]);
    throw new Error(`${e instanceof Error ? e.message : e}; not ready: ${waiting.join('; ')}`, { cause: e });
  }
}

/** The widgets' model files by id (the catalogue's, or the test model when there is no catalogue). */
export function modelFile(id) {
  const m = testModel();
  const dir = m.modelsDir ?? path.join(ROOT, 'models');
  try {
    const entry = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')).models.find((x) => x.id === id);
    if (entry) return path.join(dir, entry.file);
  } catch { /* no catalogue */ }
  return m.file;
}

/** The native CLI's translations, memoized (several engines ask for the same ones). */
const memo = new Map();
export function cli(file, text, args = []) {
  const key = JSON.stringify([file, text, args]);
  if (!memo.has(key)) memo.set(key, cliTranslate(file, text, args));
  return memo.get(key);
}

/** The driver's errors from now on: call at a test's start; the returned function lists the new ones. */
export async function errorsFrom(d) {
  const mark = (await d.errors()).length;
  return async () => (await d.errors()).slice(mark);
}
