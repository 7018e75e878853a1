// Hostile text in the demo page and in every tutorial widget: empty, whitespace only, 1 MB, a
// 10,000-character word, lone surrogates, NUL and control characters, emoji ZWJ sequences with skin
// tones, right-to-left text with bidi overrides, scripts the model never saw, HTML and script. Each
// gives a translation or a clear message within a bounded time, the page stays responsive (timer
// lateness measured in the page while it works), nothing runs (no dialog, no new element), and the
// user's text stays in the box. Prints the time and worst main-thread stall per input. Screenshots:
// artifacts/e2e/hostile-*.png.
import { HOSTILE as SHARED } from '../data/hostile-inputs.mjs';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, pageErrorsOf, serve, screenshot, testModel, waitForRunEnd } from './helpers.mjs';

const model = testModel();
let srv, browser, page, pageErrors;
const dialogs = [];

/** name → [text, what the page may show] (the shared table: tests/data/hostile-inputs.mjs). */
const HOSTILE = Object.fromEntries(Object.entries(SHARED).map(([k, v]) => [k, [v.text, v.page]]));
const BOUND_MS = 20_000;  // per input, end to end in the page (the figures printed are far below)
// The worst lateness of a 10 ms timer allowed while a hostile input is processed and shown: a frozen
// page would be many seconds. On this 2-core machine with training running (load ~13), scheduling
// alone makes 0.2-0.8 s, and drawing the figures of a long output (50-80 steps) takes one task of
// ~1.3 s at the end of the run (see docs/robustness.md).
const STALL_MS = 3_000;
// The pages get fewer, combined inputs (the API test, tests/js/hostile.test.js, has each alone).
const COMBINED = {
  empty: ['', 'blank'],
  '1 MB': HOSTILE['1 MB'],
  '10,000-character word': HOSTILE['10,000-character word'],
  'surrogates, NUL and controls': [`${HOSTILE['lone surrogates'][0]} ${HOSTILE['NUL and control characters'][0]}`, 'text'],
  'emoji, bidi, unseen scripts': [`${HOSTILE['emoji ZWJ and skin tones'][0]} ${HOSTILE['right-to-left and bidi overrides'][0]} ${HOSTILE['mixed unseen scripts'][0]}`, 'text'],
  'HTML and script': HOSTILE['HTML and script'],
};

before(async () => {
  srv = await serve({ modelsDir: model.modelsDir });
  browser = await launch({ reducedMotion: 'reduce' });
  page = browser.page;
  pageErrors = pageErrorsOf(browser);
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss().catch(() => {}); });
  // Main-thread stalls: the lateness of a 10 ms timer, reset by the test before each input.
  await page.addInitScript(() => {
    globalThis.__stall = { max: 0 };
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      globalThis.__stall.max = Math.max(globalThis.__stall.max, now - last - 10);
      last = now;
    }, 10);
  });
});

after(async () => {
  await browser?.close();
  await srv?.close();
});

const resetStall = () => page.evaluate(() => { globalThis.__stall.max = 0; });
const stall = () => page.evaluate(() => globalThis.__stall.max);
// Elements an injected fragment would add, in the document and in the widgets' shadow roots.
const countElements = () => page.evaluate(() => {
  const roots = [document, ...[...document.querySelectorAll('*')].map((e) => e.shadowRoot).filter(Boolean)];
  const count = (sel) => roots.reduce((n, r) => n + r.querySelectorAll(sel).length, 0);
  return { scripts: count('script'), imgs: count('img'), handlers: count('[onload], [onerror], [onclick]') };
});

