// Widgets inside a foreign page: an aggressive host stylesheet (fonts, sizes, line height, colours,
// spacing, transforms on everything) does not reach into a widget; the documented custom properties
// and ::part()s theme it. Screenshot: artifacts/e2e/host-styles.png.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch, serve, screenshot, ROOT } from './helpers.mjs';

let browser, srv, dir;
after(async () => {
  await browser?.close();
  await srv?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

// Everything a page's text styles can do to what inherits (the root's font size is left alone: widget
// sizes follow it in rem, like the page's own text; see web/examples/README.md).
const HOSTILE_CSS = `
body, body * { font-family: "Comic Sans MS", cursive !important; font-size: 31px !important; line-height: 4 !important;
    color: #ff00ff !important; letter-spacing: 7px !important; word-spacing: 20px !important;
    text-transform: uppercase !important; text-align: right !important; font-style: italic !important;
    text-shadow: 2px 2px red !important; }
body { background: #000; direction: ltr; }
attnseq-translate.themed { --attnseq-accent: #0a7f3f; --attnseq-font: Georgia, serif; --attnseq-background: #fffbe6; }
attnseq-translate.themed::part(translation) { font-weight: 700; }
`;

test('the host page styles stop at the widget; custom properties and parts theme it', async () => {
  // the page lives in web/examples/ (so its relative URLs reach the widgets), written for this test
  dir = await mkdtemp(path.join(ROOT, 'web', 'examples', 'tmp-host-'));
  await writeFile(path.join(dir, 'host.css'), HOSTILE_CSS);
  await writeFile(path.join(dir, 'index.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>host</title><link rel="stylesheet" href="host.css"><script type="module" src="../../src/widgets.js"></script></head>
<body><main><attnseq-translate id="plain" text="You should wear shoes."></attnseq-translate>
<attnseq-translate id="themed" class="themed" text="You should wear shoes."></attnseq-translate>
<attnseq-translate id="themedheat" class="themed" view="heatmap" text="You should wear shoes."></attnseq-translate></main></body></html>`);
  srv = await serve();
  browser = await launch();
  const { page } = browser;
  await page.goto(new URL(`examples/${path.basename(dir)}/index.html`, srv.url).href);
  await page.waitForFunction(() => [...document.querySelectorAll('attnseq-translate')].every((e) => e.dataset.ready), null, { timeout: 90_000 });
  const styleOf = (id, sel) => page.evaluate(([id, sel]) => {
    const el = document.getElementById(id).shadowRoot.querySelector(sel);
    const s = getComputedStyle(el);
    return { font: s.fontFamily, size: s.fontSize, lh: s.lineHeight, color: s.color, ls: s.letterSpacing, tt: s.textTransform,
      ta: s.textAlign, fs: s.fontStyle, shadow: s.textShadow, weight: s.fontWeight, bg: s.backgroundColor };
  }, [id, sel]);
  for (const sel of ['.widget', '.translation', '.w-status', 'input']) {
    const s = await styleOf('plain', sel);
    assert.doesNotMatch(s.font, /Comic/, `${sel}: font ${s.font}`);
    assert.notEqual(s.size, '31px', `${sel}: font size`);
    assert.notEqual(s.color, 'rgb(255, 0, 255)', `${sel}: colour`);
    assert.equal(s.ls, 'normal', `${sel}: letter spacing`);
    assert.equal(s.tt, 'none', `${sel}: text transform`);
    assert.equal(s.fs, 'normal', `${sel}: font style`);
    assert.equal(s.shadow, 'none', `${sel}: text shadow`);
  }
  const tokens = await page.evaluate(() => [...document.getElementById('plain').shadowRoot.querySelectorAll('svg text')].map((t) => getComputedStyle(t).fontFamily));
  assert.ok(tokens.length && tokens.every((f) => !/Comic/.test(f)), 'figure labels keep their font');
  // the theme: custom properties and a part
  const themed = await styleOf('themed', '.widget');
  assert.match(themed.font, /Georgia/);
  assert.equal(themed.bg, 'rgb(255, 251, 230)');
  assert.equal((await styleOf('themed', '.translation')).weight, '700');
  // the heatmap's sticky row labels and corner take the frame's background (not a white box on it)
  assert.equal((await styleOf('themedheat', 'table.heatmap td.corner')).bg, 'rgb(255, 251, 230)');
  assert.equal((await styleOf('themedheat', 'table.heatmap tbody th')).bg, 'rgb(255, 251, 230)');
  // every surface painted with the card colour inside the frame (token boxes, loop chips, beam nodes) takes it
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('themed').shadowRoot.querySelector('.translation')).getPropertyValue('--card').trim()), '#fffbe6');
  // an unthemed widget keeps the card colour
  assert.equal((await styleOf('plain', '.widget')).bg, 'rgb(255, 255, 255)');
  const accent = await page.evaluate(() => getComputedStyle(document.getElementById('themed').shadowRoot.querySelector('.widget')).getPropertyValue('--accent').trim());
  assert.equal(accent, '#0a7f3f');
  await screenshot(page, 'host-styles');
});

test('a widget speaks the page\'s language (its lang or an ancestor\'s) over the browser\'s; the attribute wins', async () => {
  const dir2 = await mkdtemp(path.join(ROOT, 'web', 'examples', 'tmp-lang-'));
  const server = await serve();
  const b = await launch({ locale: 'zh-CN' });
  try {
    await writeFile(path.join(dir2, 'index.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>lang</title><script type="module" src="../../src/widgets.js"></script></head>
<body><attnseq-translate id="page" text="You should wear shoes."></attnseq-translate>
<div lang="zh-Hans"><attnseq-translate id="section" text="You should wear shoes."></attnseq-translate></div>
<attnseq-translate id="attr" language="zh" text="You should wear shoes."></attnseq-translate>
<div lang="fr"><attnseq-translate id="other" text="You should wear shoes."></attnseq-translate></div></body></html>`);
    await b.page.goto(new URL(`examples/${path.basename(dir2)}/index.html`, server.url).href);
    await b.page.waitForFunction(() => [...document.querySelectorAll('attnseq-translate')].every((e) => e.dataset.ready), null, { timeout: 90_000 });
    const button = (id) => b.page.evaluate((id) => document.getElementById(id).shadowRoot.querySelector('button').textContent, id);
    const [en, zh] = [await button('page'), await button('attr')];
    assert.notEqual(en, zh, 'English and Chinese labels differ');
    assert.match(en, /^[\x20-\x7e]+$/, `an English page in a Chinese browser: English (${en})`);
    assert.equal(await button('section'), zh, 'a Chinese section: Chinese');
    assert.equal(await button('other'), zh, 'a page language the UI lacks (fr): the browser\'s (zh-CN)');
  } finally {
    await b.close();
    await server.close();
    await rm(dir2, { recursive: true, force: true });
  }
});
