// The widgets as a reader meets them (issue 32): a long sentence's animation takes a pace that scales
// with its length, and "Skip to end" says that the whole translation is there at once; the sampling
// legend names every colour of the bars, and a token that could not be drawn says why; Traditional
// Chinese stays as the reader typed it in every figure; on a phone the decoder loop keeps one line a
// row. Uses the shipped catalogue (models/). Screenshots: artifacts/e2e/reader-widgets-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { launch, serve, screenshot, ROOT, ARTIFACTS } from './helpers.mjs';

let srv, dir;
const browsers = [];
before(async () => {
  dir = await mkdtemp(path.join(ROOT, 'web', 'examples', 'tmp-reader-'));
  srv = await serve();
});
after(async () => {
  for (const b of browsers) await b.close();
  await srv?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const LONG = 'I would like to know why you did not tell me that you were going to be late tonight because we waited for you all evening.';

/** A page of our own in web/examples/<tmp>/ with `body`, opened in a fresh browser. */
async function page(name, body, opts = {}) {
  await writeFile(path.join(dir, `${name}.html`), `<!doctype html><html lang="${opts.lang ?? 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${name}</title><link rel="icon" href="data:,">
${opts.head ?? ''}<script type="module" src="../../src/widgets.js"></script></head><body><main>${body}</main></body></html>`);
  const b = await launch(opts);
  browsers.push(b);
  await b.page.goto(new URL(`examples/${path.basename(dir)}/${name}.html`, srv.url).href);
  return b;
}
const ready = (p, sel = 'attnseq-translate, attnseq-generation, attnseq-attention') => p.waitForFunction((s) => [...document.querySelectorAll(s)]
  .every((w) => Number(w.dataset.ready ?? 0) >= 1), sel, { timeout: 180_000, polling: 200 });

test('a long sentence plays at a pace that scales with its length; Skip to end is there and says so', async (t) => {
  const { page: p } = await page('pace', `<attnseq-generation id="g" text="${LONG}" autoplay></attnseq-generation>
<attnseq-generation id="short" text="You should wear shoes." autoplay></attnseq-generation>
<attnseq-generation id="chosen" text="${LONG}" speed="2"></attnseq-generation>`);
  // the time from the first step shown to the last, as the reader sees it
  await p.evaluate(() => {
    const w = document.getElementById('g');
    globalThis.__times = [];
    w.stores.playback.subscribe(({ index }) => { if (globalThis.__times.at(-1)?.index !== index) globalThis.__times.push({ index, t: performance.now() }); });
  });
  await p.waitForFunction(() => {
    const w = document.getElementById('g');
    const { run } = w.stores.run.get();
    return run?.done && w.stores.playback.get().index === run.steps.length - 1 && !w.stores.playback.get().playing;
  }, null, { timeout: 120_000, polling: 100 });
  const { steps, seconds, select, options } = await p.evaluate(() => {
    const w = document.getElementById('g');
    const times = globalThis.__times.filter((x) => x.index >= 0);
    const sel = w.shadowRoot.querySelector('select[name=speed]');
    return { steps: w.stores.run.get().run.steps.length, seconds: (times.at(-1).t - times[0].t) / 1000,
      select: sel.value, options: [...sel.options].map((o) => o.textContent) };
  });
  t.diagnostic(`${steps} steps animated in ${seconds.toFixed(1)} s, ${options[0]}`);
  assert.ok(steps >= 25, `${steps} steps`);
  const pace = Math.min(8, Math.max(2, Math.round((2 * steps) / 6) / 2));
  assert.equal(select, 'auto', 'no speed chosen: the automatic pace');
  assert.equal(options[0], `Auto (${pace}×)`);
  // at 2 steps a second (the old default) it took steps / 2 s (19.5 s for 39 steps); now about 6 s
  assert.ok(seconds < Math.max(10, steps / 2 - 6), `${steps} steps animated in ${seconds.toFixed(1)} s (at 2 steps/s: ${(steps / 2).toFixed(1)} s)`);
  // a short sentence keeps 2 steps a second; a speed the author chose is kept
  assert.equal(await p.evaluate(() => document.getElementById('short').shadowRoot.querySelector('select[name=speed] option').textContent), 'Auto (2×)');
  assert.equal(await p.evaluate(() => document.getElementById('chosen').shadowRoot.querySelector('select[name=speed]').value), '2');
  // Skip to end, in words, takes a playing animation to its last step at once
  const skip = await p.evaluate(async () => {
    const w = document.getElementById('g');
    w.stores.playback.set({ index: 0, playing: true });
    await new Promise((r) => setTimeout(r, 50));
    const b = w.shadowRoot.querySelector('button[data-action=end]');
    const text = b.textContent.trim(), label = b.getAttribute('aria-label');
    b.click();
    const p = w.stores.playback.get();
    return { text, label, index: p.index, playing: p.playing, last: w.stores.run.get().run.steps.length - 1 };
  });
  assert.equal(skip.text, 'Skip to end');
  assert.match(skip.label, /^Skip to end: show the whole translation now/);
  assert.deepEqual([skip.index, skip.playing], [skip.last, false]);
});

test('the sampling legend names each colour the bars use; a token that could not be drawn says why', async () => {
  const { page: p } = await page('sampling', `<attnseq-generation id="k" text="I ate an apple." strategy="sample" top-k="3" seed="7" static></attnseq-generation>
<attnseq-generation id="p" text="I ate an apple." strategy="sample" top-p="0.5" seed="7" static></attnseq-generation>`);
  await ready(p);
  for (const id of ['k', 'p']) {
    const d = await p.evaluate((id) => {
      const r = document.getElementById(id).shadowRoot;
      const bg = (el) => (el ? getComputedStyle(el).backgroundColor : null);
      const legend = [...r.querySelectorAll('.topk-legend li')];
      return {
        keys: Object.fromEntries(legend.map((li) => [li.querySelector('.key').classList[1], bg(li.querySelector('.key'))])),
        lines: legend.map((li) => ({ text: li.textContent, h: li.getBoundingClientRect().height, lh: parseFloat(getComputedStyle(li).lineHeight) || 20 })),
        model: bg(r.querySelector('ul.topk li:not(.chosen) .bar:not(.drawn) .fill')),
        taken: bg(r.querySelector('ul.topk li.chosen .bar:not(.drawn) .fill')),
        drawn: bg(r.querySelector('ul.topk .bar.drawn .fill')),
        cut: [...r.querySelectorAll('ul.topk li')].map((li) => li.querySelector('.bar.drawn.cut')?.textContent ?? null),
        ps: [...r.querySelectorAll('ul.topk li .p')].map((e) => e.textContent),
        settings: r.querySelector('.topk-settings')?.textContent ?? '',
        labels: [...r.querySelectorAll('ul.topk li .tok-label')].map((e) => e.textContent),
      };
    }, id);
    assert.deepEqual(d.lines.map((l) => l.text), ["the model's probability", 'the token taken', 'what the sampler drew from'], id);
    assert.equal(d.keys.model, d.model, `${id}: the blue key is the model's bars`);
    assert.equal(d.keys.taken, d.taken, `${id}: the taken token's bar has its own key`);
    assert.equal(d.keys.drawn, d.drawn, `${id}: the green key is the drawn bars`);
    assert.notEqual(d.keys.model, d.keys.taken);
    for (const l of d.lines) assert.ok(l.h < 1.6 * l.lh, `${id}: «${l.text}» on one line (${l.h} px)`);
    assert.match(d.settings, /top-k (3|all) and top-p (1|0\.5)/);
    if (id === 'k') {
      // ranks 4 and below are outside the top-k 3: each says so, and shows no "0" for a probability
      assert.ok(d.cut.length > 3, `${d.cut.length} alternatives`);
      d.cut.forEach((c, rank) => assert.equal(c, rank >= 3 ? 'cut by top-k 3' : null, `rank ${rank + 1}: ${c}`));
    } else {
      assert.ok(d.cut.some((c) => c === 'cut by top-p 0.5'), JSON.stringify(d.cut));
      assert.ok(d.cut.every((c) => c === null || c === 'cut by top-p 0.5'), JSON.stringify(d.cut));
    }
    d.cut.forEach((c, k) => { if (c) assert.doesNotMatch(d.ps[k], /0$/, `rank ${k + 1}: no bare 0 beside the bar (${d.ps[k]})`); });
  }
  await p.locator('#k').screenshot({ path: path.join(ARTIFACTS, 'reader-widgets-sampling.png') });
});

test('Traditional Chinese stays as the reader typed it, in every figure', async () => {
  const text = '我喜歡貓。他們說話很快。';
  const { page: p } = await page('zh-hant', `<attnseq-attention id="lines" model="zh-en-transformer" text="${text}" view="lines"></attnseq-attention>
<attnseq-attention id="heat" model="zh-en-transformer" text="${text}" view="heatmap"></attnseq-attention>
<attnseq-attention id="self" model="zh-en-transformer" text="${text}" view="self" query="貓"></attnseq-attention>
<attnseq-attention id="words" model="zh-en-transformer" text="${text}" view="lines" level="word"></attnseq-attention>
<attnseq-attention id="softmax" model="zh-en-transformer" text="${text}" view="softmax"></attnseq-attention>
<attnseq-translate id="tr" model="zh-en-transformer" text="${text}" view="heatmap"></attnseq-translate>`);
  await ready(p);
  const labels = await p.evaluate(() => {
    const r = (id) => document.getElementById(id).shadowRoot;
    const texts = (root, sel) => [...root.querySelectorAll(sel)].map((e) => e.textContent);
    return {
      lines: texts(r('lines'), '.fig-src text'), heat: texts(r('heat'), 'thead th span'), self: texts(r('self'), '.fig-src text'),
      words: texts(r('words'), '.fig-src text'), softmax: texts(r('softmax'), 'table.sm-table tbody th'), tr: texts(r('tr'), 'thead th span'),
      readout: r('lines').querySelector('.readout').textContent, selfNote: r('self').querySelector('.w-note').textContent,
      query: document.getElementById('self').stores.view.get().query,
      pieces: document.getElementById('lines').stores.run.get().run.sourceTokens.map((x) => x.piece),
    };
  });
  // the engine reads Simplified (its normalizer maps 貓 → 猫, 說話 → 说话): the figures show what was typed
  assert.ok(labels.pieces.some((x) => x.includes('猫')), `the model's pieces: ${labels.pieces.join(' ')}`);
  for (const [fig, list] of Object.entries({ lines: labels.lines, heat: labels.heat, self: labels.self, words: labels.words, softmax: labels.softmax, tr: labels.tr })) {
    const all = list.join('');
    assert.match(all, /貓/, `${fig}: ${list.join(' ')}`);
    assert.match(all, /說話/, `${fig}: ${list.join(' ')}`);
    assert.doesNotMatch(all, /[猫说们欢]/, `${fig}: no character the reader did not type (${list.join(' ')})`);
  }
  assert.deepEqual(labels.heat.filter((x) => x !== '</s>').join(''), text, 'the columns spell the typed text');
  assert.doesNotMatch(labels.readout, /[猫说们欢]/);
  // the self-attention query as typed (貓): no note, that token
  assert.equal(labels.selfNote, '');
  assert.equal(labels.pieces[labels.query], '猫');
  await screenshot(p, 'reader-widgets-zh-hant');
});

test('on a phone the decoder loop keeps one line a row (the whole decoder input only on the current row)', async (t) => {
  const { page: p } = await page('phone-loop', `<attnseq-generation id="g" text="${LONG}" static></attnseq-generation>`,
    { viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  await ready(p);
  const m = await p.evaluate(() => {
    const r = document.getElementById('g').shadowRoot;
    const rows = [...r.querySelectorAll('.loop-row')];
    return {
      steps: document.getElementById('g').stores.run.get().run.steps.length,
      loop: r.querySelector('attnseq-decoder-loop').getBoundingClientRect().height,
      rows: rows.map((x) => ({ h: x.getBoundingClientRect().height, current: x.classList.contains('current'), label: x.getAttribute('aria-label'),
        shown: [...x.querySelectorAll('.loop-in .tok')].filter((t) => t.getClientRects().length).length })),
      tap: parseFloat(getComputedStyle(rows[0]).minHeight),
    };
  });
  t.diagnostic(`390 px: ${m.steps} steps, the loop ${Math.round(m.loop)} px`);
  assert.ok(m.steps >= 17, `${m.steps} steps`);
  const others = m.rows.filter((x) => !x.current);
  for (const [k, x] of others.entries()) {
    assert.ok(x.h <= m.tap + 6, `row ${k + 1}: one line (${x.h} px)`);
    assert.ok(x.shown <= 1, `row ${k + 1}: only the last input token shown (${x.shown})`);
  }
  // the current (last) row spells the whole input out; every row's accessible name still reads it whole
  const cur = m.rows.find((x) => x.current);
  assert.equal(cur.shown, m.steps, 'the current row: <s> and every token before the last step');
  assert.match(m.rows.at(-2).label, new RegExp(`^Step ${m.steps - 1}: decoder input <s> `));
  assert.ok(m.loop < m.steps * (m.tap + 6) + cur.h + 40, `the loop is ${Math.round(m.loop)} px for ${m.steps} steps`);
  await screenshot(p, 'reader-widgets-phone-loop');
});
