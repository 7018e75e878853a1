// Shared helpers of the browser tests: Debian's Chromium through playwright-core, the static server
// (scripts/serve.mjs) in-process, screenshots under artifacts/e2e/.
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../scripts/serve.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ARTIFACTS = path.join(ROOT, 'artifacts', 'e2e');
export const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
export const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * One Chromium per test file's process, shared by its tests: launching a browser per test cost about 2 s
 * of CPU each (a quarter of the suite's launches' time went there). Closed a moment after its last
 * context is, so that the process can end.
 * @type {{browser: Promise<import('playwright-core').Browser>, users: number, timer: NodeJS.Timeout|null}|null}
 */
let shared = null;
async function sharedBrowser() {
  if (shared) {
    if (shared.timer) { clearTimeout(shared.timer); shared.timer = null; }
    const b = await shared.browser.catch(() => null);
    if (!b?.isConnected()) shared = null;  // crashed or failed to start: a new one
  }
  if (!shared) {
    shared = { browser: chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS }), users: 0, timer: null };
  }
  shared.users++;
  const mine = shared;
  try {
    return await mine.browser;
  } catch (e) {
    if (shared === mine) shared = null;
    throw e;
  }
}
function releaseBrowser() {
  const mine = shared;
  if (!mine || --mine.users > 0) return;
  mine.timer = setTimeout(() => {
    if (shared === mine && mine.users === 0) shared = null;
    mine.browser.then((b) => b.close()).catch(() => {});
  }, 300);
}

/** A fresh Chromium context: its own cookies, storage, caches and service workers, as a new profile has. */
export async function launch({ viewport = { width: 1280, height: 900 }, reducedMotion = 'no-preference', locale = 'en-US', colorScheme = 'light' } = {}) {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} not found: install Debian's chromium (scripts/setup.sh)`);
  const browser = await sharedBrowser();
  let context;
  try {
    context = await browser.newContext({ viewport, reducedMotion, locale, colorScheme, acceptDownloads: true });
  } catch (e) {
    releaseBrowser();
    throw e;
  }
  const errors = [];
  context.on('weberror', (e) => errors.push(String(e.error())));
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  let closed = false;
  return {
    context, page, errors,
    close: async () => {
      if (closed) return;
      closed = true;
      await context.close().catch(() => {});
      releaseBrowser();
    },
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
    if (entry) return { id: entry.id, file: path.join(dir, entry.file), modelsDir: process.env.ATTNSEQ_MODELS_DIR, confidence: entry.confidence ?? null };
  }
  return { id: 'tiny-transformer', file: path.join(ROOT, 'tests/data/models/tiny-transformer.safetensors'), modelsDir: process.env.ATTNSEQ_MODELS_DIR };
}

export const CLI = path.join(ROOT, 'build/native/attnseq');

/** Whether the demo's Compare section can run with the test catalogue: the default model's language
 *  pair has a model without attention and an attention RNN, both files present (app/models.js comparePair). */
export function compareExpected() {
  const dir = process.env.ATTNSEQ_MODELS_DIR ? path.resolve(process.env.ATTNSEQ_MODELS_DIR) : path.join(ROOT, 'models');
  const manifest = path.join(dir, 'manifest.json');
  if (!existsSync(manifest)) return false;
  const m = JSON.parse(readFileSync(manifest, 'utf8'));
  const present = m.models.filter((x) => existsSync(path.join(dir, x.file)));
  const d = present.find((x) => x.id === testModel().id);
  const same = present.filter((x) => d && x.src === d.src && x.tgt === d.tgt);
  return same.some((x) => x.attention === 'none') && same.some((x) => x.arch === 'rnn' && x.attention !== 'none');
}

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

/**
 * Waits until the demo has written its URL (app/url-state.js debounces each change by 300 ms; a
 * loaded machine may take longer, so no fixed sleep).
 */