test('the demo page: every hostile input gives a translation or a clear message; the text stays', async () => {
  await page.goto(`${srv.url}?lang=en`);
  await waitForRunEnd(page, 1, 120_000);
  const elements = await countElements();
  // Chromium keeps a saved form state with each history entry and copies it at every URL write
  // (history.replaceState): with 1 MB in the box that was 0.5 s of main thread per write, and CI saw
  // a 3.2 s stall. The box is not saved as form state; the URL carries its text.
  assert.equal(await page.evaluate(() => document.querySelector('#text').autocomplete), 'off');
  const maxSrcLen = await page.evaluate(async () => {
    const { getTranslator } = globalThis.attnseqDemo.models;
    return (await getTranslator(globalThis.attnseqDemo.controller.entry)).info.config.maxSrcLen;
  });
  const figures = [];
  for (const [name, [text, want]] of Object.entries({ ...COMBINED, whitespace: HOSTILE.whitespace })) {
    // Pasting: the browser's own cost of showing the text is measured apart from the engine's work.
    await resetStall();
    await page.evaluate((text) => { document.querySelector('#text').value = text; }, text);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    const pasteStall = await stall();
    const runs = Number(await page.evaluate(() => document.body.dataset.runs ?? 0));
    await resetStall();
    // The outcome is read from the run store's states after this click (the last input's error or
    // notice stays until the new request replaces it).
    await page.evaluate(() => { globalThis.__before = globalThis.attnseqDemo.stores.run.get(); });
    const t0 = Date.now();
    await page.click('#translate');
    const outcome = await page.waitForFunction((runs) => {
      const { run, model } = globalThis.attnseqDemo.stores;
      const r = run.get();
      if (r === globalThis.__before) return false;
      if (r.notice) return { notice: r.notice };
      if (r.status === 'error') return { code: r.errorCode };
      if (model.get().status === 'error') return { code: model.get().errorCode };
      return Number(document.body.dataset.runs ?? 0) > runs && r.status === 'done' ? { done: true } : false;
    }, runs, { timeout: BOUND_MS, polling: 20 }).then((h) => h.jsonValue());
    const ms = Date.now() - t0;
    const worst = await stall();
    const status = await page.locator('#status').textContent();
    const allowed = want.split('|');
    if (outcome.notice) {
      assert.equal(want, 'blank', `${name}: ${status}`);
      assert.equal(status, 'Type a sentence to translate first.');
    } else if (outcome.code) {
      assert.ok(allowed.includes(outcome.code), `${name}: ${outcome.code}: ${status}`);
      if (outcome.code === 'TOO_MANY_SENTENCES') {
        assert.match(status, /^Translation failed: the text has \d+ sentences; at most 100 are translated at a time\. Translate it in parts\.$/);
      } else {
        // said once: no detail under it repeating the limit
        assert.match(status, new RegExp(`^Translation failed: the text is too long for this model, which reads at most ${maxSrcLen} tokens\\. Translate one sentence at a time\\.$`));
      }
      // nothing of the previous text stays: no translation, no run playing under the message
      assert.equal(await page.locator('#translation').textContent(), '', `${name}: an old translation under the error`);
      assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run?.steps?.length ?? 0), 0, `${name}: an old run under the error`);
      if (name === '1 MB') await screenshot(page, 'hostile-demo-too-long-en');
    } else {
      assert.ok(allowed.includes('text'), `${name}: translated, expected ${want}`);
      assert.equal(status, '');
      assert.ok((await page.locator('#translation').textContent()).length > 0, `${name}: a translation`);
    }
    assert.ok(worst < STALL_MS, `${name}: the page stalled ${worst.toFixed(0)} ms`);
    // (A textarea's value reads line breaks as \n.)
    assert.equal(await page.evaluate(() => document.querySelector('#text').value), text.replace(/\r\n?/g, '\n'), `${name}: the text stays in the box`);
    figures.push(`${name}: ${outcome.notice ? 'notice' : outcome.code ?? 'translated'} in ${ms} ms, worst stall ${worst.toFixed(0)} ms (pasting: ${pasteStall.toFixed(0)} ms)`);
    if (name === 'emoji, bidi, unseen scripts') {
      // Bidi controls are shown, not obeyed, in the figures.
      const labels = await page.evaluate(() => [...document.querySelectorAll('#fig-lines text')].map((t) => t.textContent).join(' '));
      assert.match(labels, /\[RLO\]/);
      await screenshot(page, 'hostile-demo-bidi');
    }
  }
  console.log(`# hostile inputs in the demo (${model.id}): ${figures.join('; ')}`);
  assert.deepEqual(await countElements(), elements, 'no element was added by the input');
  assert.deepEqual(dialogs, [], 'no script ran');
  // The too-long message in Chinese.
  await page.evaluate((text) => { document.querySelector('#text').value = text; }, HOSTILE['1 MB'][0]);
  await page.selectOption('#lang', 'zh');
  await page.click('#translate');
  await page.waitForFunction(() => globalThis.attnseqDemo.stores.run.get().status === 'error', null, { timeout: BOUND_MS });
  const zhCode = await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().errorCode);
  assert.match(await page.locator('#status').textContent(), zhCode === 'TOO_MANY_SENTENCES'
    ? /^翻译失败：这段文字有 \d+ 个句子；一次最多翻译 100 句。请分段翻译。$/
    : new RegExp(`^翻译失败：文本太长，这个模型最多读取 ${maxSrcLen} 个词元。请一次翻译一句。`));
  await screenshot(page, 'hostile-demo-too-long-zh');
  assert.deepEqual(pageErrors(), [], 'no page errors');
});

