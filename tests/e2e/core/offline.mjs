// Core, in every engine: after a first visit the demo works offline. The service worker (web/sw.js)
// takes the page and keeps every model of the catalogue; then the server is closed (connections
// refused) and a reload still loads the page and the engine, and translates as the native CLI does.
// Screenshot: <engine>-offline-reload.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, serve, testModel } from '../helpers.mjs';
import { LAPTOP, cli, demoState, errorsFrom, waitForRun } from './page.mjs';

const TEXT = 'You should wear shoes.';

export function offlineTests(ctx) {
  test(`${ctx.engine}: a reload with the server gone still translates (service worker)`, async () => {
    const d = ctx.driver;
    const errors = await errorsFrom(d);
    const model = testModel();
    const manifest = JSON.parse(readFileSync(path.join(model.modelsDir ?? path.join(ROOT, 'models'), 'manifest.json'), 'utf8'));
    const served = [];
    let srv = await serve({ modelsDir: model.modelsDir, log: (line) => served.push(line) });
    try {
      await d.setViewport(LAPTOP);
      await d.goto(`${srv.url}?speed=8&model=${encodeURIComponent(model.id)}`);
      await waitForRun(d, 1);
      await d.waitForFunction(() => document.documentElement.dataset.offline === 'ready' && !!navigator.serviceWorker.controller, null,
        { timeout: 180_000, polling: 500, what: 'the service worker controlling the page, everything cached' });
      // (the page's own model is kept first; the rest of the catalogue downloads in the background)
      const all = `all ${manifest.models.length} models`;
      const status = await d.waitForFunction((s) => { const t = document.querySelector('#sw-status').textContent; return t.includes(s) && t; }, all,
        { timeout: 180_000, polling: 500, what: `the status line saying "${all}"` });
      assert.match(status, /^Available offline/);
      assert.ok(served.some((l) => l === '200 GET /web/sw.js'), 'the service worker was fetched from the server');
      await srv.close();
      srv = null;
      await d.reload();
      await waitForRun(d, 1);
      assert.equal(await d.evaluate(() => !!navigator.serviceWorker.controller), true, 'the page came from the service worker');
      await d.fill('#text', TEXT);
      await d.click('#translate');
      await waitForRun(d, 2);
      const s = await demoState(d);
      assert.equal(s.shown, cli(model.file, TEXT), 'translated offline');
      await d.screenshot('offline-reload');
      assert.deepEqual(await errors(), [], 'no console error, exception or unhandled rejection');
    } finally {
      await srv?.close();
    }
  });
}
