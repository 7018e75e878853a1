// Compare: the same sentence through the GRU without attention and the GRU with attention (the
// shipped models), side by side, each equal to the native CLI; the BLEU-by-length chart from
// docs/eval/<id>.json; and the KV-cache work counter.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { launch, serve, screenshot, cliTranslate, waitForRunEnd, ROOT } from './helpers.mjs';

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'models/manifest.json'), 'utf8'));
const byId = (id) => manifest.models.find((m) => m.id === id);
const pair = ['en-fr-gru-noattn', 'en-fr-gru-attn'].map(byId);
const ready = pair.every((m) => m && existsSync(path.join(ROOT, 'models', m.file)));

let browser, srv;
after(async () => {
  await browser?.close();
  await srv?.close();
});

test('Compare translates with the no-attention and the attention GRU, as the CLI does', { skip: !ready && 'the two en-fr GRU models are not in models/' }, async () => {
  srv = await serve();
  browser = await launch({ reducedMotion: 'reduce' });
  const { page } = browser;
  const text = 'I ate an apple and then a banana because I was very hungry.';
  await page.goto(`${srv.url}?text=${encodeURIComponent(text)}`);
  await waitForRunEnd(page, 1);
  // Not run on open: it would download two more models on a first visit that never looks at it.
  const notRun = await page.locator(`[data-compare="${pair[0].id}"]`).textContent();
  const before = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /gru-(no)?attn[^/]*\.safetensors/.test(e.name) && e.encodedBodySize > 0).length);
  await page.locator('#compare-run').click();
  for (const m of pair) {
    const cell = page.locator(`[data-compare="${m.id}"]`);
    await page.waitForFunction(([id, idle]) => {
      const el = document.querySelector(`[data-compare="${id}"]`);
      return el && ![idle, '…', ''].includes(el.textContent) && document.querySelector('#compare-run:not([disabled])');
    }, [m.id, notRun], { timeout: 120_000 });
    assert.equal(await cell.textContent(), cliTranslate(path.join(ROOT, 'models', m.file), text), m.id);
  }
  if (!manifest.models.some((m) => /gru-(no)?attn/.test(m.id) && m.id === manifest.default)) assert.equal(before, 0, 'the GRU models were downloaded before Compare ran');
  // One context figure per model; the attention model's shows per-step weights, the other one vector.
  assert.equal(await page.locator('#compare-grid attnseq-context-figure').count(), 2);
  // The BLEU chart has a series per evaluated model of the pair, both GRUs included.
  const labels = await page.locator('#bleu').evaluate((el) => (el.data?.series ?? []).map((s) => s.label));
  for (const m of pair) assert.ok(labels.includes(m.label.en), `${m.label.en} in ${JSON.stringify(labels)}`);
  await page.locator('#compare').scrollIntoViewIfNeeded();
  await screenshot(page, 'compare');
});
