// The seed's argument as widgets (issue 30): view="paths" (path length in the shipped encoders),
// view="interventions" (tokens and heads switched off, decoded again) and view="memory" (the engine's
// sensitivity()), and the conv model in a widget. Every figure is checked against the same computation
// in Node (the engine's WebAssembly module, app/paths.js over the catalogue), never against a number
// written here; axe-core finds nothing on the page. Screenshot: artifacts/e2e/seed-views.png.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, rm, readFile } from 'node:fs/promises';
import path from 'node:path';
import { launch, serve, screenshot, axeViolations, waitForWidgets, waitForRunEnd, pageErrorsOf, cliTranslate, ROOT } from './helpers.mjs';
import { Translator } from '../../web/src/index.js';
import { pathOf, tokenIndex } from '../../web/src/app/paths.js';
import { lookup, words } from '../../web/src/app/ngram.js';

const manifest = JSON.parse(await readFile(path.join(ROOT, 'models/manifest.json'), 'utf8'));
const file = (pred) => path.join(ROOT, 'models', manifest.models.find(pred).file);
const LONG = 'Several distributor transformers had fallen from the poles, and linemen were at work on them.';
const ZH = '秋蝉的衰弱的残声，更是北国的特产，因为北平处处全长着树，屋子又低，所以无论在什么地方，都听得见它们的啼唱。';
const IT = 'The cat drank the milk because it was hungry.';
const APPLE = 'I ate an apple and then a banana.';

let browser, srv, dir;
const loaded = [];
after(async () => {
  await browser?.close();
  await srv?.close();
  for (const t of loaded) t.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});
const load = async (p) => { const t = await Translator.load(p, { worker: false }); loaded.push(t); return t; };

