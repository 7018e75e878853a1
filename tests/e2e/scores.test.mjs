// The score-function comparison: the sentence through the additive, dot, general and scaled-dot RNNs
// of the language pair, side by side, each card's numbers the engine's (checked against the JS API on
// the same files), a kind the catalogue lacks named; the widget view="scores" the same.
// Runs on the random-weight test models (a catalogue written for the test), so it does not wait for
// the trained ones. Screenshot: artifacts/e2e/scores.png.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, copyFile, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch, serve, screenshot, waitForRunEnd, axeViolations, ROOT } from './helpers.mjs';
import { Translator } from '../../web/src/index.js';
import { pct } from '../../web/src/components/format.js';

const KINDS = ['additive', 'dot', 'general', 'scaled_dot'];
let browser, srv, dir;
after(async () => {
  await browser?.close();
  await srv?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('four score functions side by side, with the engine\'s numbers', async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'attnseq-scores-'));
  const models = [];
  for (const k of KINDS) {
    await copyFile(path.join(ROOT, 'tests/data/models', `tiny-rnn-${k}.safetensors`), path.join(dir, `${k}.safetensors`));
    models.push({ id: `tiny-${k}`, file: `${k}.safetensors`, src: 'en', tgt: 'fr', arch: 'rnn', attention: k });
  }
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify({ default: 'tiny-additive', models }));
  srv = await serve({ modelsDir: dir });
  browser = await launch({ reducedMotion: 'reduce' });
  const { page } = browser;
  const text = 'the cat likes fresh bread';
  await page.goto(`${srv.url}?text=${encodeURIComponent(text)}`);
  await waitForRunEnd(page, 1);
  await page.locator('#scores-run').click();
  await page.waitForFunction(() => document.querySelectorAll('#score-compare .sc-card').length === 4, null, { timeout: 120_000 });
  // the step shown follows the animation: step 1
  await page.evaluate(() => globalThis.attnseqDemo.stores.playback.set({ index: 0, playing: false }));
  const cards = await page.locator('#score-compare .sc-card').evaluateAll((els) => els.map((e) => ({
    kind: e.dataset.kind, formula: e.querySelector('.sc-formula').textContent,
    top: [...e.querySelectorAll('.sc-top tr')].map((tr) => [...tr.children].map((c) => c.textContent)),
    range: e.querySelector('.sc-range')?.textContent,
    cells: [...e.querySelectorAll('table.heatmap tbody tr:first-child td.cell')].map((td) => td.textContent),
  })));
  assert.deepEqual(cards.map((c) => c.kind), KINDS);
  for (const c of cards) {
    const t = await Translator.load(path.join(dir, `${c.kind}.safetensors`), { worker: false });
    const gen = t.generate(text, { alternatives: 1 });
    const { value: s } = await gen.next();
    // a piece that continues a word (no ▁, after a non-control piece, with a letter or digit) is marked ·
    const pieces = (await gen.source).sourceTokens.map((x) => x.piece);
    const src = pieces.map((p, j) => {
      const text = p.replace(/\u2581/g, ' ').trim() || '\u2423';
      const cont = j > 0 && !p.startsWith('\u2581') && pieces[j - 1] !== '\u2581' && !/^<\/?s>$/.test(p) && !/^<\/?s>$/.test(pieces[j - 1]) && /[\p{L}\p{N}]/u.test(text);
      return cont ? `\u00B7${text}` : text;
    });
    await gen.return();
    t.dispose();
    const w = Array.from(s.crossAttention.data), e = Array.from(s.crossScores.data);
    const order = [...w.keys()].sort((a, b) => w[b] - w[a]).slice(0, 3);
    assert.deepEqual(c.top, order.map((j) => [src[j], `e = ${e[j].toFixed(2)}`, `α = ${pct(w[j])}`]), c.kind);
    // the matrix's cells of that step read as the weights do (pct's rule, without the %), empty under 9.5 %
    assert.deepEqual(c.cells, w.map((x) => (x >= 0.095 ? pct(x).replace('%', '') : '')), `${c.kind}: cells`);
    const lo = Math.min(...e), hi = Math.max(...e);
    assert.equal(c.range, `Its scores run from ${lo.toFixed(2)} to ${hi.toFixed(2)}: a range of ${(Number(hi.toFixed(2)) - Number(lo.toFixed(2))).toFixed(2)}.`, c.kind);
  }
  await page.locator('#scores').scrollIntoViewIfNeeded();
  await screenshot(page, 'scores');
  // the cards' titles fit the demo's outline (h2 section → h3 cards) and nothing else in them is flagged
  const violations = (await axeViolations(page)).filter((v) => /sc-card|score-compare|#scores|data-kind/.test(v.target));
  assert.deepEqual(violations.map((v) => `${v.rule} ${v.target}`), []);
  // a row clicked in a card shows that step of every card's own translation (the GRUs write different
  // numbers of tokens than the page's run): the page's playback does not move
  const lengths = await page.locator('#score-compare .sc-card').evaluateAll((els) => els.map((e) => e.querySelectorAll('tbody th[data-row]').length));
  const longest = lengths.indexOf(Math.max(...lengths)), last = lengths[longest] - 1;
  await page.locator('#score-compare .sc-card').nth(longest).locator(`th[data-row="${last}"]`).click();
  const steps = await page.locator('#score-compare .sc-step').allTextContents();
  steps.forEach((st, i) => assert.match(st, new RegExp(`^Step ${Math.min(last, lengths[i] - 1) + 1} `), `card ${i}: ${st}`));
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.playback.get().index), 0, 'the page\'s step stays');
  // from the keyboard: a cell of a card, arrow down, Enter picks its row; the focus stays on that cell
  await page.locator('#score-compare .sc-card').first().locator('td[tabindex="0"]').focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowUp'); await page.keyboard.press('ArrowUp');  // (from wherever the roving focus was)
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#score-compare .sc-step').textContent.startsWith('Step 2 '), null, { timeout: 5000 });
  await page.waitForFunction(() => document.activeElement?.dataset?.r === '1' && document.activeElement.closest('.sc-card') === document.querySelector('#score-compare .sc-card'), null, { timeout: 5000 });
  assert.equal(await page.evaluate(() => globalThis.attnseqDemo.stores.playback.get().index), 0, 'the page\'s step stays');
  // the cards belong to their sentence: translating other text clears them
  await page.locator('#text').fill('the bread');
  await page.locator('#translate').click();
  await waitForRunEnd(page, 2);
  assert.equal(await page.locator('#score-compare .sc-card').count(), 0, 'no cards of the earlier sentence');
  // a catalogue without one kind names it
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify({ default: 'tiny-additive', models: models.slice(0, 2) }));
  await page.goto(`${srv.url}?text=${encodeURIComponent(text)}`);  // (a reload would keep the step the URL now names)
  await waitForRunEnd(page, 1);
  await page.locator('#scores-run').click();
  await page.waitForFunction(() => document.querySelectorAll('#score-compare .sc-card').length === 2, null, { timeout: 120_000 });
  assert.match(await page.textContent('#score-compare'), /Not in the catalogue yet: General \(Luong\), Scaled dot product/);
  // a language pair without such models: no button, and why (as the fixed-context comparison)
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify({ default: 'tiny-zh', models: [
    ...models.slice(0, 2), { id: 'tiny-zh', file: 'zh.safetensors', src: 'zh', tgt: 'en', arch: 'transformer' }] }));
  await copyFile(path.join(ROOT, 'tests/data/models/tiny-transformer.safetensors'), path.join(dir, 'zh.safetensors'));
  await page.goto(`${srv.url}?model=tiny-additive&text=${encodeURIComponent(text)}`);
  await waitForRunEnd(page, 1);
  assert.equal(await page.locator('#scores-run').isVisible(), true);
  await page.locator('#scores-run').click();
  await page.waitForFunction(() => document.querySelectorAll('#score-compare .sc-card').length === 2, null, { timeout: 120_000 });
  await page.selectOption('#model', 'tiny-zh');
  await page.waitForFunction(() => document.querySelector('#scores-run').hidden, null, { timeout: 60_000 });
  assert.equal(await page.locator('#scores .sc-nopair').textContent(), 'The catalogue has no GRU models with these score functions for Chinese → English: choose an English → French model to compare them.');
  assert.equal(await page.locator('#score-compare .sc-card').count(), 0, 'the other pair\'s cards are gone');
  // a comparison still running when the model changes is dropped, not drawn under the new model
  await page.selectOption('#model', 'tiny-additive');
  await page.waitForFunction(() => !document.querySelector('#scores-run').hidden && document.querySelector('#scores .sc-nopair').hidden, null, { timeout: 60_000 });
  await page.locator('#scores-run').click();
  await page.selectOption('#model', 'tiny-zh');
  await page.waitForFunction(() => document.querySelector('#scores-run').hidden, null, { timeout: 60_000 });
  await page.waitForTimeout(3000);  // longer than the two tiny models take to translate
  assert.equal(await page.locator('#score-compare .sc-card').count(), 0, 'no cards of the previous pair');
});
