// Damaged models in the UI. A models folder is served with a manifest listing the good model and
// damaged copies of it: truncated at every 1/16 of its length, bytes flipped in the header and in
// the data, the good file listed as another architecture, an HTML error page and a safetensors file
// that is not an attnseq model. Picking each in the demo's model selector gives a clear message (or,
// for flipped weights the loader cannot tell apart, a translation) and the previous model stays
// selected and usable; the tutorial widgets say the same in their status line, in English and
// Chinese. Screenshots: artifacts/e2e/damaged-*.png.
import { createHash } from 'node:crypto';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch, pageErrorsOf, serve, screenshot, testModel, waitForRunEnd } from './helpers.mjs';

const model = testModel();
const GOOD = 'good';
let dir, srv, browser, page, variants, pageErrors;

/** A small seeded generator (xorshift32), so that the flipped bytes are the same on every run. */
function rng(seed) {
  let x = seed >>> 0 || 1;
  return () => { x ^= x << 13; x >>>= 0; x ^= x >> 17; x ^= x << 5; x >>>= 0; return x / 2 ** 32; };
}

function flip(bytes, from, to, count, seed) {
  const out = new Uint8Array(bytes);
  const r = rng(seed);
  for (let i = 0; i < count; i++) out[from + Math.floor(r() * (to - from))] ^= 1 + Math.floor(r() * 255);
  return out;
}

