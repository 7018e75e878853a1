// Strict Content-Security-Policy: the demo page and the tutorial (every widget) served with only
// `script-src 'self' 'wasm-unsafe-eval'` as the header (scripts/serve.mjs's csp option; the pages'
// own <meta> policy applies too) load their model, translate, and raise no CSP violation: none
// reported by 'securitypolicyviolation' events (page and worker) and no console error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, pageErrorsOf, serve, testModel, waitForRunEnd } from './helpers.mjs';

const POLICY = "script-src 'self' 'wasm-unsafe-eval'";
const model = testModel();
let srv, browser, page, pageErrors;

before(async () => {
  srv = await serve({ modelsDir: model.modelsDir, csp: POLICY });
  browser = await launch({ reducedMotion: 'reduce' });
  page = browser.page;
  pageErrors = pageErrorsOf(browser);
  // Violations of the page (the worker's are reported by its global scope: watched below).
  await page.addInitScript(() => {
    globalThis.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      globalThis.__violations.push(`${e.violatedDirective}: ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  page.on('worker', (w) => {
    w.evaluate(() => {
      self.addEventListener('securitypolicyviolation', (e) => { throw new Error(`CSP violation in the worker: ${e.violatedDirective} ${e.blockedURI}`); });
    }).catch(() => {});
  });
});

after(async () => {
  await browser?.close();
  await srv?.close();
});

async function headerOf(url) {
  const res = await fetch(url);
  return res.headers.get('content-security-policy');
}

test('the demo page works under the strict policy, without violations', async () => {
  assert.equal(await headerOf(`${srv.url}`), POLICY);
  assert.equal(await headerOf(`${srv.url}dist/attnseq-worker.js`), POLICY);
  await page.goto(`${srv.url}?lang=en`);
  await waitForRunEnd(page, 1, 120_000);
  assert.ok((await page.locator('#translation').textContent()).length > 0, 'translated');
  assert.ok(page.workers().some((w) => w.url().endsWith('/dist/attnseq-worker.js')), 'inference ran in the (bundled) Web Worker');
  // Beam search draws the tree (SVG); the figures export as SVG/PNG (blob: and data: URLs).
  await page.locator('#decoding summary').click();
  await page.locator('input[name=strategy][value=beam]').check();
  await page.click('#translate');
  await waitForRunEnd(page, 2, 120_000);
  const download = page.waitForEvent('download');
  await page.locator('button[data-export="fig-heatmap"][data-format="png"]').click();
  assert.match((await download).suggestedFilename(), /\.png$/);
  assert.deepEqual(await page.evaluate(() => globalThis.__violations), []);
  assert.deepEqual(pageErrors(), [], 'no console errors (a CSP violation logs one)');
});

test('the tutorial: every widget works under the strict policy, without violations', async () => {
  await page.goto(`${srv.url}examples/tutorial.html`);
  const SEL = 'attnseq-translate, attnseq-generation, attnseq-attention';
  await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].every((w) => Number(w.dataset.ready ?? 0) >= 1),
    SEL, { timeout: 180_000, polling: 200 });
  const errors = await page.evaluate((sel) => [...document.querySelectorAll(sel)]
    .map((w) => w.shadowRoot.querySelector('.w-status.error')?.textContent).filter(Boolean), SEL);
  assert.deepEqual(errors, []);
  // The widgets' stylesheets load (shadow roots link them: style-src falls back to the meta policy's 'self').
  const styled = await page.evaluate(() => getComputedStyle(document.querySelector('attnseq-translate').shadowRoot.querySelector('.w-form')).display);
  assert.equal(styled, 'flex', 'widget styles applied');
  assert.deepEqual(await page.evaluate(() => globalThis.__violations), []);
  assert.deepEqual(pageErrors(), [], 'no console errors (a CSP violation logs one)');
});
