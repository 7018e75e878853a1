// What a tutorial author writes by hand: attributes with values the model or the widget lacks are named
// in a note (and replaced by the default), never silently ignored; the scores view's step controls step
// its cards. Uses the shipped catalogue (models/): the default Transformer and the four score-function
// GRUs. Screenshot: artifacts/e2e/widget-attrs.png.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, rm, readFile } from 'node:fs/promises';
import path from 'node:path';
import { launch, serve, screenshot, unnamedTablesAndFigures, ROOT } from './helpers.mjs';

let browser, srv, dir;
after(async () => {
  await browser?.close();
  await srv?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const TEXT = 'I ate an apple.';

test('out-of-range layer/head, unknown view and query are named; an unlisted speed is shown', async () => {
  dir = await mkdtemp(path.join(ROOT, 'web', 'examples', 'tmp-attrs-'));
  await writeFile(path.join(dir, 'index.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>attrs</title><script type="module" src="../../src/widgets.js"></script></head><body><main>
<attnseq-attention id="range" text="${TEXT}" layer="9" head="7" speed="3" controls></attnseq-attention>
<attnseq-attention id="ok" text="${TEXT}" layer="1" head="2"></attnseq-attention>
<attnseq-attention id="view" view="heatmapp" text="${TEXT}"></attnseq-attention>
<attnseq-attention id="query" view="self" query="dog" text="The cat is here."></attnseq-attention>
<attnseq-translate id="tview" view="heat-map" text="${TEXT}"></attnseq-translate>
<attnseq-attention id="scores" view="scores" text="${TEXT}" controls heading-level="4"></attnseq-attention>
<attnseq-attention id="workrnn" view="work" model="gru-attn" text="${TEXT}"></attnseq-attention>
<attnseq-attention id="scoresbad" view="scores" text="${TEXT}" heading-level="9"></attnseq-attention>
<attnseq-attention id="softmax" view="softmax" text="${TEXT}" controls></attnseq-attention>
<attnseq-attention id="softmaxbad" view="softmax" text="${TEXT}" layer="x" head="9"></attnseq-attention>
<attnseq-attention id="selfrange" view="self" layer="9" head="9" text="The cat is here."></attnseq-attention>
<attnseq-attention id="selfheat" view="self-heatmap" layer="0" text="The cat is here."></attnseq-attention>
<attnseq-attention id="ctxrange" view="context" model="gru-attn" layer="2" text="${TEXT}"></attnseq-attention>
<attnseq-translate id="scaled" model="scaled-dot" text="${TEXT}"></attnseq-translate>
<attnseq-translate id="scaledu" model="Scaled_Dot" text="${TEXT}"></attnseq-translate>
<attnseq-translate id="badmodel" model="gru-bahdanau" text="${TEXT}"></attnseq-translate>
<attnseq-translate id="wronglang" model="zh-en-transformer" text="I like cheese."></attnseq-translate>
<attnseq-translate id="italian" text="Mi piace molto il formaggio."></attnseq-translate>
<attnseq-attention id="softmaxrnn" view="softmax" model="gru-attn" text="${TEXT}"></attnseq-attention>
<attnseq-translate id="long" text="${'I ate an apple. '.repeat(120)}"></attnseq-translate>
</main></body></html>`);
  srv = await serve();
  browser = await launch({ reducedMotion: 'reduce' });
  const { page } = browser;
  await page.goto(new URL(`examples/${path.basename(dir)}/index.html`, srv.url).href);
  await page.waitForFunction(() => [...document.querySelectorAll('attnseq-attention, attnseq-translate:not(#long)')].every((e) => e.dataset.ready), null, { timeout: 120_000 });
  const note = (id) => page.evaluate((id) => document.getElementById(id).shadowRoot.querySelector('.w-note').textContent, id);
  const viewState = (id) => page.evaluate((id) => document.getElementById(id).stores.view.get(), id);
  const model = await page.evaluate(() => document.getElementById('range').stores.run.get().run.model);

  // layer 9 / head 7 of a model with fewer: both named with the range, both shown at their defaults
  const n = await note('range');
  assert.match(n, new RegExp(`layer="9" is not in this model \\(1–${model.decLayers}\\)`));
  assert.match(n, new RegExp(`head="7" is not in this model \\(1–${model.heads}\\)`));
  const v = await viewState('range');
  assert.equal(v.layer, 'alignment');
  assert.equal(v.head, 'mean');
  // the picker names what the figure shows
  assert.equal(await page.evaluate(() => document.getElementById('range').shadowRoot.querySelector('select[name=layer]').value), 'alignment');
  // speed="3" is not one of the menu's speeds: listed and selected rather than showing 0.5×
  assert.equal(await page.evaluate(() => document.getElementById('range').shadowRoot.querySelector('select[name=speed]').value), '3');
  // valid attributes: no note, the layer and head asked for
  assert.equal(await note('ok'), '');
  assert.deepEqual([(await viewState('ok')).layer, (await viewState('ok')).head], [0, 1]);

  // an unknown view: named with the list, the default figure drawn
  assert.match(await note('view'), /view="heatmapp" is not a view of this widget \(lines, heatmap, .*\): showing lines/);
  assert.equal(await page.evaluate(() => !!document.getElementById('view').shadowRoot.querySelector('attnseq-attention-lines')), true);
  assert.match(await note('tview'), /view="heat-map" is not a view of this widget \(lines, heatmap, none\): showing lines/);
  assert.equal(await page.evaluate(() => !!document.getElementById('tview').shadowRoot.querySelector('attnseq-attention-lines')), true);

  // a query that is not a source token: named, the first token shown
  assert.match(await note('query'), /query="dog" is not a token of the sentence: showing «The»/);
  assert.equal((await viewState('query')).query, 0);

  // the scores view: the cards open at step 1 and follow the step controls
  const steps = () => page.evaluate(() => [...document.getElementById('scores').shadowRoot.querySelectorAll('.sc-step')].map((e) => e.textContent));
  await page.waitForFunction(() => document.getElementById('scores').shadowRoot.querySelectorAll('.sc-card').length === 4, null, { timeout: 120_000 });
  assert.equal((await page.evaluate(() => document.getElementById('scores').stores.playback.get().index)), 0);
  for (const s of await steps()) assert.match(s, /^Step 1 /);
  await page.evaluate(() => document.getElementById('scores').shadowRoot.querySelector('[data-action="next"]').click());
  await page.waitForFunction(() => [...document.getElementById('scores').shadowRoot.querySelectorAll('.sc-step')].every((e) => /^Step 2 /.test(e.textContent)), null, { timeout: 10_000 });
  assert.match(await page.evaluate(() => document.getElementById('scores').shadowRoot.querySelector('.pb-count').textContent), /^Step 2 \//);
  // keyboard: the step controls keep the focus inside the widget's shadow root after each step
  await page.evaluate(() => /** @type {HTMLElement} */ (document.getElementById('scores').shadowRoot.querySelector('input[name=step]')).focus());
  for (const n of [3, 4]) {
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((n) => document.getElementById('scores').stores.playback.get().index === n - 1, n, { timeout: 10_000 });
    assert.equal(await page.evaluate(() => document.getElementById('scores').shadowRoot.activeElement?.getAttribute('name')), 'step', `after the step to ${n}`);
  }
  await page.evaluate(() => /** @type {HTMLElement} */ (document.getElementById('scores').shadowRoot.querySelector('[data-action="prev"]')).focus());
  for (const n of [3, 2]) {
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.getElementById('scores').stores.playback.get().index === n - 1, n, { timeout: 10_000 });
    assert.equal(await page.evaluate(() => document.getElementById('scores').shadowRoot.activeElement?.dataset.action), 'prev', `after the step back to ${n}`);
  }
  // heading-level="4": the cards' titles are h4
  assert.equal(await page.evaluate(() => document.getElementById('scores').shadowRoot.querySelectorAll('.sc-card > h4').length), 4);
  // heading-level="9": named, h3
  await page.waitForFunction(() => document.getElementById('scoresbad').shadowRoot.querySelectorAll('.sc-card').length === 4, null, { timeout: 120_000 });
  assert.equal(await note('scoresbad'), 'heading-level="9" is not a heading level (2–6): the cards\' titles are h3.');
  assert.equal(await page.evaluate(() => document.getElementById('scoresbad').shadowRoot.querySelectorAll('.sc-card > h3').length), 4);
  // the KV-cache view of an RNN: says why it has nothing to show, no empty chart
  assert.match(await note('workrnn'), /key\/value cache belongs to a Transformer decoder; .* is an RNN/);
  assert.equal(await page.evaluate(() => document.getElementById('workrnn').shadowRoot.querySelector('attnseq-work-counter').hidden), true);
  // the softmax view of a Transformer with no layer/head: it names the head shown and, with no picker in a
  // widget, the attributes that choose another
  if (model.arch === 'transformer') {
    assert.match(await page.evaluate(() => document.getElementById('softmax').shadowRoot.querySelector('attnseq-softmax-step').textContent),
      new RegExp(`layer ${model.decLayers}, head 1 of ${model.heads} \\(every head has its own scores: the widget's layer and head attributes choose another\\)`));
  }
  // softmax reads the layer and head too: bad values named, the default shown (no "layer NaN")
  if (model.arch === 'transformer') {
    const bad = await note('softmaxbad');
    assert.match(bad, /layer="x" is not in this model/);
    assert.match(bad, new RegExp(`head="9" is not in this model \\(1–${model.heads}\\)`));
    assert.doesNotMatch(await page.evaluate(() => document.getElementById('softmaxbad').shadowRoot.querySelector('attnseq-softmax-step').textContent), /NaN/);
  }
  // self-attention reads the layer and head too: a layer or head the encoder lacks is named, the default shown
  if (model.arch === 'transformer') {
    const selfNote = await note('selfrange');
    assert.match(selfNote, new RegExp(`layer="9" is not in this model \\(1–${model.encLayers}\\)`));
    assert.match(selfNote, new RegExp(`head="9" is not in this model \\(1–${model.heads}\\)`));
    assert.deepEqual([(await viewState('selfrange')).encLayer, (await viewState('selfrange')).encHead], [0, 'mean']);
    assert.match(await note('selfheat'), new RegExp(`layer="0" is not in this model \\(1–${model.encLayers}\\)`));
  }
  // an RNN has one layer: the context view names layer="2"
  assert.match(await note('ctxrange'), /layer="2" is not in this model \(1–1\)/);
  // a kind spelled as the catalogue's ids spell it (en-fr-gru-scaled-dot), in any case: that model, no note
  const status = (id) => page.evaluate((id) => document.getElementById(id).shadowRoot.querySelector('.w-status').textContent, id);
  for (const id of ['scaled', 'scaledu']) {
    assert.equal(await page.evaluate((id) => document.getElementById(id).stores.model.get().modelId, id), 'en-fr-gru-scaled-dot', id);
    assert.equal(await status(id), '', `${id}: no note`);
  }
  // a name that is no model's: said so (not "not installed"), with the names accepted
  // text in another language than the model reads (issue 29): translated (the author chose it) and said so,
  // with the model that reads it; a language no model reads is named as such
  await page.waitForFunction(() => /looks like/.test(document.getElementById('wronglang').shadowRoot.querySelector('.w-status').textContent), null, { timeout: 60_000 });
  assert.match(await status('wronglang'), /^The text looks like English, but Chinese → English, Transformer reads Chinese, so the translation below means little; English → Chinese, Transformer reads English\.$/);
  await page.waitForFunction(() => /looks like/.test(document.getElementById('italian').shadowRoot.querySelector('.w-status').textContent), null, { timeout: 60_000 });
  assert.match(await status('italian'), /looks like Italian, .* no model here reads Italian\.$/);
  const bad = await status('badmodel');
  assert.match(bad, /^model="gru-bahdanau" names no model here: showing .+\. Accepted: a model of the catalogue \((.+)\) or a kind \((.+)\)\.$/);
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'models', 'manifest.json'), 'utf8'));
  for (const m of manifest.models) assert.ok(bad.includes(m.id), `${m.id} is listed`);
  assert.match(bad, /transformer, gru-attn, noattn, conv, additive, dot, general, scaled-dot\)/);
  // the softmax panel's sum is over a Transformer head's value vectors v_j, an RNN's encoder states h_j
  const formula = (id) => page.evaluate((id) => [...document.getElementById(id).shadowRoot.querySelectorAll('attnseq-softmax-step p.sm-formula')].at(-1).textContent, id);
  if (model.arch === 'transformer') {
    assert.match(await formula('softmax'), /Σ_j α_j · v_j$/);
    assert.match(await page.evaluate(() => document.getElementById('softmax').shadowRoot.querySelector('.sm-c').textContent), /Σ_j α_j · v_j/);
  }
  assert.match(await formula('softmaxrnn'), /c = Σ_j α_j · h_j$/);
  // a text the engine refuses (too long): the reason, and no SVG/PNG buttons under the empty figure
  await page.waitForFunction(() => document.getElementById('long').shadowRoot.querySelector('.w-status.error'), null, { timeout: 60_000 });
  assert.match(await page.evaluate(() => document.getElementById('long').shadowRoot.querySelector('.w-status').textContent), /too long/);
  assert.equal(await page.evaluate(() => document.getElementById('long').shadowRoot.querySelector('.export').checkVisibility()), false);
  assert.equal(await page.evaluate(() => document.getElementById('ok').shadowRoot.querySelector('.export').checkVisibility()), true);
  // every table (the cards' top-3 tables and heatmaps) has an accessible name
  assert.deepEqual(await unnamedTablesAndFigures(page), []);
  await screenshot(page, 'widget-attrs');
});
