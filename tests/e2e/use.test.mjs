// The demo as people use it (issue 15): typed text is never replaced, paragraphs are split into
// sentences, the result comes first, a length-limit stop is said, Chinese headers stand upright with no
// empty token, keys work and focus stays, Compare follows the language pair, the Chinese UI names
// models in Chinese, the lines figure can jump forward, no request per model and no console error on
// open, and the page's state lives in its URL. Screenshots: artifacts/e2e/use-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CLI, ROOT, launch, serve, screenshot, urlWritten, waitForRunEnd } from './helpers.mjs';
import { noteWord } from '../../web/src/app/output-view.js';

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'models/manifest.json'), 'utf8'));
const file = (id) => path.join(ROOT, 'models', manifest.models.find((m) => m.id === id)?.file ?? 'missing');
const has = (id) => existsSync(file(id));
const cli = (id, text, args = []) => JSON.parse(execFileSync(CLI, ['--model', file(id), '--text', text, '--json', ...args], { encoding: 'utf8' }));

let srv;
const browsers = [];
before(async () => { srv = await serve(); });
after(async () => {
  for (const b of browsers) await b.close();
  await srv?.close();
});
/** Types `text` into the demo, presses Translate and waits for the page's run number `runs` to end. */
async function translate(page, text, runs) {
  await page.locator('#text').fill(text);
  await page.locator('#translate').click();
  await waitForRunEnd(page, runs);
}

async function open(query = '', opts = {}) {
  const b = await launch(opts);
  browsers.push(b);
  const requests = [];
  b.page.on('request', (r) => requests.push({ method: r.method(), url: r.url() }));
  await b.page.goto(`${srv.url}${query}`);
  return { ...b, requests };
}

test('text typed while the page loads is kept and translated', async () => {
  // The model's download is held until the user has typed, so the text is typed before the model has
  // loaded whatever the machine's speed.
  const b = await launch({ reducedMotion: 'reduce' });
  browsers.push(b);
  const { page } = b;
  let typed, held = 0;
  const typing = new Promise((done) => { typed = done; });
  await b.context.route(/\.safetensors(\?|$)/, async (route) => { held++; await typing; await route.continue(); });
  await page.goto(srv.url);
  const mine = 'I ate an apple.';
  // As a user types: once the page has painted (Chromium ignores input sent before the first paint).
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.locator('#text').fill(mine);
  const at = await page.evaluate(() => ({ value: document.querySelector('#text').value, model: globalThis.attnseqDemo?.stores.model.get().status }));
  typed();
  assert.notEqual(at.model, 'ready', 'typed before the model had loaded');
  assert.equal(at.value, mine, 'the typed text arrived');
  await waitForRunEnd(page, 1);
  assert.ok(held >= 1, 'the model download was held');
  assert.equal(await page.inputValue('#text'), mine);
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run.text), mine);
  await screenshot(page, 'use-typed-text');
});

test('a paragraph: each sentence translated by itself, the whole translation at once, a picker; the CLI agrees', async () => {
  const { page } = await open('', { reducedMotion: 'reduce' });
  await waitForRunEnd(page, 1);
  const text = 'I ate an apple. Then I drank some water! How are you?';
  await translate(page, text, 2);
  await page.waitForFunction(() => globalThis.attnseqDemo.stores.paragraph.get().sentences.every((s) => s.output !== null));
  const expected = execFileSync(CLI, ['--model', file(manifest.default), '--sentences', '--text', text], { encoding: 'utf8' }).trim();
  assert.equal(await page.textContent('#translation'), expected);
  const buttons = page.locator('#sentences button');
  assert.equal(await buttons.count(), 3);
  assert.equal(await buttons.nth(0).getAttribute('aria-pressed'), 'true');
  await buttons.nth(1).click();
  await waitForRunEnd(page, 3);
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run.text), 'Then I drank some water!');
  assert.equal(await page.textContent('#translation'), expected, 'picking a sentence keeps the whole translation');
  // the figures say which sentence they show
  assert.match(await page.textContent('#attention .step-label'), /^sentence 2 of 3 · step \d+/);
  await screenshot(page, 'use-paragraph');
});