export async function urlWritten(page, timeout = 30_000) {
  await page.waitForFunction(() => globalThis.attnseqDemo?.url && !globalThis.attnseqDemo.url.pending, null, { timeout, polling: 50 });
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

/**
 * Defines globalThis.attnseqOwnerTag(el) in the page: the innermost attnseq view or widget holding
 * `el` (across shadow roots), as its tag name, or ''. Evaluated as a string through the DevTools
 * protocol, like the injected axe-core, so the page's Content-Security-Policy (no eval) allows it.
 */
async function defineOwnerTag(page) {
  await page.evaluate(`globalThis.attnseqOwnerTag = (el) => {
    for (let n = el; n; n = n.parentElement ?? n.getRootNode?.().host ?? null) {
      if (n.tagName?.toLowerCase().startsWith('attnseq-')) return n.tagName.toLowerCase();
    }
    return '';
  }`);
}

/** The view components' source files, by tag (where a reported element comes from). */
export const COMPONENT_FILES = {
  'attnseq-attention-lines': 'web/src/components/attention-lines.js',
  'attnseq-heatmap': 'web/src/components/heatmap.js',
  'attnseq-topk': 'web/src/components/topk-bars.js',
  'attnseq-decoder-loop': 'web/src/components/decoder-loop.js',
  'attnseq-playback': 'web/src/components/playback.js',
  'attnseq-beam-tree': 'web/src/components/beam-tree.js',
  'attnseq-bleu-chart': 'web/src/components/bleu-chart.js',
  'attnseq-head-picker': 'web/src/components/head-picker.js',
  'attnseq-softmax-step': 'web/src/components/softmax-step.js',
  'attnseq-context-figure': 'web/src/components/context-figure.js',
  'attnseq-work-counter': 'web/src/components/work-counter.js',
  'attnseq-paths': 'web/src/components/path-lengths.js',
  'attnseq-interventions': 'web/src/components/interventions.js',
  'attnseq-memory': 'web/src/components/memory.js',
};

/**
 * axe-core (npm devDependency) run on the page as it is now: its violations, one entry per node, each
 * with the rule, the node's selector path (shadow roots as '>>>'), its markup (cut at 160 characters)
 * and `owner`, the innermost attnseq-* element holding it (see COMPONENT_FILES). Injected through the
 * DevTools protocol, so the page's Content-Security-Policy does not block it.
 * @returns {Promise<{rule: string, impact: string, target: string, html: string, owner: string, summary: string}[]>}
 */
export async function axeViolations(page, { rules } = {}) {
  if (!await page.evaluate(() => typeof globalThis.axe === 'object')) {
    await page.evaluate(readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8'));
  }
  await defineOwnerTag(page);
  return page.evaluate(async ({ rules }) => {
    const owner = globalThis.attnseqOwnerTag;
    const opts = { elementRef: true, resultTypes: ['violations'] };
    if (rules) opts.runOnly = { type: 'rule', values: rules };
    const res = await globalThis.axe.run(document, opts);
    return res.violations.flatMap((v) => v.nodes.map((n) => ({
      rule: v.id, impact: v.impact,
      target: n.target.map((x) => (Array.isArray(x) ? x.join(' >>> ') : x)).join(' '),
      html: n.html.slice(0, 160), owner: n.element ? owner(n.element) : '',
      summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240),
    })));
  }, { rules });
}

/**
 * How wide the page is: the document's scrollWidth, the viewport's width (innerWidth, which equals
 * clientWidth when no vertical scroll bar takes room, as in headless Chromium), and the elements
 * (shadow roots included) whose box reaches past the viewport's right edge and are not inside a box
 * that clips or scrolls them, described as "tag.class right=px".
 */
export async function pageWidth(page) {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const over = [];
    const clipped = (el) => {
      for (let n = el.parentElement ?? el.getRootNode().host; n && n !== document.documentElement; n = n.parentElement ?? n.getRootNode().host) {
        const cs = getComputedStyle(n);
        if (cs.overflowX !== 'visible' && n.getBoundingClientRect().right <= vw + 0.5) return true;
      }
      return false;
    };
    const visit = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) visit(el.shadowRoot);
        const r = el.getBoundingClientRect();
        if (r.right > vw + 0.5 && !clipped(el)) {
          const cls = typeof el.className === 'string' ? el.className : el.className?.baseVal ?? '';
          over.push(`${el.tagName.toLowerCase()}${cls ? '.' + cls.trim().split(/\s+/).join('.') : ''} right=${Math.round(r.right)}`);
        }
      }
    };
    visit(document);
    return { scrollWidth: document.documentElement.scrollWidth, viewport: innerWidth, clientWidth: vw, over };
  });
}

/**
 * Every control a finger can hit (shadow roots included): links, buttons, inputs, selects, textareas,
 * summaries, [tabindex] elements, ARIA widgets, and the outermost element of any region drawn with a
 * pointer cursor (clickable rows and cells). Its size is its box united with its labels' boxes (a tap
 * on a label works the control). Elements not rendered (display: none, inside closed <details>,
 * hidden) are left out; visually hidden ones (sr-only) are not, they are no target.
 * @returns {Promise<{what: string, owner: string, w: number, h: number, text: string}[]>}
 */
