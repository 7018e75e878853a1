// The deployable site (npm run build:site → scripts/build_site.mjs), built into a temporary folder
// attnseq/ and served under that sub-path by a plain static server (Python's http.server, serving
// the folder above it): http://127.0.0.1:PORT/attnseq/. The core checks of the e2e suite there: the
// site's root leads to the demo, which translates as the native CLI does; the service worker
// registers with the sub-path's scope; the tutorial's widgets render; the one-module widget build
// (embed.html) translates; no console error, no request outside /attnseq/, no 404.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch, screenshot, cliTranslate, waitForRunEnd, setSpeed, ROOT } from './helpers.mjs';
import { pythonServer } from './static-server.mjs';
import { buildSite } from '../../scripts/build_site.mjs';
import { catalogue } from '../../scripts/copy_assets.mjs';

const SENTENCE = 'The cat drank the milk because it was hungry.';
const WIDGETS = 'attnseq-translate, attnseq-generation, attnseq-attention';
let tmp, server, base, browser, def;
const requests = [];

before(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'attnseq-site-'));
  await buildSite({ out: path.join(tmp, 'attnseq') });
  def = (await catalogue('default')).models[0];
  server = await pythonServer(tmp);
  base = `${server.url}attnseq/`;
  browser = await launch();
  browser.context.on('request', (r) => requests.push(r.url()));
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test('the site\'s root leads to the demo, which translates as the CLI does', async () => {
  const { page } = browser;
  await page.goto(base);
  await page.waitForURL(`${base}web/`, { timeout: 30_000 });
  await waitForRunEnd(page, 1);
  const example = await page.locator('#text').inputValue();
  assert.equal(await page.locator('#translation').textContent(), cliTranslate(path.join(ROOT, 'models', def.file), example));
  await setSpeed(page, '8');
  await page.locator('#text').fill(SENTENCE);
  await page.locator('#translate').click();
  await waitForRunEnd(page, 2);
  assert.equal(await page.locator('#translation').textContent(), cliTranslate(path.join(ROOT, 'models', def.file), SENTENCE));
  assert.ok(requests.includes(`${base}models/${def.file}`), 'the model from the site\'s models/');
  await screenshot(page, 'site-subpath-demo');
});

test('the service worker registers under the sub-path', async () => {
  const { page } = browser;
  const reg = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready;
    return { scope: r.scope, script: r.active?.scriptURL, state: r.active?.state };
  });
  assert.equal(reg.scope, `${base}web/`);
  assert.equal(reg.script, `${base}web/sw.js`);
  assert.equal(reg.state, 'activated');
});

test('the tutorial\'s widgets render', async () => {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${base}web/examples/tutorial.html`);
  const count = await page.locator(WIDGETS).count();
  assert.ok(count >= 6, `the tutorial has its widgets (${count})`);
  await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].every((w) => Number(w.dataset.ready ?? 0) >= 1
    || w.shadowRoot?.querySelector('.w-status.error')), WIDGETS, { timeout: 180_000, polling: 250 });
  const report = await page.evaluate((sel) => [...document.querySelectorAll(sel)].map((w) => ({
    tag: w.tagName.toLowerCase(), error: w.shadowRoot.querySelector('.w-status.error')?.textContent ?? null,
    figures: w.shadowRoot.querySelectorAll('svg.fig, table, .loop-row').length,
  })), WIDGETS);
  for (const w of report) assert.equal(w.error, null, `${w.tag}: ${w.error}`);
  assert.ok(report.filter((w) => w.figures > 0).length >= 6, 'their figures drawn');
  assert.deepEqual(errors, []);
  await screenshot(page, 'site-subpath-tutorial');
  await page.close();
});

test('the one-module widget build of the site (embed.html) translates', async () => {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${base}embed.html`);
  await page.waitForFunction(() => {
    const w = document.querySelector('attnseq-translate');
    return w && (Number(w.dataset.ready ?? 0) >= 1 || w.shadowRoot?.querySelector('.w-status.error'));
  }, null, { timeout: 120_000, polling: 200 });
  const out = await page.evaluate(() => document.querySelector('attnseq-translate').shadowRoot.querySelector('output.translation').textContent);
  assert.equal(out, cliTranslate(path.join(ROOT, 'models', def.file), 'You should wear shoes.'));
  assert.ok(requests.includes(`${base}attnseq-worker.js`) && requests.includes(`${base}attnseq.wasm`), 'the flat build\'s files');
  assert.deepEqual(errors, []);
  await page.close();
});

test('no console error, every request inside /attnseq/, no 404', () => {
  assert.deepEqual(browser.errors, []);
  const outside = requests.filter((u) => u.startsWith(server.url) && !u.startsWith(base));
  assert.deepEqual(outside, [], 'relative URLs only');
  assert.ok(server.log.some((l) => /"GET \/attnseq\/web\/ HTTP[^"]*" 200 /.test(l)), 'the server\'s log is read');
  const missing = server.log.filter((l) => /" 404 /.test(l));
  assert.deepEqual(missing, []);
});
