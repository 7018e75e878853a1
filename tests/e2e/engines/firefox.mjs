// The driver (driver.mjs) for Debian's Firefox ESR through puppeteer-core over WebDriver BiDi (no
// browser download: /usr/bin/firefox-esr, a fresh profile in a temporary folder). Console errors and
// page errors come from BiDi's log events, so they are collected from the start of each document.
import puppeteer from 'puppeteer-core';
import { existsSync } from 'node:fs';
import { LOAD_TIMEOUT, poll, screenshotPath } from './driver.mjs';

export const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';

export async function launchFirefox({ viewport = { width: 1280, height: 900 } } = {}) {
  if (!existsSync(FIREFOX)) throw new Error(`${FIREFOX} not found: install Debian's firefox-esr (scripts/setup.sh)`);
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: FIREFOX, headless: true, defaultViewport: viewport,
    // overlay scroll bars, as on phones and in the other two engines here: the page is laid out at the
    // viewport's full width (a classic bar took 12 px of a 390 px window)
    extraPrefsFirefox: { 'ui.useOverlayScrollbars': 1 },
  });
  const page = (await browser.pages())[0] ?? await browser.newPage();
  await page.setViewport(viewport);  // (defaultViewport is for pages opened later)
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  const evaluate = (fn, arg) => page.evaluate(fn, arg);
  return {
    name: 'firefox',
    version: await browser.version(),
    goto: async (url) => { await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT }); },
    reload: async () => { await page.reload({ waitUntil: 'load', timeout: LOAD_TIMEOUT }); },
    evaluate,
    waitForFunction: (fn, arg, opts) => poll(evaluate, fn, arg, opts),
    waitForSelector: (sel, { timeout = 30_000 } = {}) => page.waitForSelector(sel, { timeout }),
    click: (sel) => page.click(sel),
    fill: async (sel, text) => {
      await page.$eval(sel, (el) => { el.value = ''; });
      await page.type(sel, text);
    },
    setViewport: (size) => page.setViewport(size),
    screenshot: async (name) => {
      const file = await screenshotPath('firefox', name);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    errors: async () => [...errors],
    close: async () => { await browser.close().catch(() => {}); },
  };
}
