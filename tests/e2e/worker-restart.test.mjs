// When the inference worker dies. The test kills the real Web Worker three ways — its WebAssembly
// instance traps (a real `unreachable`, sent to the worker's own message handler), an uncaught error
// (the Worker's 'error' event), and it closes itself in the middle of a translation (as a terminated
// worker would: no event, the page learns it from the worker's Web Lock). Each time
// the UI says so in its status line, the user's text stays in the box, and the next translation
// starts a new worker, loads the model again and works. Demo page and a widget page. Screenshots:
// artifacts/e2e/worker-died-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch, pageErrorsOf, serve, screenshot, testModel, waitForRunEnd, ARTIFACTS } from './helpers.mjs';

const model = testModel();
let dir, srv, browser, page, pageErrors;

before(async () => {
  // The test model alone in a models folder, with a page holding one widget (lighter than the tutorial).
  dir = await mkdtemp(path.join(tmpdir(), 'attnseq-restart-'));
  await copyFile(model.file, path.join(dir, 'model.safetensors'));
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify({ default: model.id, models: [{ id: model.id, file: 'model.safetensors', src: 'en', tgt: 'fr', label: 'Test model' }] }));
  await writeFile(path.join(dir, 'widget.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>widget</title>
<link rel="icon" href="data:,"><script type="module" src="/web/src/widgets.js"></script></head>
<body style="max-width: 760px; margin: 1rem auto"><attnseq-translate text="I ate an apple."></attnseq-translate></body></html>`);
  srv = await serve({ modelsDir: dir });
  browser = await launch({ reducedMotion: 'reduce' });
  page = browser.page;
  pageErrors = pageErrorsOf(browser);
});

after(async () => {
  await browser?.close();
  await srv?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * The attnseq worker of the page (the only one: one model; the demo runs the bundled one, dist/attnseq-worker.js). `stale`: workers of the previous document,
 * which page.workers() may still list for a moment after a navigation.
 */
async function theWorker(stale = []) {
  const ours = () => page.workers().filter((w) => /\/(engine\/worker|dist\/attnseq-worker)\.js$/.test(w.url()) && !stale.includes(w));
  for (let i = 0; i < 100 && !ours().length; i++) await page.waitForTimeout(50);
  const workers = ours();
  assert.equal(workers.length, 1, `one attnseq worker (${workers.length})`);
  return workers[0];
}

// (The worker closing itself, which no event reports, only the released lock, is the kill used
// mid-translation below and in the widget test.)
const KILLS = {
  // A real trap inside the module, through the worker's own message handler (the reply goes nowhere).
  trap: (w) => w.evaluate(() => { self.dispatchEvent(new MessageEvent('message', { data: { id: -1, method: 'throwForTest', args: ['trap'] } })); }),
  // An uncaught exception: the Worker's 'error' event.
  error: (w) => w.evaluate(() => { setTimeout(() => { throw new Error('killed by the test'); }); }),
};

// Whether the page's translator lost its worker (without touching it: getTranslator() would restart it).
const translatorFailure = () => page.evaluate(async () => {
  const { hasFailed } = globalThis.attnseqDemo.models;
  return hasFailed(globalThis.attnseqDemo.controller.entry);
});

async function translate(expectRuns) {
  await page.click('#translate');
  // After a failed run, its error stays until the restarted engine starts the new one.
  await page.waitForFunction(() => globalThis.attnseqDemo.stores.run.get().status !== 'error', null, { timeout: 120_000, polling: 50 });
  await waitForRunEnd(page, expectRuns, 120_000);
  return page.locator('#translation').textContent();
}

test('the demo: the worker killed by a trap, by an error, and mid-translation; the next translation restarts it', async () => {
  await page.goto(`${srv.url}?lang=en`);
  await waitForRunEnd(page, 1, 120_000);
  const text = 'Thank you.';  // short: every restart translates it again
  await page.fill('#text', text);
  let runs = 1;
  const reference = await translate(++runs);
  for (const [how, kill] of Object.entries(KILLS)) {
    const before = await theWorker();
    await kill(before).catch(() => {});  // a closing worker may not answer the evaluation
    const t0 = Date.now();
    let failure = null;
    while (!failure && Date.now() - t0 < 10_000) failure = await translatorFailure();
    const detectMs = Date.now() - t0;
    assert.equal(failure, true, `${how}: the page noticed the worker's death`);
    const t1 = Date.now();
    assert.equal(await translate(++runs), reference, `${how}: translated again after the restart`);
    const after = await theWorker();
    assert.notEqual(after, before, `${how}: a new worker`);
    assert.equal(await page.inputValue('#text'), text, `${how}: the text stays`);
    console.log(`# worker killed by ${how}: death noticed in ${detectMs} ms, restart + translation in ${Date.now() - t1} ms`);
  }
  // Killed while translating: the run fails with the message, the text stays, the next one works.
  const w = await theWorker();
  await w.evaluate(() => self.addEventListener('message', () => self.close()));  // dies at the next request
  await page.click('#translate');
  await page.waitForFunction(() => globalThis.attnseqDemo.stores.run.get().status === 'error', null, { timeout: 20_000, polling: 50 });
  const status = await page.locator('#status').textContent();
  assert.match(status, /^Translation failed: the translation engine stopped unexpectedly \(it may have run out of memory\)\. It restarts with your next translation\./);
  assert.match(status, /\(the attnseq Web Worker died: /);
  assert.equal(await page.inputValue('#text'), text);
  await screenshot(page, 'worker-died-demo-en');
  // this catalogue has no encoder facts (an author's own): the path-length section draws the model's own
  // encoder from the engine, and names the schemes it has no model for without blank numbers
  const titles = (await page.locator('#paths-view .path-title').allTextContents()).map((x) => x.replace(/\s+/g, ' ').trim());
  assert.deepEqual(titles.slice(0, 2), ['Convolutions', 'Recurrence'].map((s) => `${s}: no model in the catalogue has this encoder, so no path is drawn for it.`));
  assert.match(titles[2], /^Self-attention: Test model \(\d+ layers; every position attends to every other\)/);
  await page.selectOption('#lang', 'zh');
  assert.match(await page.locator('#status').textContent(), /^翻译失败：翻译引擎意外停止（可能是内存不足）。下次翻译时会自动重新启动。/);
  await screenshot(page, 'worker-died-demo-zh');
  await page.selectOption('#lang', 'en');
  runs = Number(await page.evaluate(() => document.body.dataset.runs));
  assert.equal(await translate(runs + 1), reference, 'works again');
  assert.equal(await page.locator('#status').textContent(), '');
  const unexpected = pageErrors().filter((e) => !/killed by the test/.test(e));
  assert.deepEqual(unexpected, [], 'no other page errors');
});

test('a widget: its worker dies, it says so, and the next translation restarts it', async () => {
  const stale = page.workers();
  await page.goto(`${srv.url.replace(/web\/$/, '')}models/widget.html`);
  const widget = page.locator('attnseq-translate').first();
  await page.waitForFunction(() => Number(document.querySelector('attnseq-translate').dataset.ready ?? 0) >= 1, null, { timeout: 120_000 });
  const statusOf = () => widget.evaluate((el) => el.shadowRoot.querySelector('.w-status').textContent);
  const submit = (text) => widget.evaluate((el, text) => {
    el.shadowRoot.querySelector('input[name=text]').value = text;
    el.shadowRoot.querySelector('form').requestSubmit();
  }, text);
  const modelId = await widget.evaluate((el) => el.stores.model.get().modelId);
  const worker = await theWorker(stale);
  // Dies at the request that translates the submitted text, before the engine sees it (a capturing
  // listener runs first at the target). Other requests pass: after each run the widget counts the
  // work of the attention in the background, which may still be on its way.
  const text = 'You should wear shoes.';
  await worker.evaluate((text) => self.addEventListener('message', (e) => {
    if (!JSON.stringify(e.data?.args ?? null).includes(text)) return;
    e.stopImmediatePropagation();
    self.close();
  }, { capture: true }), text);
  await submit(text);
  await widget.evaluate((el) => new Promise((resolve, reject) => {
    const t0 = Date.now();
    const check = () => {
      const { status } = el.stores.run.get();
      if (status === 'error') resolve();
      else if (Date.now() - t0 > 60_000) reject(new Error(`the widget did not notice its worker's death in 60 s (run status ${status})`));
      else setTimeout(check, 50);
    };
    check();
  }));
  assert.match(await statusOf(), /^Translation failed: the translation engine stopped unexpectedly/);
  assert.equal(await widget.evaluate((el) => el.shadowRoot.querySelector('input[name=text]').value), 'You should wear shoes.');
  await widget.screenshot({ path: path.join(ARTIFACTS, 'worker-died-widget.png') });
  const ready = Number(await widget.evaluate((el) => el.dataset.ready));
  await submit('You should wear shoes.');
  await page.waitForFunction((n) => Number(document.querySelector('attnseq-translate').dataset.ready) > n, ready, { timeout: 120_000 });
  assert.equal(await statusOf(), '');
  assert.ok((await widget.evaluate((el) => el.shadowRoot.querySelector('output').textContent)).length > 0);
  assert.equal(await widget.evaluate((el) => el.stores.model.get().modelId), modelId);
});
