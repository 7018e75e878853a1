// Widgets embedded from another origin, in Debian's Chromium. Origin B serves the one-file widget
// build (scripts/build_widgets.mjs, written to a temporary folder) through scripts/serve.mjs --dir;
// origin A serves plain pages that load http://127.0.0.1:B/attnseq-widgets.js with one <script> tag.
// The widget translates as the native CLI does (with no page policy, and with the strict
// Content-Security-Policy README.md "Deploy" gives for such a page); a wrong catalogue URL is said in
// the widget's status line; <meta name="attnseq-models"> names a catalogue of a third origin (the
// dev server, whose /attnseq-widgets.js works cross-origin too); when the module cannot load, the
// element's own content (the page's fallback) stays. Screenshots: artifacts/e2e/cross-origin-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFileSync, existsSync } from 'node:fs';
import { launch, serve, screenshot, cliTranslate, ROOT } from './helpers.mjs';
import { buildWidgets } from '../../scripts/build_widgets.mjs';
import { catalogue } from '../../scripts/copy_assets.mjs';

const TEXT = 'You should wear shoes.';
let tmp, widgets, pages, dev, browser, b, c;
let def;
// The model the meta test asks the dev server's full catalogue for (not in the widget build).
const gru = JSON.parse(readFileSync(path.join(ROOT, 'models/manifest.json'), 'utf8')).models
  .find((m) => m.id === 'en-fr-gru-attn' && existsSync(path.join(ROOT, 'models', m.file)));

/** A page of origin A (optionally with a CSP header) that loads the widgets module from `src`. */
async function pageWith(name, { src, body, head = '' }) {
  await writeFile(path.join(pages.dir, `${name}.html`), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${name}</title><link rel="icon" href="data:,">${head}
<script type="module" src="${src}"></script></head>
<body><main><h1>Embedded</h1>${body}</main></body></html>
`);
  return `${pages.url}${name}.html`;
}

/** A new tab on `url`, its console errors and page errors collected. */
async function open(url) {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url);
  return { page, errors, requests };
}

/** Waits until the first widget translated (`runs` times) or says why it cannot; its output and status. */
async function widgetResult(page, { sel = 'attnseq-translate', runs = 1, timeout = 120_000 } = {}) {
  await page.waitForFunction(({ sel, runs }) => {
    const w = document.querySelector(sel);
    return w && (Number(w.dataset.ready ?? 0) >= runs || w.shadowRoot?.querySelector('.w-status.error'));
  }, { sel, runs }, { timeout, polling: 200 });
  return page.evaluate((sel) => {
    const r = document.querySelector(sel).shadowRoot;
    return { output: r.querySelector('output.translation')?.textContent ?? null, error: r.querySelector('.w-status.error')?.textContent ?? null,
      status: r.querySelector('.w-status')?.textContent ?? '' };
  }, sel);
}

before(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'attnseq-xorigin-'));
  await buildWidgets({ out: path.join(tmp, 'widgets') });
  await mkdir(path.join(tmp, 'pages'));
  widgets = await serve({ dir: path.join(tmp, 'widgets'), csp: false });
  dev = await serve({ csp: false });  // the repository's dev server (npm start), a third origin
  // Origin A: its pages get the strict policy for the CSP test by a second server on the same folder.
  pages = await serve({ dir: path.join(tmp, 'pages'), csp: false });
  pages.dir = path.join(tmp, 'pages');
  b = `http://127.0.0.1:${widgets.port}`;
  c = `http://127.0.0.1:${dev.port}`;
  browser = await launch();
  def = (await catalogue('default')).models[0];
});

