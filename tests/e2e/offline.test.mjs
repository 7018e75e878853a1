// Offline: after a first visit, the demo reloads and translates with the server gone (the service
// worker, web/sw.js, serves the page, the modules, the WebAssembly module and the model).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, serve, screenshot, testModel, cliTranslate, waitForRunEnd } from './helpers.mjs';

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
  await page.goto(`${srv.url}?speed=8&model=${encodeURIComponent(model.id)}`);
  await waitForRunEnd(page, 1);
  // The service worker has taken the page and says everything it loaded is cached.
  await page.waitForFunction(() => document.documentElement.dataset.offline === 'ready' && navigator.serviceWorker.controller, null, { timeout: 60_000 });
  // A first visit downloads the model it shows, not the whole catalogue (the manifest's HEAD checks
  // of the other files must not make the service worker fetch them).
  const modelGets = served.filter((l) => / GET \/models\/.*\.safetensors$/.test(l) && l.startsWith('200'));
  const file = path.basename(model.file);
  assert.ok(modelGets.length >= 1 && modelGets.every((l) => l.endsWith(`/${file}`)), `model downloads: ${modelGets.join('; ')}`);

  // Network gone: the server is closed (connections refused) and the browser is offline.
  await srv.close();
  srv = null;
  await context.setOffline(true);
  await page.reload();
  await waitForRunEnd(page, 1);
  const text = 'You should wear shoes.';
  await page.locator('#text').fill(text);
  await page.locator('#translate').click();
  await waitForRunEnd(page, 2);
  assert.equal(await page.locator('#translation').textContent(), cliTranslate(model.file, text));
  assert.equal(new URL(page.url()).port, String(port));
  await screenshot(page, 'offline-reload');
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
    await b.page.reload();  // the next load uses the new model
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