test('the result first: the whole translation shows while the animation is still at its start', async () => {
  const { page } = await open(`?text=${encodeURIComponent('You should wear shoes.')}&speed=0.5`);
  await page.waitForFunction(() => globalThis.attnseqDemo?.stores.run.get().status === 'done');
  const { index, total } = await page.evaluate(() => ({ index: globalThis.attnseqDemo.stores.playback.get().index, total: globalThis.attnseqDemo.stores.run.get().run.steps.length }));
  assert.ok(index < total - 1, `the animation is still running (step ${index + 1} of ${total})`);
  assert.equal(await page.textContent('#translation'), cli(manifest.default, 'You should wear shoes.').hypotheses[0].text);
});

test('the first translation\'s text is painted a frame before its figures, which follow; data-runs waits for them', async () => {
  const b = await launch({ reducedMotion: 'reduce' });
  browsers.push(b);
  // At each frame (the animation callbacks run just before the frame is painted): is the translation's
  // text there, and what do the alignment lines and the decoder loop hold?
  await b.page.addInitScript(() => {
    globalThis.__frames = [];
    const look = () => {
      const text = document.querySelector('#translation')?.textContent ?? '';
      if (text.trim()) {
        globalThis.__frames.push({ text, lines: document.querySelectorAll('[data-view=lines] svg').length,
          loop: document.querySelectorAll('attnseq-decoder-loop li[data-step]').length, runs: document.body.dataset.runs ?? null });
      }
      if (globalThis.__frames.length < 3) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await b.page.goto(srv.url);
  await waitForRunEnd(b.page, 1);
  const frames = await b.page.evaluate(() => globalThis.__frames);
  const expected = cli(manifest.default, await b.page.inputValue('#text')).hypotheses[0].text;
  assert.equal(frames[0].text, expected, 'the first frame with text shows the whole translation');
  assert.deepEqual([frames[0].lines, frames[0].loop, frames[0].runs], [0, 0, null], 'that frame is painted before the figures are drawn');
  assert.ok(await b.page.locator('[data-view=lines] svg').count() > 0, 'the figures follow');
});

test('a translation stopped by the length limit says so; a failed run leaves no pending loop row', async () => {
  const text = '我吃了一个苹果。';
  const finished = cli(manifest.default, text).hypotheses[0].finished;
  const { page } = await open(`?text=${encodeURIComponent(text)}`, { reducedMotion: 'reduce' });
  // Chinese text in a link to the English model opens with the language offer; "anyway" translates it
  await page.waitForFunction(() => /looks like Chinese/.test(document.querySelector('#lang-offer').textContent), null, { timeout: 60_000 });
  await page.locator('#lang-offer .offer-anyway').click();
  await waitForRunEnd(page, 1);
  assert.equal(await page.isVisible('#result-note'), !finished, `the CLI says finished=${finished}`);
  if (!finished) {
    assert.match(await page.textContent('#result-note'), /length limit/);
    assert.match(await page.textContent('attnseq-decoder-loop .loop-status'), /length limit/);
  }
  await screenshot(page, 'use-length-limit');
  await page.locator('#text').fill('word '.repeat(400));
  await page.locator('#translate').click();
  await page.waitForFunction(() => globalThis.attnseqDemo.stores.run.get().status === 'error');
  assert.equal(await page.locator('attnseq-decoder-loop .loop-row.pending').count(), 0);
});

test('Chinese source tokens: one upright column header per piece the model reads, a lone ▁ shown as ␣', { skip: !has('zh-en-transformer') && 'no zh-en model' }, async () => {
  const { page } = await open(`?model=zh-en-transformer&text=${encodeURIComponent('猫喝了牛奶，因为它饿了。')}`, { reducedMotion: 'reduce' });
  await waitForRunEnd(page, 1);
  const heads = await page.locator('attnseq-heatmap[data-view=heatmap] thead th span').evaluateAll((els) => els.map((e) => ({
    text: e.textContent, cjk: e.classList.contains('cjk'), transform: getComputedStyle(e).transform, h: e.scrollHeight, ch: e.clientHeight,
  })));
  // the columns are the model's pieces (a lone ▁ merged into 猫 showed the sum of two columns under 猫),
  // each labelled with the text the reader typed (the full-width ，, which the model reads as ,)
  const tokens = await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run.sourceTokens);
  const pieces = tokens.map((x) => x.piece);
  const typed = '猫喝了牛奶，因为它饿了。';
  assert.deepEqual(heads.map((x) => x.text), tokens.map(({ piece: p, span }) => (p === '\u2581' ? '\u2423'
    : span && span[1] > span[0] ? typed.slice(span[0], span[1]) : p.replace(/^\u2581/, ''))));
  assert.ok(pieces.includes(',') && heads.some((x) => x.text === '，'), 'the comma as typed');
  assert.equal(pieces[0], '\u2581', 'this sentence starts with a lone ▁ piece');
  // self-attention starts on 它 ("it", the tutorial's example), not on the lone ▁
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.view.get().query), pieces.indexOf('它'));
  for (const x of heads) {
    assert.ok(x.text.trim() !== '' && x.text !== '▁', `no blank header: ${JSON.stringify(heads.map((y) => y.text))}`);
    if (/[\u4e00-\u9fff]/.test(x.text)) {
      assert.ok(x.cjk && x.transform === 'none', `${x.text} stands upright`);
      assert.ok(x.h <= x.ch + 1, `${x.text} is not clipped`);
    }
  }
  await page.locator('attnseq-heatmap[data-view=heatmap]').scrollIntoViewIfNeeded();
  await screenshot(page, 'use-heatmap-zh');
});

