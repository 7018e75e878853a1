// The demo page in Debian's Chromium: the first translation shows at once; a translation equals the
// native CLI's (greedy and beam); the heatmap has source × target cells; an alternative token
// re-decodes from that prefix; markup typed by the user stays text. Screenshots: artifacts/e2e/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { launch, serve, screenshot, testModel, cliTranslate, waitForRunEnd, setSpeed, unnamedTablesAndFigures, ARTIFACTS, CLI } from './helpers.mjs';

const model = testModel();
const SENTENCE = 'The cat drank the milk because it was hungry.';
let srv, browser, page, runs = 1;

before(async () => {
  srv = await serve({ modelsDir: model.modelsDir });
  browser = await launch();
  page = browser.page;
  await page.goto(`${srv.url}?nosw&speed=8&model=${encodeURIComponent(model.id)}`);
});

after(async () => {
  await browser?.close();
  await srv?.close();
});

async function translate(text) {
  await page.locator('#text').fill(text);
  await page.locator('#translate').click();
  await waitForRunEnd(page, ++runs);
}

test('the default model loads and an example sentence is translated at once', async () => {
  await waitForRunEnd(page, 1);
  const shown = await page.locator('#translation').textContent();
  const example = await page.locator('#text').inputValue();
  assert.ok(example.length > 0);
  assert.equal(shown, cliTranslate(model.file, example));
  await screenshot(page, 'demo-first-translation');
});

test('the animated translation equals the native CLI output (greedy)', async () => {
  await setSpeed(page, '8');
  await translate(SENTENCE);
  const shown = await page.locator('#translation').textContent();
  assert.equal(shown, cliTranslate(model.file, SENTENCE));
  const loopRows = await page.locator('attnseq-decoder-loop li.loop-row').count();
  const steps = await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run.steps.length);
  assert.equal(loopRows, steps, 'one decoder row per step once the animation ended');
  await screenshot(page, 'demo-greedy');
});

test('the KV-cache chart shows the run\'s own work per step, at the step shown', async () => {
  // the second decode (without the cache) comes after the translation
  await page.waitForFunction(() => {
    const d = /** @type {any} */ (document.getElementById('work')).data;
    return d && d.uncached.length === globalThis.attnseqDemo.stores.run.get().run.steps.length;
  }, null, { timeout: 60_000 });
  const read = () => page.evaluate(() => {
    const d = /** @type {any} */ (document.getElementById('work')).data;
    return { ...d, macs: globalThis.attnseqDemo.stores.run.get().run.steps.map((x) => x.macs), index: d.index,
      shown: globalThis.attnseqDemo.stores.playback.get().index };
  });
  let w = await read();
  assert.deepEqual(w.cached, w.macs);
  assert.equal(w.index, w.shown);
  assert.equal(w.index, w.macs.length - 1);
  w.uncached.forEach((u, i) => { if (i > 0) assert.ok(u > w.cached[i], `step ${i + 1}: more work without the cache`); });
  await page.evaluate(() => globalThis.attnseqDemo.stores.playback.set({ index: 2 }));
  w = await read();
  assert.equal(w.index, 2, 'the chart follows the step shown');
  await page.evaluate(() => globalThis.attnseqDemo.stores.playback.set({ index: globalThis.attnseqDemo.stores.run.get().run.steps.length - 1 }));
});

test('the heatmap has one cell per source token × target token', async () => {
  const cells = await page.locator('#fig-heatmap td[data-cell]').count();
  const sourceTokens = await page.locator('#fig-lines .fig-src').count();
  const targetTokens = await page.locator('#fig-lines .fig-tgt').count();
  const run = await page.evaluate(() => {
    const r = globalThis.attnseqDemo.stores.run.get().run;
    return { S: r.sourceTokens.length, T: r.steps.length };
  });
  assert.equal(sourceTokens, run.S);
  assert.equal(targetTokens, run.T);
  assert.equal(cells, run.S * run.T);
  const cell = page.locator('#fig-heatmap td[data-cell]').first();
  await cell.focus();
  assert.match(await page.locator('#fig-heatmap .readout').textContent(), /←.*%/);
  await page.locator('#fig-heatmap').screenshot({ path: path.join(ARTIFACTS, 'demo-heatmap.png') });
});

