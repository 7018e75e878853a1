// Core, in every engine: strict Content-Security-Policies, violations reported by the browser itself
// (report-uri, report-server.mjs: the page's and the worker's, from the document's first byte on).
//  - The demo under `script-src 'self' 'wasm-unsafe-eval'` as a header (and its own <meta> policy):
//    loads, translates as the native CLI does (the wasm compiles, Embind runs without eval), no report.
//  - A page of another origin embedding the widget build under README.md's policy for such pages
//    (script-src/style-src/connect-src naming the widgets' origin, worker-src blob: for the worker's
//    same-origin wrapper): the widget translates, no report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, serve, testModel } from '../helpers.mjs';
import { catalogue } from '../../../scripts/copy_assets.mjs';
import { widgetBuild } from './cross-origin.mjs';
import { LAPTOP, cli, demoState, errorsFrom, waitForRun } from './page.mjs';
import { describeReport, reportingServer } from './report-server.mjs';

const TEXT = 'You should wear shoes.';
export const STRICT = "script-src 'self' 'wasm-unsafe-eval'";

/** Waits a moment for reports in flight (a browser sends them asynchronously), then lists them. */
async function reportsOf(d, srv) {
  await d.evaluate(() => new Promise((r) => setTimeout(r, 500)));
  return srv.reports.map(describeReport);
}

export function cspTests(ctx) {
  test(`${ctx.engine}: the demo works under the strict policy, nothing reported`, async () => {
    const d = ctx.driver;
    const errors = await errorsFrom(d);
    const model = testModel();
    const srv = await reportingServer({ modelsDir: model.modelsDir, csp: STRICT });
    try {
      assert.equal((await fetch(srv.url)).headers.get('content-security-policy'), srv.policy);
      await d.setViewport(LAPTOP);
      await d.goto(`${srv.url}?nosw&speed=8&model=${encodeURIComponent(model.id)}`);
      await waitForRun(d, 1);
      await d.fill('#text', TEXT);
      await d.click('#translate');
      await waitForRun(d, 2);
      assert.equal((await demoState(d)).shown, cli(model.file, TEXT));
      assert.deepEqual(await reportsOf(d, srv), [], 'no violation reported');
      assert.deepEqual(await errors(), [], 'no console error, exception or unhandled rejection');
    } finally {
      await srv.close();
    }
  });

  test(`${ctx.engine}: a page embedding the widgets from another origin under README's policy, nothing reported`, async () => {
    const d = ctx.driver;
    const errors = await errorsFrom(d);
    const dir = await widgetBuild();
    const widgets = await serve({ dir: path.join(dir, 'widgets'), csp: false });
    const b = widgets.url.replace(/\/$/, '');
    const policy = [
      "default-src 'self'", `script-src 'self' ${b} 'wasm-unsafe-eval'`, `style-src 'self' ${b}`,
      `connect-src 'self' ${b}`, `worker-src blob: ${b}`, "img-src 'self' data: blob:", "object-src 'none'", "base-uri 'self'",
    ].join('; ');
    const pages = await reportingServer({ dir: path.join(dir, 'pages'), csp: policy });
    try {
      await writeFile(path.join(dir, 'pages', `strict-${ctx.engine}.html`), `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Strict</title><link rel="icon" href="data:,">
<script type="module" src="${b}/attnseq-widgets.js"></script></head>
<body><main><h1>Strict</h1><attnseq-translate text="${TEXT}"></attnseq-translate></main></body></html>
`);
      await d.setViewport(LAPTOP);
      await d.goto(`${pages.url}strict-${ctx.engine}.html`);
      const r = await d.waitForFunction(() => {
        const w = document.querySelector('attnseq-translate');
        const root = w?.shadowRoot;
        if (!root || !(Number(w.dataset.ready ?? 0) >= 1 || root.querySelector('.w-status.error'))) return false;
        return { output: root.querySelector('output.translation')?.textContent ?? null, error: root.querySelector('.w-status.error')?.textContent ?? null };
      }, null, { timeout: 120_000, polling: 250, what: 'the embedded widget ready' });
      assert.equal(r.error, null);
      const def = (await catalogue('default')).models[0];
      assert.equal(r.output, cli(path.join(ROOT, 'models', def.file), TEXT));
      assert.deepEqual(await reportsOf(d, pages), [], 'no violation reported');
      assert.deepEqual(await errors(), [], 'no console error, exception or unhandled rejection');
    } finally {
      await widgets.close();
      await pages.close();
    }
  });
}