test('keys work from anywhere on the page, and focus is never dropped', async () => {
  const { page } = await open('', { reducedMotion: 'reduce' });
  await waitForRunEnd(page, 1);
  const index = () => page.evaluate(() => globalThis.attnseqDemo.stores.playback.get().index);
  const last = await index();
  await page.evaluate(() => (document.activeElement instanceof HTMLElement) && document.activeElement.blur());
  await page.keyboard.press('ArrowLeft');
  assert.equal(await index(), last - 1, '← steps back with the focus on the page');
  await page.keyboard.press('Home');
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.playback.get().playing), true);
  await page.keyboard.press('End');
  assert.equal(await index(), last);
  // Step forward with Enter up to the end, and on: the reader keeps the place (the last step) and the focus
  // (Step forward says it has nothing to do, aria-disabled, and stays focused: before, the focus went to
  // Play, and the next Enter played from step 0)
  await page.keyboard.press('Home');
  await page.evaluate(() => globalThis.attnseqDemo.stores.playback.set({ playing: false, index: 0 }));
  await page.locator('attnseq-playback button[data-action=next]').first().focus();
  const focusedAction = () => page.evaluate(() => document.activeElement?.closest?.('attnseq-playback') ? document.activeElement.dataset.action : document.activeElement?.tagName);
  for (let i = 0; i < last + 3; i++) await page.keyboard.press('Enter');
  assert.equal(await index(), last);
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.playback.get().playing), false, 'nothing plays');
  assert.equal(await focusedAction(), 'next', 'the focus stays on Step forward');
  assert.equal(await page.locator('attnseq-playback button[data-action=next]').first().getAttribute('aria-disabled'), 'true');
  // Skip to end, said in words: from step 1 to the last at once
  await page.evaluate(() => globalThis.attnseqDemo.stores.playback.set({ playing: true, index: 0 }));
  const end = page.locator('attnseq-playback button[data-action=end]').first();
  assert.equal((await end.textContent()).trim(), 'Skip to end');
  await end.click();
  assert.equal(await index(), last);
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.playback.get().playing), false);
  // Tab to the Compare button: focusing (and the scroll it causes) starts nothing; the button keeps focus
  await page.locator('#compare-run').focus();
  await page.waitForTimeout(500);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'compare-run');
  assert.equal(await page.evaluate(() => document.querySelectorAll('#compare-grid .compare-item p.translation').length
    && [...document.querySelectorAll('#compare-grid .compare-item p.translation')].every((p) => p.textContent === '…')), false, 'focus did not start a comparison');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => [...document.querySelectorAll('#compare-grid [data-compare]')].every((p) => !['…', ''].includes(p.textContent)), null, { timeout: 120_000 });
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'compare-run', 'focus stays on the button while and after it runs');
});

