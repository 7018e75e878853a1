// The browser-driver interface the cross-engine tests (tests/e2e/core/) are written against, and the
// pieces its two implementations share: firefox.mjs (puppeteer-core over WebDriver BiDi), webkit.mjs
// (selenium-webdriver over classic WebDriver, MiniBrowser under Xvfb). (Chromium runs the whole suite.)
//
// A driver is one browser with one tab:
//   name                     'firefox' | 'webkit'
//   version                  the browser's own version string
//   goto(url)                navigates and waits for the load event
//   reload()                 reloads and waits for the load event
//   evaluate(fn, arg)        runs fn(arg) in the page (fn is sent as source: no closure), awaits a promise
//   waitForFunction(fn, arg, {timeout, polling})  polls fn(arg) until truthy; returns that value
//   waitForSelector(sel, {timeout})
//   click(sel), fill(sel, text)   the engine's own input (pointer click, typed text)
//   setViewport({width, height})  the page's layout viewport (innerWidth × innerHeight)
//   screenshot(name)         the whole page as artifacts/e2e/<engine>-<name>.png; returns the path
//   errors()                 every console error, uncaught exception and unhandled rejection so far
//   close()
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const ARTIFACTS = path.join(ROOT, 'artifacts', 'e2e');
/** How long goto() and reload() wait for the load event (the tutorial, on a busy 2-core machine). */
export const LOAD_TIMEOUT = 120_000;

/** The file of a screenshot (its folder made). */
export async function screenshotPath(engine, name) {
  await mkdir(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, `${engine}-${name}.png`);
}

/**
 * Polls `evaluate(fn, arg)` every `polling` ms until it returns a truthy value (returned), or throws
 * after `timeout` ms naming what was waited for. Errors thrown by fn are retried (the page may be
 * between two documents) and the last one is said in the timeout's message.
 */
export async function poll(evaluate, fn, arg, { timeout = 30_000, polling = 200, what = String(fn).slice(0, 200) } = {}) {
  const end = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      const v = await evaluate(fn, arg);
      if (v) return v;
      last = undefined;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${what}${last ? ` (last error: ${last.message})` : ''}`);
    await new Promise((r) => setTimeout(r, polling));
  }
}

/**
 * Installs, in the current document, listeners that keep its errors in globalThis.__attnseqErrors:
 * uncaught exceptions, unhandled rejections, console.error calls and elements whose resource failed
 * to load. Used where the driver's protocol gives no such events (classic WebDriver, in WebKit):
 * installed after the load event, it misses what happened before it (see webkit.mjs).
 * A function (sent as source), so a page's Content-Security-Policy does not apply to it.
 */
export function installErrorListeners() {
  if (globalThis.__attnseqErrors) return;
  const errors = globalThis.__attnseqErrors = [];
  const str = (x) => (x instanceof Error ? `${x.name}: ${x.message}` : typeof x === 'object' ? (() => { try { return JSON.stringify(x); } catch { return String(x); } })() : String(x));
  addEventListener('error', (e) => {
    if (e.target && e.target !== window) errors.push(`failed to load ${e.target.src || e.target.href || e.target.tagName}`);
    else errors.push(`${e.error ? str(e.error) : e.message} (${e.filename}:${e.lineno})`);
  }, true);
  addEventListener('unhandledrejection', (e) => errors.push(`unhandled rejection: ${str(e.reason)}`));
  const consoleError = console.error;
  console.error = (...args) => { errors.push(args.map(str).join(' ')); consoleError.apply(console, args); };
}