test('paths, interventions, memory and the conv model as widgets, against the engine in Node', async () => {
  dir = await mkdtemp(path.join(ROOT, 'web', 'examples', 'tmp-seed-'));
  await writeFile(path.join(dir, 'index.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>seed views</title><script type="module" src="../../src/widgets.js"></script></head><body><main><h1>seed views</h1>
<attnseq-attention id="paths" view="paths" text="${LONG}" from="Several" to="them"></attnseq-attention>
<attnseq-attention id="pathszh" view="paths" model="zh-en-transformer" text="${ZH}" from="它们" to="nowhere"></attnseq-attention>
<attnseq-attention id="iv" view="interventions" text="${IT}" off="cat milk" heads-off="2.1"></attnseq-attention>
<attnseq-attention id="ivgru" view="interventions" model="gru-attn" text="${APPLE}" off="banana"></attnseq-attention>
<attnseq-attention id="mem" view="memory" model="noattn" text="${APPLE}"></attnseq-attention>
<attnseq-translate id="conv" model="en-fr-conv" text="${APPLE}"></attnseq-translate>
<attnseq-attention id="ngram" view="ngram" model="zh-en-transformer" text="我想去北京。" step="4" controls></attnseq-attention>
</main></body></html>`);
  srv = await serve();
  browser = await launch({ reducedMotion: 'reduce' });
  const { page } = browser;
  const errors = pageErrorsOf(browser);  // (a model without evaluation data answers 404 for docs/eval/<id>.json)
  // what each figure held when its widget said it was ready (attnseq-ready): an author's page that
  // waits for the event must find it drawn (WebKit, slower, once showed an empty memory figure)
  await page.addInitScript(() => {
    globalThis.readyFigures = {};
    document.addEventListener('attnseq-ready', (e) => {
      const v = /** @type {any} */ (e.target).shadowRoot?.querySelector('[part=figure]');
      globalThis.readyFigures[/** @type {any} */ (e.target).id] = v?.data == null ? null : !v.data.pending;
    });
  });
  await page.goto(new URL(`examples/${path.basename(dir)}/index.html`, srv.url).href);
  await waitForWidgets(page);
  assert.deepEqual(await page.evaluate(() => globalThis.readyFigures), { paths: true, pathszh: true, iv: true, ivgru: true, mem: true, conv: true, ngram: true },
    'each figure drawn when its widget is ready');
  const shadow = (id, fn, arg) => page.evaluate(([id, src, arg]) => (0, eval)(src)(document.getElementById(id).shadowRoot, arg), [id, String(fn), arg]);

  // paths: each scheme's step count is app/paths.js over the catalogue's encoders, for the tokens the widget shows
  const shownPaths = (id) => shadow(id, (root) => {
    const v = root.querySelector('attnseq-paths');
    return { tokens: v.data.tokens, from: Number(root.querySelector('select.paths-from').value), to: Number(root.querySelector('select.paths-to').value),
      steps: [...root.querySelectorAll('.path')].map((s) => [s.dataset.scheme, s.querySelector('.path-steps')?.dataset.steps ?? null]) };
  });
  const expect = (p, src) => ['conv', 'rnn', 'self-attention'].map((kind) => {
    const e = manifest.models.filter((m) => m.encoder.kind === kind).sort((a, b) => (a.src === src ? 0 : 1) - (b.src === src ? 0 : 1))[0];
    return [kind, String(pathOf(e.encoder, p.from, p.to, p.tokens.length).steps ?? 'none')];
  });
  let p = await shownPaths('paths');
  assert.equal(p.from, tokenIndex(p.tokens, 'Several'));
  assert.equal(p.to, tokenIndex(p.tokens, 'them'));
  assert.ok(p.from >= 0 && p.to > p.from);
  assert.deepEqual(p.steps, expect(p, 'en'));
  const conv = manifest.models.find((m) => m.arch === 'conv').encoder;
  assert.ok(p.to - p.from > conv.layers * (conv.kernel - 1), 'the long sentence is out of the conv stack\'s reach');
  assert.equal(p.steps[0][1], 'none');
  // the reader picks a nearer token: the windows now meet
  await page.locator('#paths').locator('select.paths-to').selectOption(String(p.from + 3));
  await page.waitForFunction(() => document.getElementById('paths').shadowRoot.querySelector('.path-conv .path-steps')?.dataset.steps !== 'none');
  p = await shownPaths('paths');
  assert.deepEqual(p.steps, expect(p, 'en'));
  assert.equal(p.steps[1][1], '3');
  // the convolution figure's layer numbers stand clear of its cells (they were drawn under the first column)
  const clash = await shadow('paths', (r) => {
    const svg = r.querySelector('.path-conv svg');
    const cells = [...svg.querySelectorAll('rect.cell')].map((c) => c.getBoundingClientRect());
    return [...svg.querySelectorAll('text.lay')].filter((l) => {
      const b = l.getBoundingClientRect();
      return b.left < svg.getBoundingClientRect().left || cells.some((c) => b.right > c.left && b.left < c.right && b.bottom > c.top && b.top < c.bottom);
    }).map((l) => l.textContent);
  });
  assert.deepEqual(clash, [], 'conv layer numbers overlap a cell or leave the figure');
  const zh = await shownPaths('pathszh');
  assert.equal(zh.tokens.slice(zh.from, zh.from + 2).join(''), '它们');
  assert.deepEqual(zh.steps, expect(zh, 'zh'));
  assert.match(await shadow('pathszh', (r) => r.querySelector('.w-note').textContent), /nowhere/);
  // a figure wider than its box opens scrolled to the picked tokens (它们 is past the 40th token)
  const inView = await page.waitForFunction(() => {
    const boxes = [...document.getElementById('pathszh').shadowRoot.querySelectorAll('attnseq-paths .fig-scroll')];
    const wide = boxes.filter((b) => b.scrollWidth > b.clientWidth);
    const seen = wide.map((b) => {
      const r = b.getBoundingClientRect(), a = b.querySelector('text.tok.a')?.getBoundingClientRect();
      return !!a && a.left >= r.left && a.right <= r.right;
    });
    return wide.length > 0 && seen.every(Boolean) ? { wide: wide.length } : false;
  }, null, { timeout: 10_000 }).then((h) => h.jsonValue());
  assert.ok(inView.wide >= 1, "the Chinese sentence's figures scroll");

  // interventions: the masked translation is the engine's with the same masks
  const ivDone = (id) => page.waitForFunction((id) => {
    const d = document.getElementById(id).shadowRoot.querySelector('attnseq-interventions')?.data;
    return d && !d.pending && (d.free || d.error);
  }, id, { timeout: 120_000 });
  await ivDone('iv');
  const iv = await shadow('iv', (root) => { const d = root.querySelector('attnseq-interventions').data; return { ...d, original: { ...d.original, rows: null } }; });
  assert.equal(iv.error, null);
  const tf = await load(file((m) => m.id === manifest.default));
  const positions = iv.sourceMask;
  assert.deepEqual(positions.map((j) => iv.source[j]), ['cat', 'milk']);
  assert.deepEqual(iv.headMask, [{ layer: 1, head: 0 }]);
  const masked = await tf.translate(IT, { strategy: 'greedy', sourceMask: positions, headMask: iv.headMask });
  assert.equal(iv.free.text, masked.text);
  assert.equal(iv.original.text, (await tf.translate(IT, { strategy: 'greedy' })).text);
  const summary = await shadow('iv', (r) => r.querySelector('.iv-summary').textContent);
  assert.ok(summary.includes(masked.text), summary);
  // a switch pressed in the page decodes again: head 2.1 back on
  await page.locator('#iv').locator('button[data-layer="1"][data-head="0"]').click();
  await page.waitForFunction(() => document.getElementById('iv').shadowRoot.querySelector('attnseq-interventions').data.headMask.length === 0);
  await ivDone('iv');
  const iv2 = await shadow('iv', (root) => root.querySelector('attnseq-interventions').data.free.text);
  assert.equal(iv2, (await tf.translate(IT, { strategy: 'greedy', sourceMask: positions })).text);

  await ivDone('ivgru');
  const g = await shadow('ivgru', (root) => { const d = root.querySelector('attnseq-interventions').data; return { text: d.free.text, mask: d.sourceMask, forced: d.forced.probabilities, heads: root.querySelectorAll('button[data-layer]').length }; });
  const gru = await load(file((m) => m.arch === 'rnn' && m.attention === 'additive'));
  assert.equal(g.text, (await gru.translate(APPLE, { strategy: 'greedy', sourceMask: g.mask })).text);
  assert.equal(g.heads, 1, 'the GRU\'s one attention');
  const orig = await gru.translate(APPLE, { strategy: 'greedy' });
  const forced = await gru.translate(APPLE, { strategy: 'greedy', sourceMask: g.mask, prefix: orig.tokens.slice(0, -1).map((x) => x.id) });
  assert.ok(Math.abs(g.forced[0] - forced.probabilities[0]) < 1e-6);

  // memory: the widget shows the engine's sensitivity() of the fixed-context GRU
  await page.waitForFunction(() => document.getElementById('mem').shadowRoot.querySelector('.mem-firstlast'), null, { timeout: 120_000 });
  const mem = await shadow('mem', (root) => root.querySelector('attnseq-memory').data);
  const noattn = await load(file((m) => m.attention === 'none'));
  const s = await noattn.sensitivity(APPLE, { strategy: 'greedy' });
  assert.equal(mem.measure, 'fixed');
  assert.deepEqual(mem.change.map((x) => x.toFixed(6)), [...s.change].map((x) => x.toFixed(6)));
  assert.deepEqual(mem.backward.map((x) => x.toFixed(6)), [...s.backward].map((x) => x.toFixed(6)));

  // the conv model in a widget: the engine's translation
  const convText = await shadow('conv', (r) => r.querySelector('output.translation').textContent);
  assert.equal(convText, (await (await load(file((m) => m.arch === 'conv'))).translate(APPLE)).text);

  // ngram: the table's row for the words before step 4, beside the decoder's alternatives there; the controls step it
  const table = JSON.parse(await readFile(path.join(ROOT, 'web/data/ngram-en.json'), 'utf8'));
  const zhSteps = [];
  for await (const x of (await load(file((m) => m.src === 'zh' && m.tgt === 'en'))).generate('我想去北京。', { strategy: 'greedy' })) zhSteps.push(x);
  const ngramAt = async (i) => {
    await page.waitForFunction((i) => document.getElementById('ngram').shadowRoot.querySelector('attnseq-ngram')?.data?.index === i, i, { timeout: 60_000 });
    return shadow('ngram', (root) => ({ data: root.querySelector('attnseq-ngram').data, rows: [...root.querySelectorAll('.ng-counts tbody th')].map((x) => x.textContent) }));
  };
  let ng = await ngramAt(3);
  assert.deepEqual(ng.data.before, words(zhSteps[2].text));
  // (the widget asks the engine's option defaults, which may keep more alternatives than generate()'s)
  assert.deepEqual(ng.data.neural.slice(0, zhSteps[3].alternatives.length).map((a) => `${a.piece} ${a.probability.toFixed(6)}`),
    zhSteps[3].alternatives.map((a) => `${a.piece} ${a.probability.toFixed(6)}`));
  assert.deepEqual(ng.rows, lookup(table, ng.data.before).next.map(([w]) => w));
  await page.evaluate(() => document.getElementById('ngram').stores.playback.set({ index: 1 }));  // (as the controls' seek does)
  ng = await ngramAt(1);
  assert.deepEqual(ng.rows, lookup(table, words(zhSteps[0].text)).next.map(([w]) => w));

  await screenshot(page, 'seed-views');
  assert.deepEqual((await axeViolations(page)).map((v) => `${v.rule} [${v.owner}] ${v.target}: ${v.summary}`), []);
  assert.deepEqual(errors(), []);
});

test('the demo\'s sections: path length follows the sentence; interventions and memory on request, as the CLI computes them', async () => {
  const demo = await launch({ reducedMotion: 'reduce' });
  try {
    const { page } = demo;
    const errors = pageErrorsOf(demo);
    const text = 'The cat drank the milk because it was hungry.';
    await page.goto(`${srv.url}?text=${encodeURIComponent(text)}`);
    await waitForRunEnd(page, 1);
    const paths = await page.evaluate(() => document.getElementById('paths-view').data);
    assert.deepEqual(paths.schemes.map((s) => s.entry.encoder), ['conv', 'rnn', 'self-attention'].map((k) => manifest.models.find((m) => m.encoder.kind === k && m.src === 'en').encoder));
    const steps = await page.evaluate(() => [...document.querySelectorAll('#paths-view .path-steps')].map((p) => p.dataset.steps));
    assert.deepEqual(steps, paths.schemes.map((s) => String(pathOf(s.entry.encoder, paths.from, paths.to, paths.tokens.length).steps ?? 'none')));
    // interventions: the switch for "cat" pressed, the masked translation is the CLI's with --source-mask
    await page.locator('#iv-run').click();
    await page.waitForFunction(() => document.getElementById('iv-view').data?.original, null, { timeout: 120_000 });
    const cat = await page.evaluate(() => document.getElementById('iv-view').data.source.indexOf('cat'));
    await page.locator(`#iv-view button[data-pos="${cat}"]`).click();
    await page.waitForFunction(() => { const d = document.getElementById('iv-view').data; return d.free && !d.pending; }, null, { timeout: 120_000 });
    const model = await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run.model.id);
    const file = path.join(ROOT, 'models', manifest.models.find((m) => m.id === model).file);
    assert.equal(await page.evaluate(() => document.getElementById('iv-view').data.free.text), cliTranslate(file, text, ['--source-mask', String(cat)]));
    // memory: sensitivity() as the CLI's --sensitivity gives it
    await page.locator('#mem-run').click();
    await page.waitForFunction(() => document.getElementById('mem-view').data, null, { timeout: 120_000 });
    const mem = await page.evaluate(() => document.getElementById('mem-view').data);
    const cli = JSON.parse(cliTranslate(file, text, ['--sensitivity']));
    assert.equal(mem.measure, cli.measure);
    assert.deepEqual(mem.change.map((x) => x.toFixed(5)), cli.change.map((x) => x.toFixed(5)));
    await screenshot(page, 'seed-demo');
    const sections = await axeViolations(page);
    assert.deepEqual(sections.map((v) => `${v.rule} [${v.owner || 'page'}] ${v.target}: ${v.summary}`), []);
    assert.deepEqual(errors(), []);
  } finally {
    await demo.close();
  }
});