test('Compare follows the language pair, and marks a comparison of an earlier sentence', async () => {
  const { page } = await open('', { reducedMotion: 'reduce' });
  await waitForRunEnd(page, 1);
  await page.locator('#compare-run').click();
  await page.waitForFunction(() => [...document.querySelectorAll('#compare-grid [data-compare]')].every((p) => !['…', ''].includes(p.textContent)), null, { timeout: 120_000 });
  await translate(page, 'How are you?', 2);
  assert.match(await page.textContent('#compare-grid'), /earlier sentence/);
  if (has('zh-en-transformer')) {
    await page.selectOption('#model', 'zh-en-transformer');
    await waitForRunEnd(page, 3);
    assert.equal(await page.locator('#compare-grid [data-compare]').count(), 0, 'no en→fr models compared on Chinese');
    assert.match(await page.textContent('#compare-grid'), /no GRU models/);
  }
  await screenshot(page, 'use-compare');
});

test('text in another language than the model reads gets the offer: the model that reads it, or translate anyway (issue 29)',
  { skip: (!has('zh-en-transformer') || !has('en-zh-transformer')) && 'no zh-en and en-zh models' }, async () => {
  const { page } = await open('', { reducedMotion: 'reduce' });
  await waitForRunEnd(page, 1);
  const mine = 'A sentence I typed myself. And a second one.';
  await translate(page, mine, 2);
  assert.ok(await page.isHidden('#lang-offer'), 'English for the English model: no offer');
  assert.equal(await page.locator('#sentences button').count(), 2, 'two sentences: a picker');
  await page.selectOption('#model', 'zh-en-transformer');
  await page.waitForFunction(() => /looks like English/.test(document.querySelector('#lang-offer').textContent), null, { timeout: 60_000 });
  assert.equal(await page.locator('#lang-offer span').textContent(),
    'This text looks like English, but Chinese → English, Transformer reads Chinese: it was not translated.');
  assert.equal(await page.locator('#text').inputValue(), mine, 'the text stays');
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run), null, 'nothing was translated');
  assert.equal(await page.locator('#translation').textContent(), '');
  // nothing of the earlier translation stays: its sentence picker goes too (a click on it brought it back)
  assert.ok(await page.isHidden('#sentences'), 'no sentence picker of the text before');
  assert.equal(await page.locator('#sentences button').count(), 0);
  await screenshot(page, 'use-other-language');
  // Translate asks again (the same offer); "anyway" translates it with this model
  await page.locator('#translate').click();
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run), null, 'Translate alone does not translate it');
  await page.locator('#lang-offer .offer-anyway').click();
  await waitForRunEnd(page, 3);
  assert.ok((await page.locator('#translation').textContent()).length > 0);
  assert.ok(await page.isHidden('#lang-offer'));
  // the other button switches to the model that reads the text, which translates it at once
  await page.locator('#text').fill('I like cheese very much.');
  await page.locator('#translate').click();
  await page.waitForSelector('#lang-offer .offer-switch', { timeout: 60_000 });
  assert.equal(await page.locator('#lang-offer .offer-switch').textContent(), 'Use English → Chinese, Transformer');
  // the translation of the text before is gone: under the new text it would read as its translation
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run), null, 'the last run is cleared');
  assert.equal(await page.locator('#translation').textContent(), '');
  await page.locator('#lang-offer .offer-switch').click();
  await waitForRunEnd(page, 4);
  assert.equal(await page.locator('#model').inputValue(), 'en-zh-transformer');
  assert.equal(await page.locator('#translation').textContent(), cli('en-zh-transformer', 'I like cheese very much.').hypotheses[0].text);
  assert.ok(await page.isHidden('#lang-offer'));
  // Chinese text for the Chinese model translates at once
  await page.locator('#text').fill('我吃了一个苹果。');
  await page.selectOption('#model', 'zh-en-transformer');
  await waitForRunEnd(page, 5);
  // A link saved while the offer showed opens with the offer, the text kept and nothing translated;
  // its sentence and step stay in the URL and are where "anyway" opens.
  const two = 'A sentence I typed myself. And then a second one.';
  const { page: linked } = await open(`?model=zh-en-transformer&sentence=2&step=2&text=${encodeURIComponent(two)}`, { reducedMotion: 'reduce' });
  await linked.waitForFunction(() => /looks like English/.test(document.querySelector('#lang-offer').textContent), null, { timeout: 60_000 });
  assert.equal(await linked.locator('#text').inputValue(), two);
  assert.equal(await linked.evaluate(() => globalThis.attnseqDemo.stores.run.get().run), null, 'nothing was translated');
  await linked.locator('#text').dispatchEvent('input');  // the URL is written again (text unchanged)
  await urlWritten(linked);
  const kept = new URL(linked.url()).searchParams;
  assert.deepEqual([kept.get('sentence'), kept.get('step')], ['2', '2'], linked.url());
  await linked.locator('#lang-offer .offer-anyway').click();
  await linked.waitForFunction(() => document.body.dataset.runs === '1' && globalThis.attnseqDemo.stores.run.get().status === 'done'
    && !globalThis.attnseqDemo.stores.playback.get().playing, null, { timeout: 120_000 });
  assert.ok((await linked.locator('#translation').textContent()).length > 0);
  assert.deepEqual(await linked.evaluate(() => [globalThis.attnseqDemo.stores.paragraph.get().selected, globalThis.attnseqDemo.stores.playback.get().index]), [1, 1]);
  // French text in a link to the English → French model: named as French; the French → English model offered when there is one
  const { page: french } = await open(`?text=${encodeURIComponent('Je suis très fatigué aujourd\'hui.')}`, { reducedMotion: 'reduce' });
  await french.waitForFunction(() => /looks like French/.test(document.querySelector('#lang-offer').textContent), null, { timeout: 60_000 });
  assert.equal(await french.evaluate(() => globalThis.attnseqDemo.stores.run.get().run), null, 'nothing was translated');
  assert.equal(await french.locator('#lang-offer .offer-switch').count(), has('fr-en-transformer') ? 1 : 0);
});

