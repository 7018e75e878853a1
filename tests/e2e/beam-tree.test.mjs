// The beam tree (web/src/components/beam-tree.js) on the demo, at 1280 × 900 and 390 × 844: every
// candidate shown carries its whole token (the label read from the DOM equals the token of the trace,
// and fits its box), and a wide tree (16 steps and more, beam sizes 4 and 16) is legible without
// sideways scrolling: the figure fits its box and is drawn at its own size (no scaling down).
// Screenshots: artifacts/e2e/beam-tree-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { launch, serve, testModel, waitForRunEnd, demoTranslate, screenshot, ARTIFACTS } from './helpers.mjs';
import { pieceText } from '../../web/src/state/text.js';

const model = testModel();
// Long enough for a tree of 16 steps or more.
const LONG = 'Last summer my brother and I walked from the old station to the little village by the sea.';
let srv;

before(async () => { srv = await serve({ modelsDir: model.modelsDir }); });
after(async () => { await srv?.close(); });

const CASES = [
  { viewport: { width: 1280, height: 900 }, beamSize: 4 },
  { viewport: { width: 390, height: 844 }, beamSize: 4 },
  { viewport: { width: 390, height: 844 }, beamSize: 16 },
];

for (const { viewport, beamSize } of CASES) {
  test(`beam ${beamSize} at ${viewport.width} px: whole tokens, no sideways scrolling`, async (t) => {
    const browser = await launch({ viewport });
    try {
      const { page } = browser;
      await page.goto(`${srv.url}?nosw&speed=8&model=${encodeURIComponent(model.id)}`);
      await waitForRunEnd(page, 1);
      await demoTranslate(page, LONG, 2, { strategy: 'beam', beamSize });
      const trace = await page.evaluate(() => globalThis.attnseqDemo.stores.run.get().run.beamTrace);
      // The n-best list has as many entries as "Hypotheses returned" asks for (default 1), and says what its scores are.
      const asked = Number(await page.locator('input[name=numHypotheses]').inputValue());
      assert.equal(await page.locator('#hypotheses li').count(), asked);
      assert.match(await page.locator('#hyp-note').textContent(), new RegExp(`^${asked} returned.*length\\^`));
      if (beamSize === 4) {
        await page.locator('input[name=numHypotheses]').fill('3');
        await page.locator('#translate').click();
        await waitForRunEnd(page, 3);
        assert.equal(await page.locator('#hypotheses li').count(), 3);
      }
      assert.ok(trace.length >= 16, `a wide tree: ${trace.length} steps`);
      const fig = await page.locator('#fig-beam').evaluate((el) => {
        const scroller = el.querySelector('.fig-scroll'), svg = scroller.querySelector('svg');
        const nodes = [...svg.querySelectorAll('.beam-node:not(.beam-ghost)')].map((g) => {
          const rect = g.querySelector('rect').getBoundingClientRect();
          const label = g.querySelector('.beam-label') ?? g.querySelector('text'), score = g.querySelector('.beam-score') ?? label;
          const lb = label.getBoundingClientRect(), sb = score.getBoundingClientRect();
          return {
            step: Number(g.dataset.step), cand: Number(g.dataset.cand), label: label.textContent,
            fontSize: parseFloat(getComputedStyle(label).fontSize),
            // the text's drawn extent against its box and the score beside it
            inside: lb.left >= rect.left - 0.5 && lb.right <= rect.right + 0.5 && sb.right <= rect.right + 0.5,
            clear: lb.right <= sb.left + 0.5,
          };
        });
        // a band's first column repeated from the row above: its style, and whether it carries the path
        const ghosts = [...svg.querySelectorAll('.beam-node.beam-ghost')].map((g) => ({
          dashed: getComputedStyle(g.querySelector('rect')).strokeDasharray !== 'none', best: g.classList.contains('best') }));
        return {
          nodes, ghosts, box: scroller.clientWidth, scrollWidth: scroller.scrollWidth,
          drawn: svg.getBoundingClientRect().width, own: Number(svg.getAttribute('width')),
        };
      });
      // A wrapped tree repeats the last column of a row at the start of the next, faded: never dashed
      // (the legend's sign for pruned), and the returned path stays outlined through it.
      assert.deepEqual(fig.ghosts.filter((g) => g.dashed), [], 'repeated nodes are not drawn as pruned');
      if (fig.ghosts.length) assert.ok(fig.ghosts.some((g) => g.best), 'the returned path runs through the repeated column');
      // Legible without sideways scrolling: the figure fits its box at its own size.
      assert.ok(fig.scrollWidth <= fig.box, `the tree fits its box (${fig.scrollWidth} px in ${fig.box} px)`);
      assert.ok(Math.abs(fig.drawn - fig.own) < 1, `drawn at its own size (${fig.drawn} px for ${fig.own} px), not scaled down`);
      // Every label is a whole token of the trace (none cut short: once "chaussur…").
      const tokens = new Set(trace.flatMap((cands) => cands.map((c) => pieceText(c.piece))));
      assert.deepEqual(fig.nodes.map((n) => n.label).filter((l) => !tokens.has(l)), [], 'labels that are not a token of the trace');
      // Every candidate of the trace that is kept or finished is drawn; every node drawn is one of the trace's.
      const drawn = new Set(fig.nodes.map((n) => `${n.step}:${n.cand}`));
      trace.forEach((cands, st) => cands.forEach((c, i) => {
        if (c.kept || c.finished) assert.ok(drawn.has(`${st}:${i}`), `step ${st + 1}, ${pieceText(c.piece)} (kept) is drawn`);
      }));
      for (const n of fig.nodes) {
        const c = trace[n.step]?.[n.cand];
        assert.ok(c, `node ${n.step}:${n.cand} is a candidate of the trace`);
        assert.equal(n.label, pieceText(c.piece), `step ${n.step + 1}: the label is the whole token`);
        assert.ok(n.inside, `step ${n.step + 1}: "${n.label}" and its score fit the node`);
        assert.ok(n.clear, `step ${n.step + 1}: "${n.label}" does not run into its score`);
        assert.ok(n.fontSize >= 12, `labels at ${n.fontSize} px`);
      }
      t.diagnostic(`${trace.length} steps, ${fig.nodes.length} nodes, figure ${fig.own} px wide in a ${fig.box} px box, longest label "${fig.nodes.reduce((a, n) => (n.label.length > a.length ? n.label : a), '')}"`);
      await page.locator('#beam-panel').screenshot({ path: path.join(ARTIFACTS, `beam-tree-${viewport.width}-beam${beamSize}.png`) });
      if (beamSize === 4) await screenshot(page, `beam-tree-page-${viewport.width}`);
    } finally {
      await browser.close();
    }
  });
}
