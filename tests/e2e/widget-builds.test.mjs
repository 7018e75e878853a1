// The widgets as a tutorial author gets them: `npm run build:widgets -- --models all` and `npm run
// build:site` (both written to a temporary folder), served by a plain static server (Python's
// http.server), with an author's page beside attnseq-widgets.js that uses every view of
// web/examples/README.md. Every widget shows its figure (no error, no note), the score cards show each
// model's test BLEU from the evaluation data the build copied (docs/eval/<id>.json → <build>/eval/),
// and the server answered no request with a 404. Screenshots: artifacts/e2e/build-widgets-all.png,
// build-site-widgets.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch, screenshot, ROOT, WIDGETS } from './helpers.mjs';
import { pythonServer } from './static-server.mjs';
import { buildWidgets } from '../../scripts/build_widgets.mjs';
import * as site from '../../scripts/build_site.mjs';

const { buildSite } = site;

const EN = 'I ate an apple.';
// Every view of the README's attribute table, as an author writes them.
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>author</title><link rel="icon" href="data:,">
<script type="module" src="attnseq-widgets.js"></script></head><body><main>
<attnseq-translate text="You should wear shoes."></attnseq-translate>
<attnseq-translate view="heatmap" text="${EN}"></attnseq-translate>
<attnseq-generation text="You should wear shoes."></attnseq-generation>
<attnseq-attention view="lines" text="${EN}" controls></attnseq-attention>
<attnseq-attention view="heatmap" text="${EN}"></attnseq-attention>
<attnseq-attention model="transformer" view="self" query="it" text="The cat drank the milk because it was hungry."></attnseq-attention>
<attnseq-attention model="transformer" view="self-heatmap" text="The cat drank the milk because it was hungry."></attnseq-attention>
<attnseq-attention model="gru-attn" view="softmax" step="2" text="${EN}"></attnseq-attention>
<attnseq-attention model="noattn" view="context" text="${EN}"></attnseq-attention>
<attnseq-attention view="scores" text="${EN}" controls></attnseq-attention>
<attnseq-attention model="transformer" view="work" text="${EN}"></attnseq-attention>
<attnseq-attention model="zh-en-transformer" view="lines" text="你应该穿鞋。"></attnseq-attention>
</main></body></html>`;

let tmp, server, browser;
before(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'attnseq-builds-'));
  await buildWidgets({ out: path.join(tmp, 'widgets'), models: 'all' });
  await buildSite({ out: path.join(tmp, 'site') });
  for (const d of ['widgets', 'site']) await writeFile(path.join(tmp, d, 'author.html'), PAGE);
  server = await pythonServer(tmp);
  browser = await launch({ reducedMotion: 'reduce' });
});
after(async () => {
  await browser?.close();
  await server?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** The test BLEU of a model as the score cards print it, from the repository's evaluation data. */
async function bleuOf(id) {
  const d = JSON.parse(await readFile(path.join(ROOT, 'docs', 'eval', `${id}.json`), 'utf8'));
  return d.greedy.bleu.toFixed(1);
}

async function checkAuthorPage(dir, shot) {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  const before = server.log.length;
  try {
    await page.goto(`${server.url}${dir}/author.html`);
    await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].every((w) => Number(w.dataset.ready ?? 0) >= 1
      || w.shadowRoot?.querySelector('.w-status.error')), WIDGETS, { timeout: 240_000, polling: 250 });
    await page.waitForFunction(() => document.querySelector('attnseq-attention[view=scores]').shadowRoot.querySelectorAll('.sc-card').length === 4
      && document.querySelector('attnseq-attention[view=work]').stores.work.get().uncached.length > 0, null, { timeout: 180_000 });
    const shown = await page.evaluate((sel) => [...document.querySelectorAll(sel)].map((w) => ({
      what: `${w.tagName.toLowerCase()} ${w.getAttribute('view') ?? ''} ${w.getAttribute('model') ?? ''}`,
      status: w.shadowRoot.querySelector('.w-status')?.textContent ?? '',
      note: w.shadowRoot.querySelector('.w-note')?.textContent ?? '',
      drawn: w.shadowRoot.querySelectorAll('svg.fig, table, .loop-row, .sc-card, attnseq-topk li').length,
      model: w.stores.model.get().modelId,
    })), WIDGETS);
    for (const w of shown) {
      assert.equal(w.status, '', `${w.what}: status line`);
      assert.equal(w.note, '', `${w.what}: note`);
      assert.ok(w.drawn > 0, `${w.what}: its figure`);
    }
    assert.deepEqual(shown.filter((w) => / (transformer|gru-attn|noattn|zh-en-transformer)$/.test(w.what)).map((w) => w.model),
      ['en-fr-transformer', 'en-fr-transformer', 'en-fr-gru-attn', 'en-fr-gru-noattn', 'en-fr-transformer', 'zh-en-transformer'], 'the models named');
    // the score cards: each model's test BLEU, from <build>/eval/
    const cards = await page.evaluate(() => [...document.querySelector('attnseq-attention[view=scores]').shadowRoot.querySelectorAll('.sc-card')]
      .map((c) => ({ kind: c.dataset.kind, bleu: c.querySelector('.sc-bleu').textContent })));
    const ids = { additive: 'en-fr-gru-attn', dot: 'en-fr-gru-dot', general: 'en-fr-gru-general', scaled_dot: 'en-fr-gru-scaled-dot' };
    for (const c of cards) assert.match(c.bleu, new RegExp(`^Test BLEU ${(await bleuOf(ids[c.kind])).replace('.', '\\.')}; by English length`), `${c.kind}: ${c.bleu}`);
    await screenshot(page, shot);
    const missing = server.log.slice(before).filter((l) => /" 404 /.test(l));
    assert.deepEqual(missing, [], 'no request answered 404');
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
}

test('build:widgets --models all: every view of the README works, the score cards with their BLEU', async () => {
  for (const id of ['en-fr-gru-attn', 'en-fr-gru-dot', 'en-fr-gru-general', 'en-fr-gru-scaled-dot']) {
    assert.ok(existsSync(path.join(tmp, 'widgets', 'eval', `${id}.json`)), `eval/${id}.json beside the widgets`);
  }
  await checkAuthorPage('widgets', 'build-widgets-all');
});

test('build:site: the one-module widgets at its root work with every view too', async () => {
  assert.ok(existsSync(path.join(tmp, 'site', 'eval', 'en-fr-gru-dot.json')), 'eval/ beside the widgets');
  assert.ok(existsSync(path.join(tmp, 'site', 'docs', 'eval', 'en-fr-gru-dot.json')), 'docs/eval/ for the demo');
  await checkAuthorPage('site', 'build-site-widgets');
});

test('build:widgets with the default model only: the evaluation data is there too', async () => {
  const out = path.join(tmp, 'widgets-default');
  await buildWidgets({ out, models: 'default' });
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'models', 'manifest.json'), 'utf8'));
  for (const m of manifest.models) {
    if (existsSync(path.join(ROOT, 'docs', 'eval', `${m.id}.json`))) assert.ok(existsSync(path.join(out, 'eval', `${m.id}.json`)), `eval/${m.id}.json`);
  }
});

test('the docs say how to build into another folder, and what a cross-origin embed needs from the host', async () => {
  const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
  assert.match(readme, /npm run build:site -- --out DIR/);
  assert.match(readme, /npm run build:widgets -- --out DIR/);
  // next to the static-server hint: another origin needs Access-Control-Allow-Origin, which serve.mjs sends and http.server does not
  const para = readme.split(/\n\n/).find((p) => p.includes('python3 -m http.server -d build/site'));
  assert.ok(para, 'README: the static-server hint');
  assert.match(para.replace(/\s+/g, ' '), /another\*? origin.*Access-Control-Allow-Origin.*scripts\/serve\.mjs` sends and `python3 -m http\.server` does not/);
  const widgets = await readFile(path.join(ROOT, 'web', 'examples', 'README.md'), 'utf8');
  assert.match(widgets.replace(/\s+/g, ' '), /`python3 -m http\.server` does not send `Access-Control-Allow-Origin`/);
  assert.match(widgets.replace(/\s+/g, ' '), /-- --out DIR/);
  // and the build says it where it prints the http.server hint
  assert.equal(typeof site.hints, 'function', 'build_site.mjs prints its hints from hints()');
  const printed = site.hints('/tmp/x').join('\n');
  assert.match(printed, /python3 -m http\.server/);
  assert.match(printed, /Access-Control-Allow-Origin.*serve\.mjs --dir "\/tmp\/x" sends it, python3 -m http\.server does not/);
});