test('the words the model was unsure of are marked, and a far input is said to be (issue 29)', async () => {
  const { page } = await open('', { reducedMotion: 'reduce' });
  await waitForRunEnd(page, 1);
  const entry = manifest.models.find((m) => m.id === manifest.default);
  assert.ok(entry.confidence, 'the catalogue has the default model\'s thresholds');
  assert.equal(await page.locator('#translation .unsure').count(), 0, 'the example: nothing marked');
  await translate(page, 'Blorfing zendrax quimble trossed the vorpish glimmerwock.', 2);
  const unsure = await page.locator('#translation .unsure').allTextContents();
  assert.ok(unsure.length > 0, 'made-up words come out with unsure words');
  const note = await page.locator('#translation + .output-note').textContent();
  assert.match(note, /^The model is unsure of this translation/);
  // (a marked word may end in the punctuation that made it doubtful; the note names it without)
  assert.ok(unsure.every((w) => note.includes(noteWord(w))), `the note names every marked word: ${note}`);
  assert.equal(await page.locator('#translation').textContent(), cli(manifest.default, 'Blorfing zendrax quimble trossed the vorpish glimmerwock.', ['--no-steps', '--no-return-attention']).hypotheses[0].text,
    'the marks change no character of the translation');
  assert.match(await page.locator('#translation .unsure').first().getAttribute('title'), /^The model gave this \d+(\.\d+)?%$/);
  await screenshot(page, 'use-unsure');
  // a text of two sentences: the made-up one (not the one the figures show) is marked by its own confidence
  const two = 'I ate an apple. Blorfing zendrax quimble trossed the vorpish glimmerwock.';
  await translate(page, two, 3);
  // (the second sentence is translated after the first one's run ends)
  await page.waitForFunction(() => document.querySelector('#translation .unsure') !== null, null, { timeout: 60_000 });
  const paraNote = await page.locator('#translation + .output-note').textContent();
  assert.match(paraNote, /^Sentence 2 of 2: The model is unsure of this translation/);
  assert.ok(!paraNote.includes('Sentence 1 of 2'), paraNote);
  assert.equal(await page.locator('#translation').textContent(), cli(manifest.default, two, ['--sentences', '--no-steps', '--no-return-attention']).sentences.map((x) => x.hypotheses[0].text).join(' '),
    'the marks change no character of the translation');
  await screenshot(page, 'use-unsure-paragraph');
});