export async function touchTargets(page) {
  await defineOwnerTag(page);
  return page.evaluate(() => {
    const owner = globalThis.attnseqOwnerTag;
    const SEL = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex], [role=button], [role=link], [role=slider], [role=tab], [role=checkbox], [role=radio], [role=option]';
    const out = [];
    const parentOf = (el) => el.parentElement ?? el.getRootNode().host ?? null;
    const visit = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) visit(el.shadowRoot);
        const cs = getComputedStyle(el);
        const p = parentOf(el);
        const pointer = cs.cursor === 'pointer' && (!p || getComputedStyle(p).cursor !== 'pointer');
        if (!el.matches(SEL) && !pointer) continue;
        if (el.closest('.sr-only') || !el.getClientRects().length || cs.visibility === 'hidden') continue;
        // a section, a landmark or a heading with tabindex -1 is a focus target for scripts (skip links), not a control
        if (el.getAttribute('tabindex') === '-1' && el.matches('section, main, article, aside, nav, header, footer, h1, h2, h3, h4, h5, h6')) continue;
        let { left, top, right, bottom } = el.getBoundingClientRect();
        for (const l of el.labels ?? []) {
          const r = l.getBoundingClientRect();
          if (!r.width) continue;
          left = Math.min(left, r.left); top = Math.min(top, r.top); right = Math.max(right, r.right); bottom = Math.max(bottom, r.bottom);
        }
        const cls = typeof el.className === 'string' ? el.className : el.className?.baseVal ?? '';
        const attrs = ['name', 'type', 'data-action', 'data-export', 'data-format', 'data-step', 'data-row', 'data-cell', 'data-index', 'aria-label']
          .filter((a) => el.hasAttribute(a)).map((a) => `[${a}="${el.getAttribute(a).slice(0, 30)}"]`).join('');
        out.push({
          what: `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${cls ? '.' + cls.trim().split(/\s+/).join('.') : ''}${attrs}`,
          owner: owner(el), w: Math.round((right - left) * 10) / 10, h: Math.round((bottom - top) * 10) / 10,
          text: (el.textContent ?? '').trim().slice(0, 30),
        });
      }
    };
    visit(document);
    return out;
  });
}

export const WIDGETS = 'attnseq-translate, attnseq-generation, attnseq-attention';

/** Waits until every widget on the page has shown a run `n` times (or says it failed). */
export async function waitForWidgets(page, n = 1, timeout = 180_000) {
  await page.waitForFunction(([sel, k]) => [...document.querySelectorAll(sel)].every((w) => Number(w.dataset.ready ?? 0) >= k
    || w.shadowRoot?.querySelector('.w-status.error')), [WIDGETS, n], { timeout, polling: 250 });
}

/** Waits until every widget's animation rests on its last step (or the step the widget asked for) and nothing plays. */
export async function waitForWidgetsAtRest(page, timeout = 120_000) {
  await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].every((w) => {
    const run = w.stores?.run.get();
    if (w.shadowRoot?.querySelector('.w-status.error')) return true;
    if (!run?.run || run.status !== 'done') return false;
    const p = w.stores.playback.get();
    return !p.playing && p.index >= 0;
  }), WIDGETS, { timeout, polling: 200 });
}

/**
 * On the demo: types `text`, sets the strategy (and the beam size) and translates; waits for the end
 * of the animation (the run count of the page reaching `runs`).
 */
export async function demoTranslate(page, text, runs, { strategy = 'greedy', beamSize } = {}) {
  const details = page.locator('#decoding');
  if (!await details.evaluate((d) => d.open)) await details.locator('summary').click();
  await page.locator(`input[name=strategy][value=${strategy}]`).check();
  if (beamSize != null) await page.locator('input[name=beamSize]').fill(String(beamSize));
  await page.locator('#text').fill(text);
  await page.locator('#translate').click();
  await waitForRunEnd(page, runs);
}

/** On the demo: runs the Compare section and waits for both of its results (when the pair exists). */
export async function demoCompare(page, timeout = 120_000) {
  const button = page.locator('#compare-run');
  // Offered exactly when the catalogue has the pair's GRU without attention and one with it: a
  // button that went missing is a failure, not a skipped step.
  assert.equal(await button.isVisible(), compareExpected(), 'the Compare button is offered exactly when the catalogue has a GRU pair');
  if (!compareExpected()) return false;
  await button.click();
  await page.waitForFunction(() => {
    const cells = [...document.querySelectorAll('#compare-grid [data-compare]')];
    return cells.length > 0 && cells.every((c) => c.textContent && c.textContent !== '…') && document.querySelector('#compare-run:not([disabled])');
  }, null, { timeout, polling: 200 });
  return true;
}

/** Tables and figures (shadow roots included) that Chromium's accessibility tree gives no name. */
export async function unnamedTablesAndFigures(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  return nodes.filter((n) => !n.ignored && ['table', 'figure'].includes(n.role?.value) && !(n.name?.value ?? '').trim())
    .map((n) => n.role.value);
}
