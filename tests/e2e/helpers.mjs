// Shared helpers of the browser tests: Debian's Chromium through playwright-core, the static server
// (scripts/serve.mjs) in-process, screenshots under artifacts/e2e/.
import { chromium } from 'playwright-core';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(ROOT, 'artifacts', 'e2e');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

/** A fresh persistent Chromium context (its own user-data-dir, removed by close()). */
export async function launch({ viewport = { width: 1280, height: 900 }, reducedMotion = 'no-preference', locale = 'en-US', colorScheme = 'light' } = {}) {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: install Debian's chromium (scripts/setup.sh)`);
  const dir = await mkdtemp(path.join(tmpdir(), 'attnseq-e2e-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM, headless: true, args: ARGS, viewport, reducedMotion, locale, colorScheme, acceptDownloads: true,
  });
  const errors = [];
  context.on('weberror', (e) => errors.push(String(e.error())));
  const page = context.pages()[0] ?? await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  return {
    context, page, errors,
    close: async () => { await context.close().catch(() => {}); await rm(dir, { recursive: true, force: true }); },
  };
}

export async function serve(opts = {}) {
  return startServer({ port: 0, ...opts });
}

/** Saves a full-page screenshot as artifacts/e2e/<name>.png and returns its path. */
export async function screenshot(page, name) {
  await mkdir(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * The model the tests use: the manifest's default when models/manifest.json exists (or the folder
 * ATTNSEQ_MODELS_DIR), else the random-weight test Transformer the demo falls back to.
 * @returns {{id: string, file: string, modelsDir: string|undefined}}
 */
export function testModel() {
  const dir = process.env.ATTNSEQ_MODELS_DIR ? path.resolve(process.env.ATTNSEQ_MODELS_DIR) : path.join(ROOT, 'models');
  const manifest = path.join(dir, 'manifest.json');
  if (existsSync(manifest)) {
    // As the demo does: entries whose file is missing (still training) are skipped.
    const m = JSON.parse(readFileSync(manifest, 'utf8'));
    const present = m.models.filter((x) => existsSync(path.join(dir, x.file)));
    const entry = present.find((x) => x.id === m.default) ?? present[0];
    if (entry) return { id: entry.id, file: path.join(dir, entry.file), modelsDir: process.env.ATTNSEQ_MODELS_DIR };
  }
  return { id: 'tiny-transformer', file: path.join(ROOT, 'tests/data/models/tiny-transformer.safetensors'), modelsDir: process.env.ATTNSEQ_MODELS_DIR };
}

export const CLI = path.join(ROOT, 'build/native/attnseq');

/** The native CLI's translation of `text` (one line, trailing newline removed). */
export function cliTranslate(model, text, args = []) {
  return execFileSync(CLI, ['--model', model, '--text', text, ...args], { encoding: 'utf8' }).replace(/\n$/, '');
}

/** Waits until the demo's run is complete and its animation reached the last step (throws on a failed run). */
export async function waitForRunEnd(page, minRuns = 1, timeout = 120_000) {
  const handle = await page.waitForFunction((n) => {
    const d = globalThis.attnseqDemo;
    if (!d) return false;
    const { run, status, error } = d.stores.run.get();
    if (status === 'error' || d.stores.model.get().status === 'error') return { error: error ?? d.stores.model.get().error };
    if (Number(document.body.dataset.runs ?? 0) < n) return false;
    const p = d.stores.playback.get();
    return status === 'done' && run && !p.playing && p.index === run.steps.length - 1 ? { ok: true } : false;
  }, minRuns, { timeout, polling: 100 });
  const result = await handle.jsonValue();
  if (result.error) throw new Error(`the demo failed: ${result.error}`);
}

/** Sets the demo's animation speed through its control (fastest by default). */
export async function setSpeed(page, speed = '8') {
  await page.locator('attnseq-playback select[name=speed]').first().selectOption(speed);
}

/**
 * Page errors that matter: browser.errors less the console's "Failed to load resource … 404" lines
 * when every 404 the page got was for evaluation data (the Compare section asks docs/eval/<id>.json
 * for every model; a model without evaluation data has none). Call once after launch(); the returned
 * function gives the filtered list, and throws if another resource was missing.
 */
export function pageErrorsOf(browser) {
  const missing = [];
  browser.page.on('response', (r) => { if (r.status() === 404) missing.push(new URL(r.url()).pathname); });
  return () => {
    const unexpected = missing.filter((p) => !/^\/docs\/eval\/[\w-]+\.json$/.test(p));
    if (unexpected.length) throw new Error(`missing resources: ${unexpected.join(', ')}`);
    return browser.errors.filter((e) => !/^Failed to load resource: the server responded with a status of 404/.test(e));
  };
}