after(async () => {
  await browser?.close();
  for (const s of [widgets, dev, pages]) await s?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test('a page of another origin embeds the widget build with one script tag and translates', async () => {
  const url = await pageWith('plain', { src: `${b}/attnseq-widgets.js`, body: `<attnseq-translate text="${TEXT}"></attnseq-translate>` });
  const { page, errors, requests } = await open(url);
  const r = await widgetResult(page);
  assert.equal(r.error, null);
  assert.equal(r.output, cliTranslate(path.join(ROOT, 'models', def.file), TEXT));
  assert.notEqual(new URL(url).origin, b, 'two origins');
  for (const f of ['attnseq-worker.js', 'attnseq.wasm', 'models/manifest.json', `models/${def.file}`, 'styles/widgets.css']) {
    assert.ok(requests.includes(`${b}/${f}`), `${f} came from the widgets' origin`);
  }
  assert.ok(page.workers().length >= 1, 'the engine runs in a worker (started from a blob: wrapper)');
  assert.deepEqual(errors, []);
  await screenshot(page, 'cross-origin-plain');
  await page.close();
});

test('the seed\'s views from another origin: paths from the build\'s catalogue, interventions and memory as the CLI, the N-gram counts beside the bundle', async () => {
  const url = await pageWith('seed', { src: `${b}/attnseq-widgets.js`, body: `<attnseq-attention view="paths" text="${TEXT}"></attnseq-attention>
<attnseq-attention view="interventions" off="wear" text="${TEXT}"></attnseq-attention>
<attnseq-attention view="memory" text="${TEXT}"></attnseq-attention>
<attnseq-attention view="ngram" text="${TEXT}"></attnseq-attention>` });
  const { page, errors, requests } = await open(url);
  const file = path.join(ROOT, 'models', def.file);
  const data = (i) => page.evaluate((i) => document.querySelectorAll('attnseq-attention')[i].shadowRoot.querySelector('[part="figure"]')?.data, i);
  await page.waitForFunction(() => {
    const v = [...document.querySelectorAll('attnseq-attention')].map((w) => w.shadowRoot?.querySelector('[part="figure"]')?.data);
    return v[0] && v[1]?.free && !v[1].pending && v[2] && v[3];
  }, null, { timeout: 120_000, polling: 250 });
  // the build carries the default model only: the other schemes are said to be missing, not drawn
  const paths = await data(0);
  assert.deepEqual(paths.schemes.map((x) => x.entry?.id ?? null), ['conv', 'rnn', 'self-attention'].map((k) => (def.encoder.kind === k ? def.id : null)));
  const iv = await data(1);
  assert.equal(iv.free.text, cliTranslate(file, TEXT, ['--source-mask', String(iv.sourceMask[0])]));
  assert.equal(iv.source[iv.sourceMask[0]], 'wear');
  const mem = await data(2);
  assert.deepEqual(mem.change.map((x) => x.toFixed(5)), JSON.parse(cliTranslate(file, TEXT, ['--sensitivity'])).change.map((x) => x.toFixed(5)));
  const ng = await data(3);
  assert.equal(ng.english, def.tgt === 'en');
  assert.ok(requests.includes(`${b}/data/ngram-en.json`), 'the counts came from the widgets\' origin');
  assert.deepEqual(errors, []);
  await screenshot(page, 'cross-origin-seed');
  await page.close();
});

test('the same page under a strict Content-Security-Policy naming the widgets\' origin', async () => {
  const policy = [
    "default-src 'self'", `script-src 'self' ${b} 'wasm-unsafe-eval'`, `style-src 'self' ${b}`,
    // worker-src: the blob: wrapper the worker starts from, and the widgets' origin: a module worker
    // fetches its whole module graph (the import of attnseq-worker.js) under worker-src, not script-src.
    `connect-src 'self' ${b}`, `worker-src blob: ${b}`, "img-src 'self' data: blob:", "object-src 'none'", "base-uri 'self'",
  ].join('; ');
  const strict = await serve({ dir: pages.dir, csp: policy });
  try {
    await pageWith('strict', { src: `${b}/attnseq-widgets.js`, body: `<attnseq-translate text="${TEXT}"></attnseq-translate>` });
    const { page, errors } = await open(`${strict.url}strict.html`);
    const csp = (await page.request.get(`${strict.url}strict.html`)).headers()['content-security-policy'];
    assert.equal(csp, policy, 'the page is served with the policy');
    const r = await widgetResult(page);
    assert.deepEqual(errors, [], 'no CSP violation');
    assert.equal(r.error, null);
    assert.equal(r.output, cliTranslate(path.join(ROOT, 'models', def.file), TEXT));
    await page.close();
  } finally {
    await strict.close();
  }
});

test('a wrong catalogue URL is said in the widget, not a blank box', async () => {
  const url = await pageWith('wrong-models', {
    src: `${b}/attnseq-widgets.js`,
    body: `<attnseq-translate text="${TEXT}" models="${b}/nowhere/manifest.json"></attnseq-translate>`,
  });
  const { page } = await open(url);
  const r = await widgetResult(page);
  assert.equal(r.output, '', 'no translation');
  assert.match(r.error ?? '', /could not be loaded/);
  assert.match(r.error ?? '', /nowhere\/manifest\.json.*HTTP 404/);
  assert.ok(await page.locator('attnseq-translate').evaluate((w) => w.shadowRoot.querySelector('.w-status').checkVisibility()));
  const exportShown = () => page.locator('attnseq-translate').evaluate((w) => w.shadowRoot.querySelector('.export').checkVisibility());
  assert.equal(await exportShown(), false, 'no SVG/PNG buttons without a figure');
  await screenshot(page, 'cross-origin-wrong-models');
  // Set right, the same widget loads the catalogue and translates.
  await page.locator('attnseq-translate').evaluate((w, u) => w.setAttribute('models', u), `${b}/models/manifest.json`);
  await page.waitForFunction(() => !document.querySelector('attnseq-translate').shadowRoot.querySelector('.w-status.error'), null, { timeout: 30_000 });
  const ok = await widgetResult(page);
  assert.equal(ok.error, null);
  assert.equal(ok.output, cliTranslate(path.join(ROOT, 'models', def.file), TEXT));
  assert.equal(await exportShown(), true, 'the buttons under the figure');
  await page.close();
});

test('<meta name="attnseq-models"> names a catalogue of a third origin; its files resolve against it', { skip: !gru && 'no en-fr-gru-attn model' }, async () => {
  // The widget module from the dev server (its /attnseq-widgets.js: the repository's modules), the
  // catalogue too: a model the widget build does not carry.
  const url = await pageWith('meta', {
    src: `${c}/attnseq-widgets.js`,
    head: `<meta name="attnseq-models" content="${c}/models/manifest.json">`,
    body: `<attnseq-translate text="${TEXT}" model="en-fr-gru-attn"></attnseq-translate>`,
  });
  const { page, errors, requests } = await open(url);
  const r = await widgetResult(page);
  assert.equal(r.error, null);
  assert.equal(r.status, '', 'the model asked for is in that catalogue');
  assert.equal(r.output, cliTranslate(path.join(ROOT, 'models', gru.file), TEXT));
  assert.ok(requests.includes(`${c}/models/${gru.file}`), 'the model file, beside the catalogue');
  assert.deepEqual(errors, []);
  await page.close();
});

test('when the module cannot load, the element\'s own content stays as the fallback', async () => {
  const fallback = 'The interactive translation needs JavaScript.';
  const url = await pageWith('no-module', {
    src: `${b}/missing/attnseq-widgets.js`,
    body: `<attnseq-translate text="${TEXT}"><p class="fallback">${fallback}</p></attnseq-translate>`,
  });
  const { page } = await open(url);
  await page.waitForLoadState('load');
  assert.equal(await page.locator('p.fallback').isVisible(), true);
  await page.close();
  // Loaded, the widget's shadow root (no <slot>) hides it.
  const ok = await pageWith('fallback-ok', {
    src: `${b}/attnseq-widgets.js`,
    body: `<attnseq-translate text="${TEXT}"><p class="fallback">${fallback}</p></attnseq-translate>`,
  });
  const loaded = await open(ok);
  await widgetResult(loaded.page);
  assert.equal(await loaded.page.locator('p.fallback').isVisible(), false);
  await loaded.page.close();
});
