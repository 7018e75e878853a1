// The single-file build (scripts/build_single_file.mjs) works opened from file://: no server, the
// network blocked, the model and the WebAssembly module inlined.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch, screenshot, ROOT, cliTranslate, waitForRunEnd } from './helpers.mjs';

const OUT = path.join(ROOT, 'build', 'single', 'attnseq-e2e.html');
let browser, modelFile;

before(() => {
  const log = execFileSync(process.execPath, [path.join(ROOT, 'scripts/build_single_file.mjs'), '--out', OUT], { encoding: 'utf8' });
  // The build says which model it inlined: the CLI translates with the same file.
  const id = /model (\S+),/.exec(log)[1];
  if (id === 'tiny-transformer') modelFile = path.join(ROOT, 'tests/data/models/tiny-transformer.safetensors');
  else {
    const m = JSON.parse(readFileSync(path.join(ROOT, 'models/manifest.json'), 'utf8'));
    modelFile = path.join(ROOT, 'models', m.models.find((x) => x.id === id).file);
  }
});

after(async () => { await browser?.close(); });

test('the single-file build translates from file:// with the network off', async () => {
  browser = await launch();
  const { page, context } = browser;
  await context.setOffline(true);
  const requests = [];
  page.on('request', (r) => { if (!/^(data|file|blob):/.test(r.url())) requests.push(r.url()); });
  await page.goto(pathToFileURL(OUT).href + '?speed=8');
  await waitForRunEnd(page, 1, 180_000);
  const text = 'I ate an apple.';
  await page.locator('#text').fill(text);
  await page.locator('#translate').click();
  await waitForRunEnd(page, 2, 180_000);
  assert.equal(await page.locator('#translation').textContent(), cliTranslate(modelFile, text));
  assert.ok(await page.locator('#fig-heatmap td[data-cell]').count() > 0);
  assert.deepEqual(requests, [], 'no network request');
  assert.deepEqual(browser.errors, []);
  await screenshot(page, 'single-file');
});