test('the Chinese UI names models, compare cards and the BLEU legend in Chinese', async () => {
  // the browser's language alone (no ?lang=): the UI and <html lang> follow it
  const { page } = await open('', { reducedMotion: 'reduce', locale: 'zh-CN' });
  await waitForRunEnd(page, 1);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hans', 'a Chinese UI is read as Chinese');
  const options = await page.locator('#model option').allTextContents();
  assert.ok(options.length >= 3 && options.every((o) => /[\u4e00-\u9fff]/.test(o)), JSON.stringify(options));
  assert.match(await page.textContent('#model-desc'), /[\u4e00-\u9fff]/);
  assert.ok((await page.locator('#compare-grid h4').allTextContents()).every((o) => /[\u4e00-\u9fff]/.test(o)));
  await page.waitForFunction(() => /** @type {any} */ (document.querySelector('#bleu')).data?.series?.length);
  const legend = await page.locator('#bleu').evaluate((el) => el.data?.series.map((s) => s.label) ?? []);
  assert.ok(legend.length && legend.every((o) => /[\u4e00-\u9fff]/.test(o)), JSON.stringify(legend));
  await screenshot(page, 'use-zh');
});

test('switching the page to Chinese in place relabels the figures too (head pickers, step label, captions, the n-best and link notes)', async () => {
  const { page } = await open('?strategy=beam&numHypotheses=2&beamSize=abc', { reducedMotion: 'reduce' });
  await waitForRunEnd(page, 1);
  assert.match(await page.locator('#link-note').textContent(), /could not be used/);
  assert.match(await page.locator('#hyp-note').textContent(), /returned, best first/);
  await page.selectOption('#lang', 'zh');
  await page.waitForFunction(() => /第 \d+ 步/.test(document.querySelector('[data-view=step-label]').textContent), null, { timeout: 10_000 });
  const shown = await page.evaluate(() => ({
    legends: [...document.querySelectorAll('[data-view=cross-heads] legend, [data-view=self-heads] legend')].map((x) => x.textContent),
    caption: document.querySelector('[data-view=heatmap] caption')?.textContent ?? '',
  }));
  assert.ok(shown.legends.length && shown.legends.every((x) => /[\u4e00-\u9fff]/.test(x)), JSON.stringify(shown.legends));
  assert.match(shown.caption, /生成 .* 时的注意力/);
  assert.match(await page.locator('#link-note').textContent(), /链接中的部分参数无法使用/);
  assert.match(await page.locator('#hyp-note').textContent(), /返回 2 个，最好的在前/);
  assert.equal(await page.locator('button[data-export="fig-lines"][data-format="png"]').getAttribute('title'), '把这幅图保存为 PNG 图片');
  // and the tutorial link leads to the Chinese tutorial
  assert.match(await page.locator('#tutorial-link').getAttribute('href'), /examples\/tutorial\.zh\.html$/);
});

