// The tutorial page (web/examples/tutorial.html): every widget renders its view; widgets share one
// worker per model; a figure exports as SVG and PNG. Screenshots: artifacts/e2e/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { launch, serve, screenshot, testModel, cliTranslate, ARTIFACTS, ROOT } from './helpers.mjs';

const model = testModel();
let srv, browser, page;

before(async () => {
  srv = await serve({ modelsDir: model.modelsDir });
  browser = await launch({ viewport: { width: 1200, height: 900 } });
  page = browser.page;
  await page.goto(`${srv.url}examples/tutorial.html`);
});

after(async () => {
  await browser?.close();
  await srv?.close();
});

const WIDGETS = 'attnseq-translate, attnseq-generation, attnseq-attention';

test('every widget of the tutorial renders', async () => {
  const count = await page.locator(WIDGETS).count();
  const html = await readFile(path.join(ROOT, 'web/examples/tutorial.html'), 'utf8');
  assert.equal(count, (html.match(/<attnseq-(translate|generation|attention)\b/g) ?? []).length, 'every widget of the page is there');
  await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].every((w) => Number(w.dataset.ready ?? 0) >= 1
    || w.shadowRoot?.querySelector('.w-status.error')), WIDGETS, { timeout: 180_000, polling: 250 });
  // the work counter's second decode (without the cache) and the score cards come after the widget's own translation
  await page.waitForFunction(() => [...document.querySelectorAll('attnseq-attention[view=work]')]
    .every((w) => w.shadowRoot.querySelectorAll('.bar.uncached').length > 0), null, { timeout: 180_000, polling: 250 });
  // (score cards): the four GRU models translate the sentence too
  await page.waitForFunction(() => [...document.querySelectorAll('attnseq-attention[view=scores]')]
    .every((w) => w.shadowRoot.querySelector('.sc-card') || w.shadowRoot.querySelector('.w-note')?.textContent), null, { timeout: 180_000, polling: 250 });
  const report = await page.evaluate((sel) => [...document.querySelectorAll(sel)].map((w) => {
    const r = w.shadowRoot;
    return {
      tag: w.tagName.toLowerCase(), view: w.getAttribute('view'), ready: w.dataset.ready,
      error: r.querySelector('.w-status.error')?.textContent ?? null,
      svg: r.querySelectorAll('svg.fig').length, table: r.querySelectorAll('table').length,
      rows: r.querySelectorAll('.loop-row').length, bars: r.querySelectorAll('ul.topk li').length,
      output: r.querySelector('output')?.textContent ?? null,
      note: r.querySelector('.w-note')?.textContent ?? '',
      figureShown: !!r.querySelector('[part=figure]') && !r.querySelector('[part=figure]').hidden,
      arch: w.stores.run.get().run?.model?.arch ?? null,
    };
  }), WIDGETS);
  for (const w of report) {
    assert.equal(w.error, null, `${w.tag} ${w.view ?? ''}: ${w.error}`);
    if (w.tag === 'attnseq-translate') { assert.ok(w.output?.length > 0, 'translate: a translation'); assert.ok(w.svg > 0, 'translate: the lines figure'); }
    if (w.tag === 'attnseq-generation') assert.ok(w.rows > 0, 'generation: the decoder loop (autoplay starts when in view)');
    if (w.tag === 'attnseq-attention') {
      // Only a view the model cannot show (self-attention or the KV cache of an RNN, when no Transformer
      // is installed) may go without its figure, and then it says why; every other one shows its figure
      // and no note (every attribute of the tutorial is valid).
      const cannot = (w.view?.startsWith('self') || w.view === 'work') && w.arch !== 'transformer';
      if (cannot) {
        assert.match(w.note, /needs a Transformer model|belongs to a Transformer decoder/, `attention ${w.view} (${w.arch}): says why there is no figure`);
        assert.ok(!w.figureShown, `attention ${w.view} (${w.arch}): no figure`);
      } else {
        assert.ok(w.figureShown && w.svg + w.table > 0, `attention ${w.view} (${w.arch}): its figure`);
        assert.equal(w.note, '', `attention ${w.view} (${w.arch}): no note`);
      }
    }
  }
  // What each widget shows is what the engine computed: its translation is the CLI's for its model and
  // text, its figure has one row/box per target token and one column per source token.
  const shown = await page.evaluate((sel) => [...document.querySelectorAll(sel)].filter((w) => w.stores.run.get().run?.done).map((w) => {
    const r = w.shadowRoot, run = w.stores.run.get().run;
    const heat = r.querySelector('attnseq-heatmap table.heatmap');
    return {
      tag: w.tagName.toLowerCase(), view: w.getAttribute('view'), model: w.stores.model.get().modelId, text: run.text,
      output: run.output, visible: r.querySelector('output')?.textContent ?? null, steps: run.steps.length,
      sources: run.sourceTokens.length,
      heatRows: heat ? heat.querySelectorAll('tbody tr').length : null, heatCols: heat ? heat.querySelectorAll('thead th').length : null,
      heatCells: heat ? heat.querySelectorAll('td.cell').length : null,
      targets: r.querySelectorAll('attnseq-attention-lines .fig-tgt').length, selfView: (w.getAttribute('view') ?? '').startsWith('self'),
      softmaxRows: r.querySelectorAll('attnseq-softmax-step .sm-table tbody tr').length, sourcePieces: run.sourceTokens.length,
      pieces: run.sourceTokens.map((x) => x.piece),
      softmaxLabels: [...r.querySelectorAll('attnseq-softmax-step .sm-table tbody th')].map((th) => th.textContent),
      vectorLabels: [...r.querySelectorAll('attnseq-softmax-step .sm-vrow:not(.sm-ctx) .sm-vlabel')].map((x) => x.textContent),
      contextLabels: [...r.querySelectorAll('attnseq-context-figure .fig-src text')].map((x) => x.textContent),
      readout: [...r.querySelectorAll('attnseq-attention-lines .readout')].map((x) => ({
        text: x.textContent, visible: x.getBoundingClientRect().height >= 12, px: parseFloat(getComputedStyle(x).fontSize) })),
      boxNames: [...r.querySelectorAll('attnseq-attention-lines .fig-tgt')].map((g) => g.getAttribute('aria-label')),
      stepAttr: w.getAttribute('step'),
      work: w.stores.work ? { ...w.stores.work.get(), ratio: r.querySelector('.w-ratio dd')?.textContent ?? null, macs: run.steps.map((x) => x.macs),
        titles: [...r.querySelectorAll('.fig-work rect.bar title')].slice(0, 2).map((x) => x.textContent) } : null,
      scoreCards: [...r.querySelectorAll('.sc-card')].map((c) => ({ kind: c.dataset.kind, step: c.querySelector('.sc-step').textContent,
        rows: c.querySelectorAll('table.heatmap tbody tr').length, cols: c.querySelectorAll('table.heatmap thead th').length })),
    };
  }), WIDGETS);
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'models/manifest.json'), 'utf8'));
  // every widget of the page finished its translation (none left out of the checks below)
  assert.equal(shown.length, count, `${shown.length} of ${count} widgets showed a finished translation`);
  for (const w of shown) {
    const entry = manifest.models.find((m) => m.id === w.model);
    const file = entry ? path.join(ROOT, 'models', entry.file) : model.file;
    assert.equal(w.output, cliTranslate(file, w.text), `${w.tag} ${w.view ?? ''}: the CLI's translation`);
    if (w.visible !== null) assert.equal(w.visible, w.output, `${w.tag}: the translation shown`);
    if (w.view === 'work') {
      // the counter: the run's own per-step work with the cache, the same steps again without it (each
      // step costs more than with the cache, and more than the one before), the total ratio shown
      assert.deepEqual(w.work.cached, w.work.macs, 'work: the cached steps are the run\'s');
      assert.equal(w.work.uncached.length, w.work.cached.length, 'work: every step decoded again without the cache');
      w.work.uncached.forEach((u, i) => { if (i > 0) assert.ok(u > w.work.cached[i] && u > w.work.uncached[i - 1], `work: step ${i + 1}`); });
      const sum = (a) => a.reduce((x, y) => x + y, 0);
      assert.equal(w.work.ratio, `${(sum(w.work.uncached) / sum(w.work.cached)).toFixed(2)}×`);
      // each bar says its step and series (step 1: both decodes did the same work)
      const k = (v) => `${(v / 1e3).toFixed(1)} k`;
      assert.deepEqual(w.work.titles, [`step 1, with the KV cache: ${k(w.work.cached[0])} MAC (multiply-adds)`, `step 1, without the cache: ${k(w.work.uncached[0])} MAC (multiply-adds)`]);
    } else if (w.view === 'scores') {
      // one card per score function the catalogue has for the pair, each at the widget's step, its matrix
      // a column per source piece (the same tokenizer) and a row per step of that model's own translation
      const scorers = manifest.models.filter((m) => m.arch === 'rnn' && m.attention !== 'none' && m.src === entry.src && m.tgt === entry.tgt);
      assert.deepEqual(w.scoreCards.map((c) => c.kind).sort(), scorers.map((m) => m.attention).sort(), 'scores: a card per score function');
      const step = Number(w.stepAttr ?? 1);
      for (const c of w.scoreCards) {
        const own = JSON.parse(cliTranslate(path.join(ROOT, 'models', scorers.find((m) => m.attention === c.kind).file), w.text, ['--json']));
        assert.match(c.step, new RegExp(`^Step ${step} `), `scores ${c.kind}: the step attribute`);
        assert.equal(c.cols, w.sources, `scores ${c.kind}: a column per source piece`);
        assert.equal(c.rows, own.hypotheses[0].steps.length, `scores ${c.kind}: a row per step of its model's own translation`);
      }
    } else if (w.heatRows !== null && !w.selfView) {
      assert.equal(w.heatRows, w.steps, `${w.view}: a row per target token`);
      assert.equal(w.heatCols, w.sources, `${w.view}: a column per source token`);
      assert.equal(w.heatCells, w.steps * w.sources, `${w.view}: every cell`);
    }
    if (w.targets && !w.selfView) assert.equal(w.targets, w.steps, `${w.tag} ${w.view ?? 'lines'}: a box per target token`);
    if (w.view === 'softmax') assert.equal(w.softmaxRows, w.sourcePieces, 'softmax: a row per source piece');
    // The lines' weights are readable without hovering (a phone has no hover): the highlighted token's
    // three largest weights as text under the figure; self-attention's boxes are source tokens.
    if (w.targets) assert.equal(w.readout.length, 1, `${w.tag} ${w.view ?? 'lines'}: a readout under the lines`);
    for (const x of w.readout) {
      assert.match(x.text, /^«[^»]+» attends to «[^»]+» [<>\d.]+%, «[^»]+» [<>\d.]+%, «[^»]+» [<>\d.]+%$/, `${w.tag} ${w.view ?? 'lines'}: ${x.text}`);
      assert.ok(x.visible && x.px >= 12, `${w.tag} ${w.view ?? 'lines'}: the readout is shown (${x.px}px)`);
    }
    if (w.targets) assert.ok(w.boxNames.every((n) => (w.selfView ? /^Source token .+: show what it attends to$/ : /^Target token .+: show this step$/).test(n)), w.boxNames.join(' | '));
    // Every view marks a piece that continues a word (no ▁, after a non-control piece, with a letter
    // or digit) as "·te"; the softmax table and the context figure list source pieces.
    const marked = w.pieces.map((p, j) => {
      const text = p.replace(/\u2581/g, ' ').trim() || '\u2423';
      const cont = j > 0 && !p.startsWith('\u2581') && w.pieces[j - 1] !== '\u2581' && !/^<\/?s>$/.test(p) && !/^<\/?s>$/.test(w.pieces[j - 1]) && /[\p{L}\p{N}]/u.test(text);
      return cont ? `\u00B7${text}` : text;
    });
    if (w.view === 'softmax') assert.deepEqual(w.softmaxLabels, marked, 'softmax: the source pieces, marked');
    if (w.view === 'softmax') assert.deepEqual(w.vectorLabels, marked, 'softmax: the weighted sum, a vector per source piece, marked');
    if (w.view === 'context') assert.deepEqual(w.contextLabels, marked, 'context: the source pieces, marked');
  }
  assert.ok(shown.some((w) => w.view === 'context' && w.contextLabels.some((l) => l.startsWith('\u00B7'))), 'a context figure shows a marked piece');
  // Several widgets, one worker per model file.
  const models = new Set(await page.evaluate((sel) => [...document.querySelectorAll(sel)].map((w) => w.stores.model.get().modelId), WIDGETS));
  for (const w of shown.filter((x) => x.view === 'scores')) {  // and the score functions' models
    const e = manifest.models.find((m) => m.id === w.model);
    for (const c of w.scoreCards) models.add(manifest.models.find((m) => m.arch === 'rnn' && m.attention === c.kind && m.src === e.src && m.tgt === e.tgt).id);
  }
  assert.ok(page.workers().length <= models.size, `${page.workers().length} workers for ${models.size} models`);
  // The tutorial's lines figures (cross- and self-attention, and the translate widget's) open whole at
  // this width when they are at most 15 % wider than their box (drawn to fit): none scrolled, the
  // sentence's start in view. A longer one (the seed's 49-character sentence) scrolls, and opens with
  // its current token (the query) in view.
  const lines = await page.evaluate((sel) => [...document.querySelectorAll(sel)].flatMap((w) => [...w.shadowRoot.querySelectorAll('attnseq-attention-lines .fig-scroll')]
    .map((box) => {
      const cur = box.querySelector('.fig-tgt.current rect')?.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      return { text: `${w.getAttribute('view') ?? w.tagName}: ${w.getAttribute('text')}`, over: box.scrollWidth - box.clientWidth,
        left: box.scrollLeft, long: box.scrollWidth > box.clientWidth * 1.15, current: cur ? cur.left >= b.left && cur.right <= b.right : null };
    })), WIDGETS);
  assert.ok(lines.length >= 6, `${lines.length} lines figures`);
  assert.ok(lines.filter((l) => !l.long).length >= 6, 'figures that fit');
  for (const l of lines) {
    if (l.long) assert.equal(l.current, true, `${l.text}: scrolls, its current token in view`);
    else assert.deepEqual([l.over, l.left], [0, 0], l.text);
  }
  // A row clicked in a score card shows that step of the cards' own translations; the widget's step stays.
  const before = await page.evaluate(() => document.querySelector('attnseq-attention[view=scores]').stores.playback.get().index);
  const picked = await page.evaluate(() => {
    const r = document.querySelector('attnseq-attention[view=scores]').shadowRoot;
    const ths = r.querySelectorAll('.sc-card')[0].querySelectorAll('tbody th[data-row]');
    ths[ths.length - 1].click();
    return ths.length;
  });
  await page.waitForFunction((n) => document.querySelector('attnseq-attention[view=scores]').shadowRoot.querySelector('.sc-step')
    .textContent.startsWith(`Step ${n} `), picked, { timeout: 5000 });
  assert.equal(await page.evaluate(() => document.querySelector('attnseq-attention[view=scores]').stores.playback.get().index), before);
  await screenshot(page, 'tutorial');
});

