// Core, in every engine: every widget of the tutorial (web/examples/tutorial.html) renders: each one
// of the page is there, none says an error, each shows its run, a translation is the native CLI's for
// the widget's model and text, and a figure has a row per target token and a column per source token
// (heatmap) or a box per target token (lines). No console error. Screenshots: <engine>-tutorial-{1280,390}.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, serve, testModel } from '../helpers.mjs';
import { LAPTOP, PHONE, WIDGETS, cli, modelFile, waitForWidgets, errorsFrom } from './page.mjs';

export function widgetTests(ctx) {
  test(`${ctx.engine}: every widget of the tutorial renders what the engine computed`, async () => {
    const d = ctx.driver;
    const errors = await errorsFrom(d);
    const srv = await serve({ modelsDir: testModel().modelsDir });
    try {
      await d.setViewport(LAPTOP);
      await d.goto(`${srv.url}examples/tutorial.html`);
      const html = readFileSync(path.join(ROOT, 'web/examples/tutorial.html'), 'utf8');
      const expected = (html.match(/<attnseq-(translate|generation|attention)\b/g) ?? []).length;
      assert.equal(await d.evaluate((sel) => document.querySelectorAll(sel).length, WIDGETS), expected, 'every widget of the page');
      await waitForWidgets(d);
      const shown = await d.evaluate((sel) => [...document.querySelectorAll(sel)].map((w) => {
        const r = w.shadowRoot, run = w.stores?.run.get().run;
        const heat = r?.querySelector('attnseq-heatmap table.heatmap');
        return {
          tag: w.tagName.toLowerCase(), view: w.getAttribute('view'), defined: !!customElements.get(w.tagName.toLowerCase()),
          error: r?.querySelector('.w-status.error')?.textContent ?? null, model: w.stores?.model.get().modelId ?? null,
          text: run?.text ?? null, output: run?.output ?? null, done: !!run?.done, visible: r?.querySelector('output')?.textContent ?? null,
          steps: run?.steps.length ?? 0, sources: run?.sourceTokens.length ?? 0,
          heatRows: heat ? heat.querySelectorAll('tbody tr').length : null, heatCols: heat ? heat.querySelectorAll('thead th').length : null,
          boxes: r?.querySelectorAll('attnseq-attention-lines .fig-tgt').length ?? 0,
          figures: r ? r.querySelectorAll('svg, table').length : 0, note: r?.querySelector('.w-note')?.textContent ?? '',
          figureShown: !!r?.querySelector('[part=figure]') && !r.querySelector('[part=figure]').hidden, arch: run?.model?.arch ?? null,
        };
      }), WIDGETS);
      for (const w of shown) {
        const what = `${w.tag} ${w.view ?? ''} (${w.model}: ${w.text})`;
        assert.ok(w.defined, `${w.tag} is defined`);
        assert.equal(w.error, null, what);
        assert.ok(w.done, `${what}: a finished run`);
        assert.equal(w.output, cli(modelFile(w.model), w.text), `${what}: the CLI's translation`);
        if (w.visible !== null) assert.equal(w.visible, w.output, `${what}: the translation shown`);
        const self = (w.view ?? '').startsWith('self');
        if (w.tag !== 'attnseq-attention') assert.ok(w.figures > 0, `${what}: a figure`);
        else {
          // only a view an RNN cannot show (self-attention, the KV cache) goes without its figure, saying why
          if ((self || w.view === 'work') && w.arch !== 'transformer') {
            assert.match(w.note, /needs a Transformer model|belongs to a Transformer decoder/, `${what}: says why there is no figure`);
            assert.ok(!w.figureShown, `${what}: no figure`);
          } else {
            assert.ok(w.figureShown && w.figures > 0, `${what}: its figure shown`);
            assert.equal(w.note, '', `${what}: no note (every attribute of the tutorial is valid)`);
          }
        }
        if (w.heatRows !== null && !self && w.view !== 'scores') assert.deepEqual([w.heatRows, w.heatCols], [w.steps, w.sources], `${what}: heatmap rows × columns`);
        if (w.boxes && !self) assert.equal(w.boxes, w.steps, `${what}: a box per target token`);
      }
      assert.ok(shown.filter((w) => w.boxes).length >= 3 && shown.some((w) => w.heatRows), 'lines and heatmap figures among them');
      for (const size of [LAPTOP, PHONE]) {
        await d.setViewport(size);
        await d.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
        await d.screenshot(`tutorial-${size.width}`);
      }
      assert.deepEqual(await errors(), [], 'no console error, exception or unhandled rejection');
    } finally {
      await srv.close();
    }
  });
}
