// Core, in every engine: the demo page loads the default model, translates its example at once and a
// typed sentence on Translate, each as the native CLI does, draws the heatmap (source × target cells),
// fits a phone's and a laptop's width, and logs no error. Screenshots: <engine>-demo-{1280,390}.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, testModel } from '../helpers.mjs';
import { LAPTOP, PHONE, cli, demoState, waitForRun, errorsFrom } from './page.mjs';

const SENTENCE = 'The cat drank the milk because it was hungry.';
const MADE_UP = 'Blorfing zendrax quimble trossed the vorpish glimmerwock.';

export function demoTests(ctx) {
  test(`${ctx.engine}: the demo translates as the native CLI does, at 1280 and 390 px, without errors`, async () => {
    const d = ctx.driver;
    const errors = await errorsFrom(d);
    const model = testModel();
    const srv = await serve({ modelsDir: model.modelsDir });
    try {
      await d.setViewport(LAPTOP);
      await d.goto(`${srv.url}?nosw&speed=8&model=${encodeURIComponent(model.id)}`);
      await waitForRun(d, 1);
      let s = await demoState(d);
      assert.ok(s.text.length > 0, 'an example sentence');
      assert.equal(s.shown, cli(model.file, s.text), 'the example, translated at once');
      await d.fill('#text', SENTENCE);
      await d.click('#translate');
      await waitForRun(d, 2);
      s = await demoState(d);
      assert.equal(s.text, SENTENCE);
      assert.equal(s.shown, cli(model.file, SENTENCE), 'the typed sentence');
      assert.ok(s.steps > 3 && s.sources > 3, `a real run: ${s.steps} steps, ${s.sources} source tokens`);
      assert.equal(s.cells, s.steps * s.sources, 'the heatmap: a cell per target × source token');
      if (model.confidence) {
        // the unsure marks are drawn in every engine (WebKitGTK dropped the text-decoration shorthand)
        await d.fill('#text', MADE_UP);
        await d.click('#translate');
        await waitForRun(d, 3);
        const lines = await d.evaluate(() => [...document.querySelectorAll('#translation .unsure')]
          .map((el) => getComputedStyle(el).textDecorationLine));
        assert.ok(lines.length > 0, 'made-up words come out with words marked unsure');
        assert.ok(lines.every((l) => l.includes('underline')), `each marked word is underlined: ${JSON.stringify(lines)}`);
      }
      for (const size of [LAPTOP, PHONE]) {
        await d.setViewport(size);
        const w = await d.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => r({
          scroll: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth }))), null, { timeout: 10_000 });
        assert.equal(w.scroll, w.viewport, `at ${size.width} px nothing widens the page`);
        await d.screenshot(`demo-${size.width}`);
      }
      assert.deepEqual(await errors(), [], 'no console error, exception or unhandled rejection');
    } finally {
      await srv.close();
    }
  });
}
