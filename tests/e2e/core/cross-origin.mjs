// Core, in every engine: a page of one origin embeds the one-module widget build (scripts/build_widgets.mjs)
// served by another origin with one <script type="module"> tag; the widget translates as the native
// CLI does, its module, worker, wasm, catalogue, model and stylesheet all from the widgets' origin
// (CORS), its stylesheet applied, no console error. Screenshot: <engine>-cross-origin.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, serve } from '../helpers.mjs';
import { buildWidgets } from '../../../scripts/build_widgets.mjs';
import { catalogue } from '../../../scripts/copy_assets.mjs';
import { LAPTOP, cli, errorsFrom } from './page.mjs';

const TEXT = 'You should wear shoes.';

/** The widget build, once per process (every engine's test embeds the same files). */
let built;
export function widgetBuild() {
  built ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'attnseq-core-widgets-'));
    await buildWidgets({ out: path.join(dir, 'widgets') });
    await mkdir(path.join(dir, 'pages'));
    return dir;
  })();
  return built;
}
after(async () => { if (built) await rm(await built, { recursive: true, force: true }); });

export function crossOriginTests(ctx) {
  test(`${ctx.engine}: a page of another origin embeds the widget build and translates`, async () => {
    const d = ctx.driver;
    const errors = await errorsFrom(d);
    const dir = await widgetBuild();
    const got = [];
    const widgets = await serve({ dir: path.join(dir, 'widgets'), csp: false, log: (l) => got.push(l) });
    const pages = await serve({ dir: path.join(dir, 'pages'), csp: false });
    try {
      const b = widgets.url.replace(/\/$/, '');
      await writeFile(path.join(dir, 'pages', `${ctx.engine}.html`), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Embedded</title><link rel="icon" href="data:,">
<script type="module" src="${b}/attnseq-widgets.js"></script></head>
<body><main><h1>Embedded</h1><attnseq-translate text="${TEXT}"></attnseq-translate></main></body></html>
`);
      assert.notEqual(new URL(pages.url).origin, new URL(b).origin, 'two origins');
      await d.setViewport(LAPTOP);
      await d.goto(`${pages.url}${ctx.engine}.html`);
      const r = await d.waitForFunction(() => {
        const w = document.querySelector('attnseq-translate');
        const root = w?.shadowRoot;
        if (!root || !(Number(w.dataset.ready ?? 0) >= 1 || root.querySelector('.w-status.error'))) return false;
        return { output: root.querySelector('output.translation')?.textContent ?? null, error: root.querySelector('.w-status.error')?.textContent ?? null,
          styled: getComputedStyle(root.querySelector('.w-form')).display };
      }, null, { timeout: 120_000, polling: 250, what: 'the embedded widget ready' });
      assert.equal(r.error, null);
      const def = (await catalogue('default')).models[0];
      assert.equal(r.output, cli(path.join(ROOT, 'models', def.file), TEXT));
      assert.equal(r.styled, 'flex', 'the widget\'s stylesheet (from the widgets\' origin) applied');
      for (const f of ['/attnseq-widgets.js', '/attnseq-worker.js', '/attnseq.wasm', '/models/manifest.json', `/models/${def.file}`, '/styles/widgets.css']) {
        assert.ok(got.includes(`200 GET ${f}`), `${f} came from the widgets' origin: ${got.join(', ')}`);
      }
      await d.screenshot('cross-origin');
      assert.deepEqual(await errors(), [], 'no console error, exception or unhandled rejection');
    } finally {
      await widgets.close();
      await pages.close();
    }
  });
}