/** Writes the damaged copies and the manifest; returns [{id, label, kind}] (kind: expected outcome). */
async function makeModels(target) {
  const good = new Uint8Array(await readFile(model.file));
  const headerEnd = 8 + Number(new DataView(good.buffer, good.byteOffset).getBigUint64(0, true));
  const list = [];
  const add = async (id, bytes, kind, extra = {}) => {
    const file = `${id}.safetensors`;
    await writeFile(path.join(target, file), bytes);
    list.push({ id, file, src: 'en', tgt: 'fr', label: `Damaged: ${id}`, kind, ...extra });
  };
  for (let k = 1; k < 16; k++) await add(`truncated-${k}of16`, good.slice(0, Math.floor((good.length * k) / 16)), 'error');
  for (let s = 1; s <= 4; s++) await add(`header-flips-${s}`, flip(good, 8, headerEnd, 3, s), 'either');
  // Flipped weights are valid numbers the loader cannot tell apart: without a checksum the model loads
  // and translates something; with the catalogue's sha256 of the good file it is a clear message.
  for (let s = 1; s <= 2; s++) await add(`data-flips-${s}`, flip(good, headerEnd, good.length, 16, 100 + s), 'either');
  const goodSha = createHash('sha256').update(good).digest('hex');
  for (let s = 3; s <= 4; s++) await add(`data-flips-sha-${s}`, flip(good, headerEnd, good.length, 16, 100 + s), 'error', { sha256: goodSha });
  await copyFile(model.file, path.join(target, 'other-arch.safetensors'));
  const arch = /transformer/.test(model.id) ? 'gru-attn' : 'transformer';
  list.push({ id: 'other-arch', file: 'other-arch.safetensors', src: 'en', tgt: 'fr', arch, label: `Claims to be a ${arch}`, kind: 'error' });
  await add('html-error-page', new TextEncoder().encode('<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>\n'), 'error');
  const header = JSON.stringify({ __metadata__: { format: 'pt' }, w: { dtype: 'F32', shape: [2], data_offsets: [0, 8] } });
  const foreign = new Uint8Array(8 + header.length + 8);
  new DataView(foreign.buffer).setBigUint64(0, BigInt(header.length), true);
  foreign.set(new TextEncoder().encode(header), 8);
  await add('not-attnseq', foreign, 'error');
  await copyFile(model.file, path.join(target, 'good.safetensors'));
  const manifest = {
    default: GOOD,
    models: [{ id: GOOD, file: 'good.safetensors', src: 'en', tgt: 'fr', label: 'The good model' }, ...list.map(({ kind, ...m }) => m)],
  };
  await writeFile(path.join(target, 'manifest.json'), JSON.stringify(manifest, null, 1));
  // A page of widgets served from the same folder (its /models/manifest.json is this one).
  await writeFile(path.join(target, 'widgets.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>widgets</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/web/styles/base.css">
<script type="module" src="/web/src/widgets.js"></script></head>
<body style="max-width: 760px; margin: 1rem auto">
<attnseq-translate id="broken" model="truncated-5of16" text="I ate an apple."></attnseq-translate>
<attnseq-translate id="kept" text="I ate an apple."></attnseq-translate>
<attnseq-generation id="gen" model="html-error-page" text="I ate an apple."></attnseq-generation>
</body></html>`);
  return list;
}

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'attnseq-damaged-'));
  variants = await makeModels(dir);
  srv = await serve({ modelsDir: dir });
  browser = await launch({ reducedMotion: 'reduce' });
  page = browser.page;
  page.on('dialog', (d) => { throw new Error(`unexpected dialog: ${d.message()}`); });
  pageErrors = pageErrorsOf(browser);
});


after(async () => {
  await browser?.close();
  await srv?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const state = () => page.evaluate(() => {
  const m = globalThis.attnseqDemo.stores.model.get();
  return { status: m.status, modelId: m.modelId, failed: m.failed, errorCode: m.errorCode, error: m.error,
    text: document.querySelector('#status').textContent, selected: document.querySelector('#model').value,
    disabled: document.querySelector('#translate').disabled, output: document.querySelector('#translation').textContent };
});

async function choose(id) {
  await page.selectOption('#model', id);
  await page.waitForFunction(() => globalThis.attnseqDemo.stores.model.get().status !== 'loading', null, { timeout: 60_000, polling: 50 });
  return state();
}

async function translateAgain() {
  const runs = Number(await page.evaluate(() => document.body.dataset.runs ?? 0));
  await page.click('#translate');
  await waitForRunEnd(page, runs + 1, 60_000);
  return (await state()).output;
}

test('the demo: every damaged model gives a clear message and the previous model stays usable', async () => {
  await page.goto(`${srv.url}?lang=en`);
  await waitForRunEnd(page, 1, 120_000);
  await page.fill('#text', 'You should wear shoes.');
  const reference = await translateAgain();
  assert.ok(reference.length > 0);
  const seen = {};
  for (const v of variants) {
    const t0 = Date.now();
    const s = await choose(v.id);
    const ms = Date.now() - t0;
    if (s.failed) {
      // Not loaded: a sentence saying why, the technical detail, and the good model still selected.
      assert.equal(s.status, 'ready', v.id);
      assert.equal(s.modelId, GOOD, `${v.id}: the previous model stays current`);
      assert.equal(s.selected, GOOD, `${v.id}: the selector shows it`);
      assert.equal(s.disabled, false, v.id);
      assert.match(s.text, new RegExp(`“Damaged: ${v.id}”|“Claims to be`), v.id);
      assert.match(s.text, /could not be loaded: .+ Still using “The good model”\./, v.id);
      assert.doesNotMatch(s.text, /internal error/i, `${v.id}: ${s.text}`);
      if (v.id.startsWith('truncated')) { assert.equal(s.errorCode, 'MODEL_TRUNCATED', v.id); assert.match(s.text, /the file is incomplete/); }
      if (v.id === 'html-error-page') { assert.equal(s.errorCode, 'MODEL_BAD_HEADER'); assert.match(s.text, /not a model file \(the server may have sent an error page/); }
      if (v.id === 'other-arch') { assert.equal(s.errorCode, 'MODEL_MISMATCH'); assert.match(s.text, /another kind of model than the catalogue says/); }
      if (v.id === 'not-attnseq') { assert.equal(s.errorCode, 'MODEL_BAD_CONFIG'); assert.match(s.text, /not an attnseq model/); }
      if (v.id.startsWith('data-flips-sha')) { assert.equal(s.errorCode, 'MODEL_CHECKSUM', v.id); assert.match(s.text, /its checksum does not match/); }
      if (v.id === 'truncated-8of16' || v.id === 'html-error-page') await screenshot(page, `damaged-demo-${v.id}`);
      // The good model translates as before.
      assert.equal(await translateAgain(), reference, `${v.id}: the previous model still translates`);
      seen[v.id] = `${s.errorCode} (${ms} ms)`;
    } else {
      // Flipped bytes the loader cannot detect (weights, or a header string): the model loads and
      // translates something, without crashing or hanging.
      assert.equal(v.kind, 'either', `${v.id} should not load: ${s.text}`);
      assert.equal(s.status, 'ready', `${v.id}: ${s.text}`);
      assert.equal(s.modelId, v.id);
      await waitForRunEnd(page, Number(await page.evaluate(() => document.body.dataset.runs)), 60_000);
      seen[v.id] = `loaded (${ms} ms)`;
      await choose(GOOD);
    }
  }
  console.log(`# damaged models in the demo: ${Object.entries(seen).map(([k, v]) => `${k}: ${v}`).join('; ')}`);
  for (const v of variants) if (v.kind === 'error') assert.notEqual(seen[v.id]?.startsWith('loaded'), true, v.id);
  // The same message in Chinese.
  await choose('truncated-3of16');
  await page.selectOption('#lang', 'zh');
  const zh = await state();
  assert.match(zh.text, /无法加载“Damaged: truncated-3of16”：文件不完整，下载可能被中断了。.*仍在使用“The good model”。/);
  await screenshot(page, 'damaged-demo-zh');
  await page.selectOption('#lang', 'en');
  assert.deepEqual(pageErrors(), [], 'no page errors');
});

test('the widgets: a damaged model is a clear message; a widget keeps its previous model', async () => {
  await page.goto(`${srv.url.replace(/web\/$/, '')}models/widgets.html`);
  const status = (id) => page.evaluate((id) => document.getElementById(id).shadowRoot.querySelector('.w-status')?.textContent ?? '', id);
  await page.waitForFunction(() => Number(document.getElementById('kept').dataset.ready ?? 0) >= 1
    && /could not be loaded/.test(document.getElementById('broken').shadowRoot.querySelector('.w-status')?.textContent ?? '')
    && /could not be loaded/.test(document.getElementById('gen').shadowRoot.querySelector('.w-status')?.textContent ?? ''),
  null, { timeout: 120_000, polling: 100 });
  assert.match(await status('broken'), /^The model could not be loaded: the file is incomplete; the download was probably interrupted\./);
  assert.match(await status('broken'), /\(model file .*truncated/);
  assert.match(await status('gen'), /^The model could not be loaded: this is not a model file/);
  // The kept widget: switched to a damaged model, it says so and keeps translating with the good one.
  const kept = page.locator('#kept');
  await kept.evaluate((el) => el.setAttribute('model', 'truncated-12of16'));
  await page.waitForFunction(() => /Still using/.test(document.getElementById('kept').shadowRoot.querySelector('.w-status')?.textContent ?? ''),
    null, { timeout: 60_000, polling: 100 });
  assert.match(await status('kept'), /^“Damaged: truncated-12of16” could not be loaded: the file is incomplete.*Still using “The good model”\./);
  const ready = Number(await kept.evaluate((el) => el.dataset.ready));
  await kept.evaluate((el) => {
    const input = el.shadowRoot.querySelector('input[name=text]');
    input.value = 'She reads a book.';
    el.shadowRoot.querySelector('form').requestSubmit();
  });
  await page.waitForFunction((n) => Number(document.getElementById('kept').dataset.ready) > n, ready, { timeout: 60_000 });
  assert.ok((await kept.evaluate((el) => el.shadowRoot.querySelector('output').textContent)).length > 0);
  assert.equal(await kept.evaluate((el) => el.stores.model.get().modelId), GOOD);
  await screenshot(page, 'damaged-widgets-en');
  // Chinese, through the widget's own language attribute.
  for (const id of ['broken', 'kept']) await page.locator(`#${id}`).evaluate((el) => el.setAttribute('language', 'zh'));
  assert.match(await status('broken'), /^无法加载模型：文件不完整，下载可能被中断了。/);
  assert.match(await status('kept'), /仍在使用“The good model”。/);
  await screenshot(page, 'damaged-widgets-zh');
  // A broken widget recovers when given a good model.
  await page.locator('#broken').evaluate((el) => el.setAttribute('model', 'good'));
  await page.waitForFunction(() => Number(document.getElementById('broken').dataset.ready ?? 0) >= 1, null, { timeout: 60_000 });
  assert.equal(await status('broken'), '');
  assert.deepEqual(pageErrors(), [], 'no page errors');
});