test('beam search matches the CLI and draws the beam tree', async () => {
  await page.locator('#decoding summary').click();
  await page.locator('input[name=strategy][value=beam]').check();
  await translate(SENTENCE);
  const shown = await page.locator('#translation').textContent();
  assert.equal(shown, cliTranslate(model.file, SENTENCE, ['--strategy', 'beam', '--beam-size', '4']));
  assert.ok(await page.locator('#fig-beam .beam-node').count() > 0);
  assert.ok(await page.locator('#fig-beam .beam-node.best').count() > 0, 'the returned hypothesis is highlighted');
  // the KV-cache chart's figures are per hypothesis under beam search, and it says so
  if (await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run.model.arch === 'transformer')) {
    await page.waitForFunction(() => document.querySelector('#work .w-beam'), null, { timeout: 60_000 });
    assert.match(await page.locator('#work .w-beam').textContent(), /up to 4 hypotheses at once: these figures are for one of them/);
  }
  await screenshot(page, 'demo-beam');
  await page.locator('input[name=strategy][value=greedy]').check();
});

test('sampling with a seed, temperature, top-k and top-p matches the CLI', async () => {
  await page.locator('input[name=strategy][value=sample]').check();
  await page.locator('input[name=temperature]').fill('0.8');
  await page.locator('input[name=topK]').fill('20');
  await page.locator('input[name=topP]').fill('0.9');
  await page.locator('input[name=seed]').fill('7');
  await translate(SENTENCE);
  const shown = await page.locator('#translation').textContent();
  assert.equal(shown, cliTranslate(model.file, SENTENCE, ['--strategy', 'sample', '--temperature', '0.8', '--top-k', '20', '--top-p', '0.9', '--seed', '7']));
  await screenshot(page, 'demo-sample');
  await page.locator('input[name=strategy][value=greedy]').check();
});

test('clicking an alternative re-decodes: the output starts with that token', async () => {
  await translate(SENTENCE);
  await page.locator('attnseq-decoder-loop [data-step="0"]').click();  // back to step 1
  const buttons = page.locator('attnseq-topk button[aria-pressed=false]');
  const n = await buttons.count();
  let pick = null;
  for (let i = 0; i < n && !pick; i++) {
    const piece = await buttons.nth(i).getAttribute('data-piece');
    if (!/^<.*>$/.test(piece) && piece.replace(/\u2581/g, '').trim()) pick = { i, piece };
  }
  assert.ok(pick, 'an alternative token to click');
  // each bar is as long as its probability on the 0–100 % track (not scaled to the step's top token)
  const bars = await page.locator('attnseq-topk ul.topk > li').evaluateAll((els) => els.map((li) => li.querySelector('.bar:not(.drawn) .fill').style.width));
  const probs = await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run.steps[0].alternatives.map((a) => a.probability));
  assert.deepEqual(bars.map(parseFloat).map((x) => x.toFixed(3)), probs.slice(0, bars.length).map((p) => (100 * p).toFixed(3)));
  await buttons.nth(pick.i).click();
  await waitForRunEnd(page, ++runs);
  const word = pick.piece.replace(/\u2581/g, ' ').trim();
  const shown = await page.locator('#translation').textContent();
  assert.ok(shown.startsWith(word), `"${shown}" starts with "${word}"`);
  const first = await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run.steps[0]);
  assert.equal(first.piece, pick.piece);
  assert.equal(first.forced, true);
  await screenshot(page, 'demo-alternative');
});

