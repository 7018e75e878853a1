// The driver (driver.mjs) for WebKitGTK (Safari's engine): Debian's webkit2gtk-driver gives
// WebKitWebDriver and MiniBrowser, which has no headless mode, so it runs under Xvfb (xvfb.mjs),
// driven by selenium-webdriver over classic WebDriver.
//
// Limitations of this driver, each a fact of WebKitWebDriver 2.50:
//  - No WebDriver BiDi (the session refuses webSocketUrl), so no console or error events: errors()
//    reads listeners (driver.mjs installErrorListeners) that goto()/reload() install in each document
//    after its load event. What fails before that (a module that throws while the page loads, an
//    inline script the page's policy blocks) is not listed; the core tests see it as the feature not
//    working (no translation, no widget ready), and Content-Security-Policy violations through the
//    policy's report-uri (core/report-server.mjs). Those listeners also see error events that are no
//    exception (e.g. "ResizeObserver loop completed with undelivered notifications"), which Chromium's
//    and Firefox's protocols do not report.
//  - Classic WebDriver screenshots the viewport only: screenshot() makes the window as tall as the
//    page for the shot (Xvfb's screen, 20,000 px high, is tall enough for the tutorial at 390 px) and
//    restores it.
//  - MiniBrowser's --enable-write-console-messages-to-stdout (a web setting of its command line)
//    prints nothing in automation mode: its automation web view does not take those settings.
//  - MiniBrowser's toolbar keeps its window at least 447 px wide; a user GTK stylesheet (gtk.css in a
//    private XDG_CONFIG_HOME) shrinks the toolbar's buttons and entry so a 390 px viewport fits. The
//    page is not drawn by GTK's theme, so it does not see that stylesheet.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Builder } from 'selenium-webdriver';
import { LOAD_TIMEOUT, installErrorListeners, poll, screenshotPath } from './driver.mjs';
import { startXvfb } from './xvfb.mjs';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const SCREEN = { width: 1600, height: 20000 };  // tall: full-page screenshots (see above)
// WebKitGTK paints a window taller than about 16,384 px black: the tutorial at 390 px (19,900 px tall)
// came out all black, at 1280 px (16,234) it was whole. A taller page is captured to this height.
const MAX_CAPTURE = 16_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer().once('error', reject).listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/** Starts WebKitWebDriver on a free port of 127.0.0.1 and waits until it answers /status. */
async function startDriver(env) {
  const port = await freePort();
  const child = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = [];
  for (const s of [child.stdout, child.stderr]) s.setEncoding('utf8').on('data', (d) => log.push(...d.split('\n').filter(Boolean)));
  const url = `http://127.0.0.1:${port}`;
  await poll(async () => {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode}): ${log.join('\n')}`);
    return (await fetch(`${url}/status`).catch(() => null))?.ok;
  }, null, null, { timeout: 20_000, polling: 100, what: `WebKitWebDriver on ${url}` });
  const close = () => new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
  return { url, log, close };
}

export async function launchWebKit({ viewport = { width: 1280, height: 900 } } = {}) {
  for (const f of [WEBKIT_DRIVER, MINIBROWSER]) {
    if (!existsSync(f)) throw new Error(`${f} not found: install Debian's webkit2gtk-driver (scripts/setup.sh)`);
  }
  const home = await mkdtemp(path.join(tmpdir(), 'attnseq-webkit-'));
  await mkdir(path.join(home, 'config/gtk-3.0'), { recursive: true });
  await writeFile(path.join(home, 'config/gtk-3.0/gtk.css'),
    'headerbar *, toolbar *, entry, button { min-width: 0; padding: 0; margin: 0; font-size: 6px; }\n');
  const x = await startXvfb(SCREEN);
  // Its own config, data and cache folders: a fresh profile (service workers, caches) per launch.
  const env = { ...process.env, DISPLAY: x.display, HOME: home, XDG_CONFIG_HOME: path.join(home, 'config'),
    XDG_DATA_HOME: path.join(home, 'data'), XDG_CACHE_HOME: path.join(home, 'cache'), GTK_THEME: 'Adwaita' };
  let drv, d;
  try {
    drv = await startDriver(env);
    d = await new Builder().usingServer(drv.url).withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    }).build();
  } catch (e) {
    await drv?.close();
    await x.close();
    await rm(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    throw e;
  }
  const caps = await d.getCapabilities();
  await d.manage().setTimeouts({ pageLoad: LOAD_TIMEOUT, script: LOAD_TIMEOUT });
  const run = (fn, arg) => d.executeScript(`return (${fn}).apply(null, arguments)`, arg === undefined ? null : arg);
  const gathered = [];  // errors of the documents left
  const collect = async () => {
    const list = await run(() => globalThis.__attnseqErrors ?? []).catch(() => []);
    return Array.isArray(list) ? list : [];
  };
  const afterLoad = () => run(installErrorListeners);
  const inner = () => run(() => [innerWidth, innerHeight]);
  const setViewport = async ({ width, height }) => {
    // The window's frame (toolbar) is the difference between its outer and inner size. The page sees a new
    // size a moment after setRect returns: measuring at once, on a busy machine, took the old inner size
    // with the new outer one and asked for a negative height ("Invalid height value"). So after each
    // setRect wait until the page reports the size (or 3 s pass), and measure the frame again from there.
    for (let i = 0; i < 4; i++) {
      let [iw, ih] = await inner();
      if (iw === width && ih === height) return;
      const r = await d.manage().window().getRect();
      await d.manage().window().setRect({
        x: 0, y: 0, width: Math.max(100, r.width + width - iw), height: Math.max(100, r.height + height - ih),
      });
      for (const t0 = Date.now(); Date.now() - t0 < 3000;) {
        [iw, ih] = await inner();
        if (iw === width && ih === height) return;
        await new Promise((res) => setTimeout(res, 50));
      }
    }
    const [iw, ih] = await inner();
    if (iw !== width || ih !== height) throw new Error(`MiniBrowser's viewport is ${iw} × ${ih}, not ${width} × ${height}`);
  };
  await setViewport(viewport);
  return {
    name: 'webkit',
    version: caps.get('browserVersion'),
    goto: async (url) => { gathered.push(...await collect()); await d.get(url); await afterLoad(); },
    reload: async () => { gathered.push(...await collect()); await d.navigate().refresh(); await afterLoad(); },
    evaluate: run,
    waitForFunction: (fn, arg, opts) => poll(run, fn, arg, opts),
    waitForSelector: (sel, { timeout = 30_000 } = {}) => poll(run, (s) => !!document.querySelector(s), sel, { timeout, what: sel }),
    click: async (sel) => { await (await d.findElement({ css: sel })).click(); },
    fill: async (sel, text) => { const el = await d.findElement({ css: sel }); await el.clear(); await el.sendKeys(text); },
    setViewport,
    screenshot: async (name) => {
      const file = await screenshotPath('webkit', name);
      const [iw, ih, full] = await run(() => [innerWidth, innerHeight, document.documentElement.scrollHeight]);
      const tall = Math.min(full, SCREEN.height - 100, MAX_CAPTURE);
      if (tall > ih) await setViewport({ width: iw, height: tall });
      try {
        await writeFile(file, Buffer.from(await d.takeScreenshot(), 'base64'));
      } finally {
        if (tall > ih) await setViewport({ width: iw, height: ih });
      }
      return file;
    },
    errors: async () => [...gathered, ...await collect()],
    close: async () => {
      await d.quit().catch(() => {});
      await drv.close();
      await x.close();
      await rm(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}
