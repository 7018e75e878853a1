// Offline: after a first visit, the demo reloads and translates with the server gone (the service
// worker, web/sw.js, serves the page, the modules, the WebAssembly module and every model of the
// catalogue, downloaded in the background after the first translation).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, serve, screenshot, testModel, cliTranslate, waitForRunEnd, ROOT } from './helpers.mjs';

const model = testModel();
let browser, srv;

after(async () => {
  await browser?.close();
  await srv?.close();
});

test('a reload with the network blocked still translates', async () => {
  const served = [];  // "200 GET /path" lines of the server
  srv = await serve({ modelsDir: model.modelsDir, log: (line) => served.push(line) });
  const port = srv.port;
  browser = await launch();
  const { page, context } = browser;
  await page.addInitScript(() => {
    const order = globalThis.__order = [];
    const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
    navigator.serviceWorker.register = (...a) => { order.push('service worker registered'); return register(...a); };
    new MutationObserver((_, obs) => {
      if (document.body?.dataset.runs) { order.push('translation shown'); obs.disconnect(); }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-runs'] });
  });
  await page.goto(`${srv.url}?speed=8&model=${encodeURIComponent(model.id)}`);
  await waitForRunEnd(page, 1);
  // The service worker has taken the page and says everything it loaded is cached.
  await page.waitForFunction(() => document.documentElement.dataset.offline === 'ready' && navigator.serviceWorker.controller, null, { timeout: 60_000 });
  // A first visit downloads the model it shows first, alone; the rest of the catalogue only after the
  // first translation is on screen (the service worker keeps it for offline use), each file once.
  const modelGets = served.filter((l) => / GET \/models\/.*\.safetensors$/.test(l) && l.startsWith('200')).map((l) => path.basename(l.split(' ').pop()));
  const file = path.basename(model.file);
  const { readFileSync } = await import('node:fs');
  const modelsDir = model.modelsDir ?? path.join(ROOT, 'models');
  const manifest = JSON.parse(readFileSync(path.join(modelsDir, 'manifest.json'), 'utf8'));
  assert.equal(modelGets[0], file, `model downloads: ${modelGets.join('; ')}`);
  assert.deepEqual(modelGets.slice().sort(), manifest.models.map((m) => m.file).sort(), `each model downloaded once: ${modelGets.join('; ')}`);
  assert.match(await page.locator('#sw-status').textContent(), new RegExp(`all ${manifest.models.length} models`));
  // said again in the language the reader switches to (it stayed English in the Chinese UI)
  await page.selectOption('#lang', 'zh');
  assert.equal(await page.locator('#sw-status').textContent(), `可离线使用（全部 ${manifest.models.length} 个模型）。`);
  await page.selectOption('#lang', 'en');
  // The service worker (whose install downloads the precache list) is registered only after the first
  // translation is on screen, so none of that competes with the model's download.
  const order = await page.evaluate(() => globalThis.__order);
  assert.deepEqual(order.slice(0, 2), ['translation shown', 'service worker registered'], order.join(', '));

  // Network gone, right after the notice: the server is closed (connections refused) and the browser
  // is offline. Reloads work every time (20 in a row), with no console error.
  await srv.close();
  srv = null;
  await context.setOffline(true);
  const before = browser.errors.length;
  for (let i = 0; i < 20; i++) {
    await page.reload();
    await waitForRunEnd(page, 1);
    assert.ok((await page.locator('#translation').textContent()).length > 0, `reload ${i + 1}: a translation`);
  }
  assert.deepEqual(browser.errors.slice(before).filter((e) => !/docs\/eval/.test(e)), [], 'no console error offline');
  // Offline, every model of the catalogue is there (none is marked as needing the network).
  const options = await page.locator('#model option').evaluateAll((os) => os.map((o) => ({ id: o.value, disabled: o.disabled, text: o.textContent })));
  const manifestIds = manifest.models.map((m) => m.id);
  assert.deepEqual(options.map((o) => o.id), manifestIds, 'every model is listed');
  for (const o of options) assert.equal(o.disabled, false, `${o.text}`);
  const text = 'You should wear shoes.';
  await page.locator('#text').fill(text);
  await page.locator('#translate').click();
  await waitForRunEnd(page, 2);
  assert.equal(await page.locator('#translation').textContent(), cliTranslate(model.file, text));
  assert.equal(new URL(page.url()).port, String(port));
  // Compare runs two more models: offline too, translated, no error.
  if (await page.locator('#compare-run').isVisible()) {
    await page.locator('#compare-run').click();
    await page.waitForFunction(() => {
      const ts = [...document.querySelectorAll('#compare-grid .compare-item .translation')].map((e) => e.textContent);
      return ts.length >= 2 && ts.every((x) => x && x !== '…' && !/^Not translated|^Press/.test(x));
    }, null, { timeout: 60_000 });
    assert.equal(await page.locator('#compare-grid .status.error').count(), 0);
  }
  await screenshot(page, 'offline-reload');
});

test('the tutorial, never visited online, is served whole offline after a visit to the demo, every widget translating', async () => {
  const server = await serve({ modelsDir: model.modelsDir });
  const b = await launch();
  try {
    await b.page.goto(`${server.url}?speed=8`);
    await waitForRunEnd(b.page, 1);
    await b.page.waitForFunction(() => document.documentElement.dataset.offline === 'ready' && navigator.serviceWorker.controller, null, { timeout: 60_000 });
    const tutorial = new URL('examples/tutorial.html', server.url).href;
    await server.close();
    await b.context.setOffline(true);
    const before = b.errors.length;
    await b.page.goto(tutorial);
    assert.match(await b.page.title(), /attention/i);
    // styled (its stylesheets came from the cache) and its default-model widget translates
    assert.notEqual(await b.page.evaluate(() => getComputedStyle(document.body).fontFamily), 'Times New Roman');
    await b.page.waitForFunction(() => document.querySelector('#try attnseq-translate')?.dataset.ready, null, { timeout: 60_000 });
    // every widget settles: translated, or a message in place
    await b.page.waitForFunction(() => [...document.querySelectorAll('attnseq-translate, attnseq-attention, attnseq-generation')].every((e) =>
      e.dataset.ready || e.shadowRoot?.querySelector('.w-status.error')), null, { timeout: 180_000 });  // (23 widgets, 7 models)
    // every widget translates: the demo's visit kept the whole catalogue, not only the demo's model
    const statuses = await b.page.locator('attnseq-translate, attnseq-attention, attnseq-generation').evaluateAll((els) => els.map((e) => ({
      ready: !!e.dataset.ready, status: e.shadowRoot?.querySelector('.w-status')?.textContent ?? '' })));
    for (const st of statuses) assert.ok(st.ready, JSON.stringify(st));
    assert.deepEqual(b.errors.slice(before), [], 'no console error on the offline tutorial');
    await screenshot(b.page, 'offline-tutorial');
  } finally {
    await b.close();
  }
});

test('the tutorial says that it works offline, as the demo does, in its own language', async () => {
  const { readFileSync } = await import('node:fs');
  const manifest = JSON.parse(readFileSync(path.join(model.modelsDir ?? path.join(ROOT, 'models'), 'manifest.json'), 'utf8'));
  const server = await serve({ modelsDir: model.modelsDir });
  const b = await launch();
  try {
    for (const [file, text] of [['tutorial.html', `Available offline, with all ${manifest.models.length} models.`],
      ['tutorial.zh.html', `可离线使用（全部 ${manifest.models.length} 个模型）。`]]) {
      await b.page.goto(new URL(`examples/${file}`, server.url).href);
      await b.page.waitForFunction((want) => document.getElementById('sw-status')?.textContent === want, text, { timeout: 120_000 })
        .catch(async (e) => { throw new Error(`${file}: «${await b.page.locator('#sw-status').textContent().catch(() => 'no #sw-status')}» ${e.message}`); });
    }
    await screenshot(b.page, 'offline-tutorial-zh-notice');
  } finally {
    await b.close();
    await server.close();
  }
});

test('a changed model file is detected by its content hash and replaces the cached copy', async () => {
  const { mkdtemp, copyFile, writeFile, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const path = (await import('node:path')).default;
  const { ROOT } = await import('./helpers.mjs');
  const dir = await mkdtemp(path.join(tmpdir(), 'attnseq-models-'));
  const tiny = (f) => path.join(ROOT, 'tests/data/models', f);
  await copyFile(tiny('tiny-transformer.safetensors'), path.join(dir, 'm.safetensors'));
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify({
    default: 'm', models: [{ id: 'm', file: 'm.safetensors', src: 'en', tgt: 'fr', arch: 'transformer', label: 'Model M' }],
  }));
  const server = await serve({ modelsDir: dir });
  const b = await launch();
  try {
    await b.page.goto(`${server.url}?speed=8`);
    await waitForRunEnd(b.page, 1);
    await b.page.waitForFunction(() => document.documentElement.dataset.offline === 'ready' && navigator.serviceWorker.controller, null, { timeout: 60_000 });
    // The file changes on the server; the page, served the cached copy, is told about the new one.
    await copyFile(tiny('tiny-transformer-shared.safetensors'), path.join(dir, 'm.safetensors'));
    await b.page.reload();
    await b.page.waitForFunction(() => document.documentElement.dataset.modelUpdated === 'm.safetensors', null, { timeout: 60_000 });
    // The notice stays up, also after the worker reports that everything is cached.
    await b.page.waitForFunction(() => document.documentElement.dataset.offline === 'ready', null, { timeout: 60_000 });
    assert.match(await b.page.locator('#sw-status').textContent(), /m\.safetensors/);
    await waitForRunEnd(b.page, 1);
    // The next load uses the new model. (A fresh visit, not a reload: the page has written the old run's
    // last step into its URL, and the new model's run is longer, so a reload would open on that step.)
    await b.page.goto(`${server.url}?speed=8`);
    await waitForRunEnd(b.page, 1);
    const text = await b.page.locator('#text').inputValue();
    assert.equal(await b.page.locator('#translation').textContent(), cliTranslate(tiny('tiny-transformer-shared.safetensors'), text));
    await screenshot(b.page, 'offline-model-updated');
  } finally {
    await b.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test('under the browser\'s data saver, the first visit keeps only the model it used', async () => {
  const served = [];
  const server = await serve({ modelsDir: model.modelsDir, log: (line) => served.push(line) });
  const b = await launch();
  try {
    await b.page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });
    });
    await b.page.goto(`${server.url}?speed=8&model=${encodeURIComponent(model.id)}`);
    await waitForRunEnd(b.page, 1);
    await b.page.waitForFunction(() => document.documentElement.dataset.offline === 'ready' && navigator.serviceWorker.controller, null, { timeout: 60_000 });
    await b.page.waitForTimeout(1000);  // (a download of the catalogue would have started by now)
    const models = served.filter((l) => / GET \/models\/.*\.safetensors$/.test(l) && l.startsWith('200')).map((l) => path.basename(l.split(' ').pop()));
    assert.deepEqual([...new Set(models)], [path.basename(model.file)], `model downloads: ${models.join('; ')}`);
    assert.equal(await b.page.locator('#sw-status').textContent(), 'Available offline.');
  } finally {
    await b.close();
    await server.close();
  }
});

test('a catalogue file missing on the server does not keep the page from being available offline', async () => {
  const { mkdtemp, copyFile, writeFile, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const dir = await mkdtemp(path.join(tmpdir(), 'attnseq-models-'));
  await copyFile(path.join(ROOT, 'tests/data/models/tiny-transformer.safetensors'), path.join(dir, 'm.safetensors'));
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify({ default: 'm', models: [
    { id: 'm', file: 'm.safetensors', src: 'en', tgt: 'fr', arch: 'transformer', label: 'Model M' },
    { id: 'gone', file: 'gone.safetensors', src: 'en', tgt: 'fr', arch: 'transformer', label: 'Model Gone' }] }));
  const served = [];
  const server = await serve({ modelsDir: dir, log: (line) => served.push(line) });
  const b = await launch();
  try {
    await b.page.goto(`${server.url}?speed=8`);
    await waitForRunEnd(b.page, 1);
    await b.page.waitForFunction(() => document.documentElement.dataset.offline === 'ready' && navigator.serviceWorker.controller, null, { timeout: 60_000 });
    // not "with all 2 models": the worker holds one
    assert.equal(await b.page.locator('#sw-status').textContent(), 'Available offline.');
    const asked = served.filter((l) => / GET \/models\/gone\.safetensors$/.test(l));
    assert.ok(asked.length >= 1 && asked.length <= 2, `requests for the missing file: ${asked.join('; ')}`);
  } finally {
    await b.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
});

test("a tutorial page that names its own catalogue (<meta name=\"attnseq-models\">) keeps that catalogue's models for offline", async () => {
  // A copy of the site in a temporary folder (links to web/'s files) with a page of our own in
  // web/examples/ whose catalogue, at /cat2/, has two models; its widget uses one.
  const { mkdtemp, mkdir, readdir, symlink, copyFile, writeFile, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const dir = await mkdtemp(path.join(tmpdir(), 'attnseq-site-'));
  const web = path.join(ROOT, 'web');
  await mkdir(path.join(dir, 'web/examples'), { recursive: true });
  for (const f of await readdir(web)) if (f !== 'examples') await symlink(path.join(web, f), path.join(dir, 'web', f));
  for (const f of await readdir(path.join(web, 'examples'))) await symlink(path.join(web, 'examples', f), path.join(dir, 'web/examples', f));
  await symlink(model.modelsDir ?? path.join(ROOT, 'models'), path.join(dir, 'models'));
  await mkdir(path.join(dir, 'cat2'));
  const tiny = (f) => path.join(ROOT, 'tests/data/models', f);
  await copyFile(tiny('tiny-transformer.safetensors'), path.join(dir, 'cat2/a.safetensors'));
  await copyFile(tiny('tiny-rnn-additive.safetensors'), path.join(dir, 'cat2/b.safetensors'));
  await writeFile(path.join(dir, 'cat2/manifest.json'), JSON.stringify({ default: 'a', models: [
    { id: 'a', file: 'a.safetensors', src: 'en', tgt: 'fr', arch: 'transformer', label: 'Model A' },
    { id: 'b', file: 'b.safetensors', src: 'en', tgt: 'fr', arch: 'rnn', attention: 'additive', label: 'Model B' }] }));
  const page = (body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>mine</title>
<meta name="attnseq-models" content="../../cat2/manifest.json">
<script type="module" src="../src/widgets.js"></script><script type="module" src="offline.js"></script></head>
<body>${body}</body></html>`;
  await writeFile(path.join(dir, 'web/examples/mine.html'), page('<attnseq-translate text="I ate an apple."></attnseq-translate>'));
  const server = await serve({ dir });
  const b = await launch();
  try {
    await b.page.goto(`${server.url}web/examples/mine.html`);
    await b.page.waitForFunction(() => document.querySelector('attnseq-translate')?.dataset.ready, null, { timeout: 60_000 });
    // the worker keeps the page and its catalogue, model b included (never shown online)
    const kept = () => b.page.evaluate(async () => {
      const want = [location.href, new URL('../../cat2/manifest.json', location.href).href, new URL('../../cat2/b.safetensors', location.href).href];
      const held = await Promise.all(want.map(async (u) => {
        for (const k of await caches.keys()) if (await (await caches.open(k)).match(u)) return true;
        return false;
      }));
      return !!navigator.serviceWorker.controller && held.every(Boolean);
    });
    for (const t0 = Date.now(); !(await kept());) {
      assert.ok(Date.now() - t0 < 60_000, 'the service worker keeps the page, its catalogue and model b');
      await new Promise((r) => setTimeout(r, 500));
    }
    await server.close();
    await b.context.setOffline(true);
    await b.page.reload();
    await b.page.waitForFunction(() => document.querySelector('attnseq-translate')?.dataset.ready, null, { timeout: 60_000 });
    // offline, the widget switches to the model it never used online: it translates
    await b.page.evaluate(() => document.querySelector('attnseq-translate').setAttribute('model', 'b'));
    await b.page.waitForFunction(() => {
      const w = document.querySelector('attnseq-translate');
      return w.stores.model.get().modelId === 'b' && w.stores.run.get().run?.done;
    }, null, { timeout: 60_000 });
    assert.equal(await b.page.evaluate(() => document.querySelector('attnseq-translate').shadowRoot.querySelector('.w-status.error')), null);
  } finally {
    await b.close();
    await server.close().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
});