test('the lines figure can jump forward to a later token', async () => {
  const { page } = await open('', { reducedMotion: 'reduce' });
  await waitForRunEnd(page, 1);
  const targets = page.locator('attnseq-attention-lines[data-view=lines] .fig-tgt');
  const n = await targets.count();
  assert.ok(n >= 3);
  await targets.nth(0).click();
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.playback.get().index), 0);
  assert.equal(await targets.count(), n, 'later tokens stay in the figure');
  await targets.nth(n - 1).click();
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.playback.get().index), n - 1);
});

test('opening the page: no request per model, no console error', async () => {
  const b = await open('', { reducedMotion: 'reduce' });
  await waitForRunEnd(b.page, 1);
  assert.deepEqual(b.requests.filter((r) => r.method === 'HEAD'), []);
  const models = b.requests.filter((r) => /\.safetensors/.test(r.url)).map((r) => path.basename(new URL(r.url).pathname));
  assert.deepEqual(models, [path.basename(file(manifest.default))]);
  assert.deepEqual(b.errors.filter((e) => !/docs\/eval/.test(e)), []);
});

test('while the animation plays the URL has no step (a reload replays it); it keeps ?speed, typed text without a stale step, and the chosen language', async () => {
  const { page } = await open(`?speed=1&text=${encodeURIComponent('I ate an apple.')}`);
  await page.waitForFunction(() => document.body.dataset.runs && globalThis.attnseqDemo.stores.playback.get().playing);
  await page.waitForTimeout(1200);  // past the URL's 300 ms debounce, the animation (1 step/s) still playing
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.playback.get().playing), true);
  let url = new URL(page.url());
  assert.equal(url.searchParams.get('step'), null, `mid-animation: ${url.search}`);
  assert.equal(url.searchParams.get('speed'), '1', url.search);
  assert.equal(url.searchParams.get('text'), 'I ate an apple.');
  await page.evaluate(() => globalThis.attnseqDemo.stores.playback.set({ speed: 8 }));
  await waitForRunEnd(page, 1);
  await urlWritten(page);
  url = new URL(page.url());
  const steps = await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run.steps.length);
  assert.equal(url.searchParams.get('step'), String(steps), `at rest: ${url.search}`);
  assert.equal(url.searchParams.get('speed'), '8');
  // New text typed, not translated: the URL takes it without the old sentence's step, and a reload
  // opens it at its end (not paused at a step of another sentence).
  await page.locator('#text').fill('The dog is sleeping under the table.');
  await urlWritten(page);
  url = new URL(page.url());
  assert.equal(url.searchParams.get('text'), 'The dog is sleeping under the table.');
  assert.equal(url.searchParams.get('step'), null, url.search);
  // A language picked in the menu goes into the URL too, and survives the reload.
  await page.locator('#lang').selectOption('zh');
  await urlWritten(page);
  assert.equal(new URL(page.url()).searchParams.get('lang'), 'zh');
  await page.reload();
  await waitForRunEnd(page, 1);
  assert.equal(await page.locator('#text').inputValue(), 'The dog is sleeping under the table.');
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run.text), 'The dog is sleeping under the table.');
  assert.match(await page.evaluate(() => document.documentElement.lang), /^zh/);
});