test('the top-k bars, the step label, the softmax title and the loop mark a piece that continues the word before it with ·, as the figures do', async () => {
  await translate('I ate an apple.');
  const seen = [];
  const total = await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run.steps.length);
  for (let i = 0; i < total; i++) {
    await page.evaluate((index) => globalThis.attnseqDemo.stores.playback.set({ index, playing: false }), i);
    const prev = await page.evaluate((index) => { const r = globalThis.attnseqDemo.stores.run.get().run; return index ? r.steps[index - 1].piece : r.model.bos; }, i);
    const bars = await page.locator('attnseq-topk li').evaluateAll((els) => els.map((li) => ({
      label: li.querySelector('.tok-label').textContent, piece: li.querySelector('[data-piece]')?.dataset.piece ?? null })));
    for (const { label, piece } of bars) {
      if (piece === null) continue;
      const text = piece.replace(/\u2581/g, ' ').trim() || '\u2423';
      const cont = !piece.startsWith('\u2581') && !/^<\/?s>$/.test(piece) && !/^<\/?s>$/.test(prev) && prev !== '\u2581' && /[\p{L}\p{N}]/u.test(text);
      assert.equal(label, cont ? `\u00B7${text}` : text, `step ${i + 1} after ${prev}: ${piece}`);
      seen.push(label);
    }
    // the written token reads the same in the bars, the step label, the softmax title and the loop's output chip
    const chosen = await page.locator('attnseq-topk li.chosen .tok-label').textContent();
    assert.ok((await page.locator('[data-view="step-label"]').first().textContent()).endsWith(`: ${chosen}`), `step ${i + 1}: step label`);
    assert.match(await page.locator('attnseq-softmax-step .sm-title').textContent(), new RegExp(`«${chosen.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}»`), `step ${i + 1}: softmax title`);
    assert.equal(await page.locator(`attnseq-decoder-loop .loop-row[data-step="${i}"] .loop-out .tok`).textContent(), chosen, `step ${i + 1}: loop`);
  }
  // each row's output chip reads as the next row's last input chip (the token fed back in)
  const loop = await page.locator('attnseq-decoder-loop .loop-row').evaluateAll((rows) => rows.map((r) => ({
    out: r.querySelector('.loop-out .tok').textContent, last: r.querySelector('.loop-in .tok:last-child').textContent, name: r.getAttribute('aria-label') })));
  assert.equal(loop.length, total);
  for (let k = 1; k < loop.length; k++) assert.equal(loop[k].last, loop[k - 1].out, `row ${k + 1}: its input`);
  // a row's accessible name says the written token as the chip shows it
  for (const r of loop) assert.ok(r.name.includes(`→ ${r.out} (`), `${r.name} / ${r.out}`);
  assert.ok(loop.some((r) => r.out.startsWith('\u00B7')), 'a continued piece among them');
  // "J'ai mangé une pomme.": "ai" continues "J'" (·ai)
  assert.ok(seen.includes('\u00B7ai'), `a continuation among ${seen.join(' ')}`);
});

test('markup in the input is shown as text and runs nothing', async () => {
  const evil = 'Hi <img src=x onerror="window.__xss=1"> <b>you</b>';
  await translate(evil);
  assert.equal(await page.evaluate(() => globalThis.__xss), undefined);
  const imgs = await page.evaluate(() => {
    const all = [];
    const walk = (root) => { for (const el of root.querySelectorAll('*')) { all.push(el.tagName); if (el.shadowRoot) walk(el.shadowRoot); } };
    walk(document);
    return all.filter((t) => t === 'IMG').length;
  });
  assert.equal(imgs, 0, 'no <img> element was created');
  const scripts = await page.locator('body script').count();
  assert.equal(scripts, 0, 'no <script> element in the body');
  const sourceText = await page.locator('#fig-lines .fig-src').allTextContents();
  assert.ok(sourceText.join('').includes('<'), 'the "<" of the input is shown as a token');
  assert.equal(await page.locator('#text').inputValue(), evil);
  await screenshot(page, 'demo-markup-as-text');
  assert.deepEqual(browser.errors.filter((e) => !/404|Not Found/.test(e)), []);
});