test('the generation widget animates and re-decodes from an alternative', async () => {
  const gen = page.locator('attnseq-generation');
  await gen.evaluate((el) => el.setAttribute('speed', '8'));
  await gen.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const w = document.querySelector('attnseq-generation');
    const { run } = w.stores.run.get();
    return run?.done && w.stores.playback.get().index === run.steps.length - 1;
  }, null, { timeout: 180_000 });
  assert.ok(await gen.locator('attnseq-topk li').count() > 0, 'next-token bars');
  await gen.locator('[data-step="0"]').click();
  const alt = gen.locator('attnseq-topk button[aria-pressed=false]').first();
  const piece = await alt.getAttribute('data-piece');
  await alt.click();
  await page.waitForFunction((p) => {
    const w = document.querySelector('attnseq-generation');
    const { run } = w.stores.run.get();
    return run?.done && run.steps[0]?.piece === p;
  }, piece, { timeout: 180_000 });
  await gen.screenshot({ path: path.join(ARTIFACTS, 'widget-generation.png') });
});

test('an attention figure exports as SVG and PNG', async () => {
  const widget = page.locator('attnseq-attention[view=heatmap]').first();
  await widget.scrollIntoViewIfNeeded();
  const [svg] = await Promise.all([page.waitForEvent('download'), widget.locator('button.w-export', { hasText: 'SVG' }).click()]);
  const svgText = await readFile(await svg.path(), 'utf8');
  assert.match(svg.suggestedFilename(), /\.svg$/);
  assert.match(svgText, /^<\?xml[^>]*>\s*<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.ok((svgText.match(/<rect /g) ?? []).length > 4, 'the heatmap cells are in the SVG');
  const [png] = await Promise.all([page.waitForEvent('download'), widget.locator('button.w-export', { hasText: 'PNG' }).click()]);
  const bytes = await readFile(await png.path());
  assert.match(png.suggestedFilename(), /\.png$/);
  assert.deepEqual([...bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  assert.deepEqual(browser.errors.filter((e) => !/404|Not Found/.test(e)), []);
});

test('the translate widget\'s figure exports as SVG too, with the translation\'s tokens in it', async () => {
  const widget = page.locator('attnseq-translate:not([view=none])').first();
  await widget.scrollIntoViewIfNeeded();
  const [svg] = await Promise.all([page.waitForEvent('download'), widget.locator('button.w-export', { hasText: 'SVG' }).click()]);
  const svgText = await readFile(await svg.path(), 'utf8');
  assert.match(svgText, /^<\?xml[^>]*>\s*<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  // the drawing's labels (its <text> elements), not anywhere in the file (the embedded stylesheet has text too)
  const unescape = (x) => x.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
  const labels = [...svgText.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => unescape(m[1]));
  const tokens = await widget.evaluate((w) => w.stores.run.get().run.steps.map((s) => s.piece));
  const words = tokens.filter((p) => p.startsWith('▁') && p.length > 1).map((p) => p.slice(1));
  assert.ok(words.length >= 2, tokens.join(' '));
  for (const word of words) assert.ok(labels.includes(word), `«${word}» is a label of the SVG: ${labels.join(' | ')}`);
});

test('the Chinese tutorial: every widget renders, in Chinese', async () => {
  const zh = await browser.context.newPage();
  await zh.setViewportSize({ width: 390, height: 844 });
  try {
    await zh.goto(`${srv.url}examples/tutorial.zh.html`);
    const html = await readFile(path.join(ROOT, 'web/examples/tutorial.zh.html'), 'utf8');
    const expected = (html.match(/<attnseq-(translate|generation|attention)\b/g) ?? []).length;
    assert.equal(await zh.locator(WIDGETS).count(), expected);
    await zh.waitForFunction((sel) => [...document.querySelectorAll(sel)].every((w) => Number(w.dataset.ready ?? 0) >= 1), WIDGETS, { timeout: 180_000, polling: 250 });
    const shown = await zh.evaluate((sel) => [...document.querySelectorAll(sel)].map((w) => ({
      lang: w.shadowRoot.querySelector('.widget').dataset.lang ?? document.documentElement.lang,
      error: w.shadowRoot.querySelector('.w-status.error')?.textContent ?? null,
      step: w.shadowRoot.querySelector('[data-view=step-label]')?.textContent ?? null,
    })), WIDGETS);
    assert.deepEqual(shown.filter((w) => w.error), []);
    assert.ok(shown.some((w) => w.step) && shown.every((w) => w.step === null || /^第 \d+ 步/.test(w.step)), JSON.stringify(shown.map((w) => w.step)));
    // the SVG/PNG buttons say what they do, in Chinese
    const titles = await zh.evaluate((sel) => [...document.querySelectorAll(sel)].flatMap((w) => [...w.shadowRoot.querySelectorAll('button.w-export')].map((b) => b.title)), WIDGETS);
    assert.ok(titles.length && titles.every((x) => /^把这幅图保存为 (SVG 文件|PNG 图片)$/.test(x)), JSON.stringify(titles));
    await zh.screenshot({ path: path.join(ARTIFACTS, 'tutorial-zh-390.png') });
  } finally {
    await zh.close();
  }
});
