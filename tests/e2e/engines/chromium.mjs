// The driver (driver.mjs) for Debian's Chromium through playwright-core: the launch of helpers.mjs
// (a fresh persistent context, its console errors, page errors and workers' errors collected).
import { launch } from '../helpers.mjs';
import { LOAD_TIMEOUT, poll, screenshotPath } from './driver.mjs';

export async function launchChromium({ viewport = { width: 1280, height: 900 } } = {}) {
  const b = await launch({ viewport });
  const { page } = b;
  const evaluate = (fn, arg) => page.evaluate(fn, arg);
  return {
    name: 'chromium',
    version: b.context.browser()?.version() ?? (await page.evaluate(() => navigator.userAgent)).match(/Chrome\/([\d.]+)/)?.[1],
    goto: async (url) => { await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT }); },
    reload: async () => { await page.reload({ waitUntil: 'load', timeout: LOAD_TIMEOUT }); },
    evaluate,
    waitForFunction: (fn, arg, opts) => poll(evaluate, fn, arg, opts),
    waitForSelector: (sel, { timeout = 30_000 } = {}) => page.waitForSelector(sel, { timeout, state: 'attached' }),
    click: (sel) => page.locator(sel).click(),
    fill: (sel, text) => page.locator(sel).fill(text),
    setViewport: (size) => page.setViewportSize(size),
    screenshot: async (name) => {
      const file = await screenshotPath('chromium', name);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    errors: async () => [...b.errors],
    close: () => b.close(),
  };
}