test('the animation is keyboard operable', async () => {
  await page.locator('#generation').focus();
  const state = () => page.evaluate(() => globalThis.attnseqDemo.stores.playback.get());
  const last = await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run.steps.length - 1);
  await page.keyboard.press('Home');  // restart: playing from before the first step
  let s = await state();
  assert.equal(s.playing, true);
  await page.keyboard.press(' ');  // pause
  s = await state();
  assert.equal(s.playing, false);
  await page.keyboard.press('End');
  assert.equal((await state()).index, last);
  await page.keyboard.press('ArrowLeft');
  assert.equal((await state()).index, last - 1);
  await page.keyboard.press('ArrowRight');
  assert.equal((await state()).index, last);
  // With the focus left on Translate (a keyboard user's path: type, Tab, Enter), arrows still step
  // and Space still presses the button.
  await page.locator('#translate').focus();
  await page.keyboard.press('ArrowLeft');
  assert.equal((await state()).index, last - 1);
  await page.keyboard.press('End');
  assert.equal((await state()).index, last);
  // The toolbar's buttons have names (at the last step, Play says it plays again from the start), and
  // the step slider says where it is.
  for (const name of ['Restart', 'Step back', 'Play again from the start', 'Step forward', 'Skip to end: show the whole translation now (End key)']) {
    assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, name);
  }
  assert.match(await page.locator('attnseq-playback input[name=step]').getAttribute('aria-valuetext'), /Step \d+ \/ \d+/);
  // the figures and tables (lines, heatmap, the softmax table) have accessible names
  assert.deepEqual(await unnamedTablesAndFigures(page), []);
});

test('with prefers-reduced-motion the translation is shown whole, without animation', async () => {
  const b = await launch({ reducedMotion: 'reduce', viewport: { width: 390, height: 844 } });
  try {
    await b.page.goto(`${srv.url}?nosw&model=${encodeURIComponent(model.id)}`);
    await b.page.waitForFunction(() => Number(document.body.dataset.runs ?? 0) >= 1, null, { timeout: 120_000 });
    const s = await b.page.evaluate(() => ({ p: globalThis.attnseqDemo.stores.playback.get(), n: globalThis.attnseqDemo.stores.run.get().run.steps.length }));
    assert.equal(s.p.playing, false);
    assert.equal(s.p.index, s.n - 1);
    // the URL keeps the sentence (a reload translates it again), as it does after an animation
    const text = await b.page.locator('#text').inputValue();
    await b.page.waitForFunction((t) => new URLSearchParams(location.search).get('text') === t, text, { timeout: 5000 });
    await screenshot(b.page, 'demo-phone-reduced-motion');
  } finally {
    await b.close();
  }
});

/**
 * The demo opened on `text` with the shipped model `id` (reduced motion), its run ended and its translation
 * checked against the native CLI's; null when the catalogue lacks the model (the test is then skipped).
 * @returns {Promise<Awaited<ReturnType<typeof launch>> | null>}
 */
async function openTranslated(t, id, text) {
  const file = path.join(model.modelsDir ?? path.dirname(model.file), `${id}.i8.safetensors`);
  if (!existsSync(file)) {
    t.skip(`${id} is not in this catalogue`);
    return null;
  }
  const b = await launch({ reducedMotion: 'reduce' });
  try {
    await b.page.goto(`${srv.url}?nosw&model=${id}&text=${encodeURIComponent(text)}`);
    await waitForRunEnd(b.page, 1);
    assert.equal(await b.page.locator('#translation').textContent(), cliTranslate(file, text));
    return b;
  } catch (e) {
    await b.close();
    throw e;
  }
}

