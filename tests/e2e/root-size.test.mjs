// The page's root font size and the widgets (issue 32): web/examples/README.md says that sizes inside
// the widgets follow the page's rem, as the page's own text does. The same page at 16, 20 and 30 px
// roots: every text of every widget is root/16 times its size at 16 px (the frame's own text
// included), the next-token bars keep their height to their labels, the loop's percentages to their
// tokens, the score cards' formulas to their tables, and the SVG figures grow with the text.
// Screenshots: artifacts/e2e/root-size-<px>.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { launch, serve, screenshot, ROOT, WIDGETS } from './helpers.mjs';

let srv, dir, browser;
before(async () => {
  dir = await mkdtemp(path.join(ROOT, 'web', 'examples', 'tmp-root-'));
  srv = await serve();
  browser = await launch({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
});
after(async () => {
  await browser?.close();
  await srv?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const BODY = `<attnseq-generation text="I ate an apple." strategy="sample" top-k="3" static></attnseq-generation>
<attnseq-attention text="I ate an apple." view="lines" controls></attnseq-attention>
<attnseq-attention text="I ate an apple." view="softmax" model="gru-attn"></attnseq-attention>
<attnseq-attention text="I ate an apple." view="scores"></attnseq-attention>
<attnseq-attention text="I ate an apple." view="context" model="noattn"></attnseq-attention>`;

/** Every font size in the widgets (by a path that names the element) and the measures compared. */
async function measure(px) {
  const name = `root-${px}`;
  await writeFile(path.join(dir, `${name}.html`), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name}</title>
<link rel="icon" href="data:,"><style>html { font-size: ${px}px; }</style><script type="module" src="../../src/widgets.js"></script></head>
<body><main>${BODY}</main></body></html>`);
  const page = await browser.context.newPage();
  await page.goto(new URL(`examples/${path.basename(dir)}/${name}.html`, srv.url).href);
  await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].every((w) => Number(w.dataset.ready ?? 0) >= 1)
    && document.querySelector('[view=scores]').shadowRoot.querySelectorAll('.sc-card').length === 4, WIDGETS, { timeout: 180_000, polling: 250 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const m = await page.evaluate((sel) => {
    const fonts = {};
    [...document.querySelectorAll(sel)].forEach((w, k) => {
      const walk = (el, p) => {
        for (const [i, c] of [...el.children].entries()) {
          const here = `${p}>${c.tagName.toLowerCase()}${c.classList.length ? '.' + [...c.classList].join('.') : ''}:${i}`;
          if (c.closest('svg') || c.tagName === 'LINK' || c.tagName === 'STYLE') continue;  // (SVG text: user units, compared below)
          if (c.getClientRects().length && [...c.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) fonts[here] = parseFloat(getComputedStyle(c).fontSize);
          walk(c, here);
          if (c.shadowRoot) walk(c.shadowRoot, `${here}#`);
        }
      };
      walk(w.shadowRoot, `${w.tagName.toLowerCase()}${k}`);
    });
    const gen = document.querySelector('attnseq-generation').shadowRoot;
    const scores = document.querySelector('[view=scores]').shadowRoot;
    const lines = document.querySelector('[view=lines]').shadowRoot.querySelector('svg.fig-lines');
    const ctx = document.querySelector('[view=context]').shadowRoot.querySelector('svg.fig-context');
    const h = (el) => el.getBoundingClientRect().height, fs = (el) => parseFloat(getComputedStyle(el).fontSize);
    return {
      fonts,
      frame: fs(gen.querySelector('.widget')),
      bar: h(gen.querySelector('ul.topk .bar .fill')), label: fs(gen.querySelector('ul.topk .tok-label')), barWidth: gen.querySelector('ul.topk li.chosen .bar').getBoundingClientRect().width,
      loopP: fs(gen.querySelector('.loop-p')), tok: fs(gen.querySelector('.loop-in .tok')),
      formula: fs(scores.querySelector('.sc-formula code')), top: fs(scores.querySelector('.sc-top')), step: fs(scores.querySelector('.sc-step')),
      lines: lines.getBoundingClientRect().width / Number(lines.getAttribute('width')),
      ctx: ctx.getBoundingClientRect().width / Number(ctx.getAttribute('width')),
      icon: document.querySelector('[view=lines]').shadowRoot.querySelector('.playback svg').getBoundingClientRect().width,
    };
  }, WIDGETS);
  await screenshot(page, name);
  await page.close();
  return m;
}

test('every size in the widgets follows the page\'s root font size (16, 20, 30 px)', async () => {
  const at = { 16: await measure(16), 20: await measure(20), 30: await measure(30) };
  const base = at[16];
  assert.ok(Object.keys(base.fonts).length > 100, `${Object.keys(base.fonts).length} texts measured`);
  assert.equal(base.frame, 15, 'the frame\'s text: 15 px at a 16 px root (--attnseq-font-size\'s default)');
  for (const px of [20, 30]) {
    const k = px / 16, m = at[px];
    const off = Object.entries(base.fonts).filter(([p, v]) => p in m.fonts && Math.abs(m.fonts[p] - v * k) > 0.02 * v * k + 0.05)
      .map(([p, v]) => `${p}: ${v} px → ${m.fonts[p]} px (want ${(v * k).toFixed(2)})`);
    assert.deepEqual(off.slice(0, 12), [], `root ${px} px: ${off.length} texts not scaled`);
    // within 3 % (and half a pixel for sizes in px; none for ratios)
    const close = (a, b, what, abs = 0.5) => assert.ok(Math.abs(a - b) <= 0.03 * b + abs, `root ${px} px: ${what}: ${a} vs ${b}`);
    close(m.frame, base.frame * k, 'the frame\'s text');
    // the next-token bars keep their height to their labels (they were 28 px squares beside 12 px labels)
    close(m.bar / m.label, base.bar / base.label, 'bar height / label size', 0);
    assert.ok(m.barWidth > 3 * m.bar, `root ${px} px: a bar is a bar (${m.barWidth} × ${m.bar} px)`);
    close(m.loopP / m.tok, base.loopP / base.tok, 'the loop\'s percentages / its tokens', 0);
    close(m.formula, base.formula * k, 'the score cards\' formula');
    close(m.top, base.top * k, 'the cards\' three largest weights');
    close(m.step, base.step * k, 'the cards\' step line');
    close(m.lines, base.lines * k, 'the lines figure\'s scale', 0);
    close(m.ctx, base.ctx * k, 'the context figure\'s scale', 0);
    close(m.icon, base.icon * k, 'the playback icons');
  }
});