test('every tutorial widget: hostile text (typed or as its text attribute) gives a translation or a message', async () => {
  await page.goto(`${srv.url}examples/tutorial.html`);
  const SEL = 'attnseq-translate, attnseq-generation, attnseq-attention';
  await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].every((w) => Number(w.dataset.ready ?? 0) >= 1),
    SEL, { timeout: 180_000, polling: 200 });
  const elements = await countElements();
  // A widget is settled once a new run is done (and shown) or failed, or it shows a notice (the app
  // clears the last one as soon as a new translation is asked for: a stale one would be read here).
  const mark = (sel, i) => page.evaluate(({ sel, i }) => {
    const w = document.querySelectorAll(sel)[i];
    return { id: w.stores.run.get().run?.id ?? 0, ready: Number(w.dataset.ready ?? 0) };
  }, { sel, i });
  const settled = (sel, i, before) => page.waitForFunction(({ sel, i, before }) => {
    const w = document.querySelectorAll(sel)[i];
    const r = w.stores.run.get();
    const status = () => w.shadowRoot.querySelector('.w-status').textContent;
    if (r.notice) return { notice: r.notice, text: status() };
    if ((r.run?.id ?? 0) <= before.id) return false;
    if (r.status === 'error') return { code: r.errorCode, text: status() };
    return r.status === 'done' && Number(w.dataset.ready) > before.ready ? { done: true } : false;
  }, { sel, i, before }, { timeout: BOUND_MS, polling: 20 }).then((h) => h.jsonValue());
  const figures = [];
  // The translate widget: typed into its box.
  for (const [name, [text, want]] of Object.entries(COMBINED)) {
    const w = page.locator('attnseq-translate').first();
    const before = await mark('attnseq-translate', 0);
    await resetStall();
    await w.evaluate((el, text) => { el.shadowRoot.querySelector('input[name=text]').value = text; }, text);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    const pasteStall = await stall();
    await resetStall();
    const t0 = Date.now();
    await w.evaluate((el) => el.shadowRoot.querySelector('form').requestSubmit());
    const outcome = await settled('attnseq-translate', 0, before);
    const ms = Date.now() - t0;
    const worst = await stall();
    if (outcome.notice) assert.equal(outcome.text, 'Type a sentence to translate first.', name);
    else if (outcome.code) {
      assert.ok(want.split('|').includes(outcome.code), `${name}: ${outcome.text}`);
      assert.match(outcome.text, /^Translation failed: the text is too long for this model/);
    } else assert.ok(want.split('|').includes('text'), name);
    assert.ok(worst < STALL_MS, `${name}: the page stalled ${worst.toFixed(0)} ms`);
    // An <input> drops line breaks from what is typed; everything else stays as typed.
    assert.equal(await w.evaluate((el) => el.shadowRoot.querySelector('input[name=text]').value), text.replace(/[\r\n]/g, ''), `${name}: the text stays`);
    figures.push(`${name}: ${outcome.notice ? 'notice' : outcome.code ?? 'translated'} in ${ms} ms (stall ${worst.toFixed(0)} ms; pasting ${pasteStall.toFixed(0)} ms)`);
  }
  console.log(`# hostile inputs typed into <attnseq-translate>: ${figures.join('; ')}`);
  await screenshot(page, 'hostile-widget-translate');
  // Every other widget, through its text attribute.
  const count = await page.locator(SEL).count();
  for (const name of ['1 MB', 'emoji, bidi, unseen scripts']) {
    const [text, want] = COMBINED[name];
    const t0 = Date.now();
    const befores = [];
    for (let i = 0; i < count; i++) befores.push(await mark(SEL, i));
    await page.evaluate(({ sel, text }) => { for (const w of [...document.querySelectorAll(sel)].slice(1)) w.setAttribute('text', text); }, { sel: SEL, text });
    const outcomes = [];
    for (let i = 1; i < count; i++) outcomes.push(await settled(SEL, i, befores[i]));
    for (const [i, o] of outcomes.entries()) {
      if (o.code) assert.ok(want.split('|').includes(o.code), `${name}, widget ${i + 1}: ${o.text}`);
      else assert.ok(o.done && want.split('|').includes('text'), `${name}, widget ${i + 1}: ${JSON.stringify(o)}`);
    }
    figures.push(`${name} in ${count - 1} widgets: ${Date.now() - t0} ms`);
    if (name === 'emoji, bidi, unseen scripts') await screenshot(page, 'hostile-widgets-bidi');
  }
  console.log(`# hostile text attributes: ${figures.slice(-2).join('; ')}`);
  assert.deepEqual(await countElements(), elements, 'no element was added by the input');
  assert.deepEqual(dialogs, [], 'no script ran');
  assert.deepEqual(pageErrors(), [], 'no page errors');
});