test('a letter the vocabulary lacks is copied from the source, and the loop feeds the model its <unk>', async (t) => {
  const text = 'Søren vive en Zürich con Åsa.';  // es-en's vocabulary has no ø and no Å
  const b = await openTranslated(t, 'es-en-transformer', text);
  if (!b) return;
  try {
    const rows = await b.page.evaluate(() => {
      const steps = globalThis.attnseqDemo.stores.run.get().run.steps;
      return [...document.querySelectorAll('attnseq-decoder-loop .loop-row')].map((r, i) => ({
        copied: steps[i].copied, piece: steps[i].piece, token: steps[i].token.piece,
        out: r.querySelector('.loop-out .tok').textContent, marked: r.querySelector('.loop-out .tok').classList.contains('copied'),
        note: r.querySelector('.loop-copied')?.title ?? null, lastIn: [...r.querySelectorAll('.loop-in .tok')].at(-1).textContent,
        label: r.getAttribute('aria-label'),
      }));
    });
    const copies = rows.map((r, i) => [r, i]).filter(([r]) => r.copied >= 0);
    assert.ok(copies.length >= 1, 'at least one <unk> copied');
    for (const [r, i] of copies) {
      assert.equal(r.token, '<unk>');
      assert.notEqual(r.piece, '<unk>');
      assert.ok(r.out.includes(r.piece.replace(/^\u2581/, '')), `step ${i + 1} shows the copied text: ${r.out}`);
      assert.ok(r.marked && r.note?.includes('<unk>') && r.label.includes('<unk>'), `step ${i + 1} says the model wrote <unk>`);
      // what the model reads at the next step is its own token, not the copy
      // (marked "·" when it continues a word, as every piece is)
      if (rows[i + 1]) assert.match(rows[i + 1].lastIn, /^·?<unk>$/, `step ${i + 2}'s input ends with <unk>`);
    }
    for (const r of rows.filter((x) => x.copied < 0)) assert.ok(!r.marked && r.note === null);
    await screenshot(b.page, 'demo-copied-unknown-letter');
  } finally {
    await b.close();
  }
});

test('the decoder loop marks the step where the name guard took the model\'s first choice away, and says which token', async (t) => {
  const text = 'No quiero salir con Begoña.';  // without the guard: "…with Begoa."
  const b = await openTranslated(t, 'es-en-transformer', text);
  if (!b) return;
  try {
    const rows = await b.page.evaluate(() => {
      const steps = globalThis.attnseqDemo.stores.run.get().run.steps;
      return [...document.querySelectorAll('attnseq-decoder-loop .loop-row')].map((r, i) => ({
        removed: steps[i].nameBlocked.map((x) => x.piece), marked: r.querySelector('.loop-out .tok').classList.contains('guarded'),
        note: r.querySelector('.loop-guarded')?.title ?? null, label: r.getAttribute('aria-label'),
      }));
    });
    const acted = rows.filter((r) => r.removed.length);
    assert.ok(acted.length >= 1, 'the name guard acted');
    for (const r of acted) {
      const token = r.removed[0].replace(/^\u2581/, '');
      assert.ok(r.marked && r.note?.startsWith('(the name guard removed') && r.note.includes(`“${token}”`), r.note ?? 'no note');
      assert.ok(r.label.includes('the name guard removed'), r.label);
    }
    for (const r of rows.filter((x) => !x.removed.length)) assert.ok(!r.marked && r.note === null);
    assert.match(await b.page.locator('.output-note').textContent(), /The name guard changed \d+ token\(s\)/);
    await screenshot(b.page, 'demo-name-guard');
  } finally {
    await b.close();
  }
});

test('text typed as the tutorials preprocess it is read in its written form, and the note says so', async (t) => {
  const info = JSON.parse(execFileSync(CLI, ['--model', model.file, '--info'], { encoding: 'utf8' }));
  if (!info.restores_input) return t.skip(`${model.id} has no restoration table`);
  const text = 'i m cold .';
  const json = JSON.parse(execFileSync(CLI, ['--model', model.file, '--json', '--no-steps', '--text', text], { encoding: 'utf8' }).split('\n')[0]);
  assert.notEqual(json.read_as, '', 'the engine restores it');
  await translate(text);
  assert.equal(await page.locator('#translation').textContent(), cliTranslate(model.file, text));
  const note = await page.locator('#translation + .output-note').textContent();
  assert.ok(note.startsWith(`Read as “${json.read_as}”`), note);
  await screenshot(page, 'demo-read-as');
  // text written with its capitals and apostrophes: no note about it
  await translate("I'm cold.");
  assert.ok(!(await page.locator('#translation + .output-note').textContent()).includes('Read as'));
});