test('every strategy translates from the form: Sampling with top-k 0 (its default) is not blocked by an empty field', async () => {
  const { page } = await open('?speed=8', { reducedMotion: 'reduce' });
  await waitForRunEnd(page, 1);
  await urlWritten(page);
  assert.ok(new URL(page.url()).searchParams.get('step'), 'the link names the step shown');
  await page.locator('#decoding summary').click();
  // an option of another strategy changes nothing a greedy run decodes: no note, the step stays
  await page.locator('#decoding input[name=strategy][value=beam]').check();
  await page.locator('#decoding input[name=beamSize]').fill('8');
  await page.locator('#decoding input[name=strategy][value=greedy]').check();
  await urlWritten(page);
  assert.equal(await page.locator('#dec-pending').isVisible(), false, 'a beam size under greedy');
  assert.ok(new URL(page.url()).searchParams.get('step'), 'the link keeps its step');
  await page.locator('#decoding input[name=strategy][value=sample]').check();
  assert.equal(await page.locator('#decoding input[name=topK]').inputValue(), '0', 'top-k shows its default');
  // changed options apply at the next Translate: until then the page says so, and the link (which opens
  // with the form's options) names no step of the greedy run still shown
  assert.match(await page.locator('#dec-pending').textContent(), /changed options apply to the next one/);
  assert.equal(await page.locator('#dec-pending').isVisible(), true);
  await urlWritten(page);
  const pending = new URL(page.url()).searchParams;
  assert.deepEqual([pending.get('strategy'), pending.get('step')], ['sample', null], page.url());
  await page.locator('#translate').click();
  await waitForRunEnd(page, 2);
  assert.equal(await page.locator('#dec-pending').isVisible(), false);
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run.options?.strategy ?? globalThis.attnseqDemo.stores.options.get().strategy), 'sample');
  for (const strategy of ['beam', 'greedy']) {
    await page.locator(`#decoding input[name=strategy][value=${strategy}]`).check();
    await page.locator('#translate').click();
    await waitForRunEnd(page, strategy === 'beam' ? 3 : 4);
  }
});

test('a link restores text, model, options, step and view; a broken link gives the defaults and a notice', async () => {
  const q = `?text=${encodeURIComponent('I ate an apple.')}&model=en-fr-gru-attn&strategy=beam&beamSize=3&step=2&level=word`;
  const { page, errors } = await open(q, { reducedMotion: 'reduce' });
  await page.waitForFunction(() => globalThis.attnseqDemo?.stores.run.get().status === 'done' && document.body.dataset.runs);
  await page.waitForTimeout(500);
  const s = await page.evaluate(() => {
    const d = globalThis.attnseqDemo.stores;
    return { model: d.model.get().modelId, strategy: d.options.get().strategy, beamSize: d.options.get().beamSize, index: d.playback.get().index, level: d.view.get().level, text: d.run.get().run.text };
  });
  assert.deepEqual(s, { model: 'en-fr-gru-attn', strategy: 'beam', beamSize: 3, index: 1, level: 'word', text: 'I ate an apple.' });
  assert.equal(await page.isChecked('#decoding input[name=strategy][value=beam]'), true);
  await urlWritten(page);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('beamSize'), '3', `the URL follows the page: ${url.search}`);
  assert.equal(url.searchParams.get('step'), '2');
  // the encoder self-attention's layer and head too (the default model is a Transformer)
  const self = await open('?selfLayer=2&selfHead=3', { reducedMotion: 'reduce' });
  await waitForRunEnd(self.page, 1);
  if (await self.page.evaluate(() => !!globalThis.attnseqDemo.stores.run.get().run.encoderAttention)) {
    assert.deepEqual(await self.page.evaluate(() => { const v = globalThis.attnseqDemo.stores.view.get(); return [v.encLayer, v.encHead]; }), [1, 2]);
    await urlWritten(self.page);
    const su = new URL(self.page.url()).searchParams;
    assert.deepEqual([su.get('selfLayer'), su.get('selfHead')], ['2', '3'], 'the URL keeps them');
  }
  const bad = await open('?model=nope&beamSize=0&step=-4&text=%20&evil=%3Cscript%3E', { reducedMotion: 'reduce' });
  await waitForRunEnd(bad.page, 1);
  assert.match(await bad.page.textContent('#link-note'), /model, beamSize, step, text|text, model/);
  assert.equal(await bad.page.evaluate(() => globalThis.attnseqDemo.stores.model.get().modelId), manifest.default);
  assert.deepEqual([...errors, ...bad.errors].filter((e) => !/docs\/eval/.test(e)), []);
  await screenshot(bad.page, 'use-bad-link');
});
