// Widgets clean up after themselves (issue 31): 1,000 widgets of every kind are added to a page and
// removed again, some once their translation is shown (animating, with a run, holding models), most
// while they still load. Afterwards nothing of theirs is left outside them: no language listener
// (i18n's own registry), no ResizeObserver, IntersectionObserver or MutationObserver still watching a
// removed element, no window or document listener, no Web Worker alive (the models only they held are
// freed), and models.js holds no model for them. The page counts by wrapping the constructors and
// addEventListener before any module loads.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { launch, serve, ROOT } from './helpers.mjs';

let browser, srv, dir;
after(async () => {
  await browser?.close();
  await srv?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

// Runs in the page before its scripts: counts what is set up outside the widgets.
function instrument() {
  const observers = new Set();
  for (const name of ['ResizeObserver', 'IntersectionObserver', 'MutationObserver']) {
    const Base = globalThis[name];
    if (!Base) continue;
    globalThis[name] = class extends Base {
      constructor(...a) { super(...a); this.targets = new Set(); this.kind = name; observers.add(this); }
      observe(t, o) { this.targets.add(t); return super.observe(t, o); }
      unobserve(t) { this.targets.delete(t); return super.unobserve(t); }
      disconnect() { this.targets.clear(); return super.disconnect(); }
    };
  }
  let workers = 0;
  const BaseWorker = globalThis.Worker;
  globalThis.Worker = class extends BaseWorker {
    constructor(...a) { super(...a); workers++; this.alive = true; }
    terminate() { if (this.alive) { this.alive = false; workers--; } return super.terminate(); }
  };
  const listeners = new Map();  // target name → count
  for (const [name, target] of [['window', window], ['document', document]]) {
    const add = target.addEventListener.bind(target), remove = target.removeEventListener.bind(target);
    const held = new Set();
    target.addEventListener = (type, fn, o) => { held.add(`${type}|${fn && (fn.__id ??= Math.random())}`); listeners.set(name, held); return add(type, fn, o); };
    target.removeEventListener = (type, fn, o) => { held.delete(`${type}|${fn && fn.__id}`); return remove(type, fn, o); };
    listeners.set(name, held);
  }
  globalThis.__count = () => ({
    workers,
    // observers still watching an element that left the page
    observing: [...observers].filter((o) => [...o.targets].some((t) => !t.isConnected)).map((o) => o.kind),
    listeners: Object.fromEntries([...listeners].map(([k, v]) => [k, v.size])),
  });
}

const KINDS = [
  ['attnseq-translate', ''], ['attnseq-translate', 'view="heatmap"'], ['attnseq-generation', 'autoplay'],
  ['attnseq-attention', 'controls'], ['attnseq-attention', 'view="self"'], ['attnseq-attention', 'view="softmax" controls'],
  ['attnseq-attention', 'view="context"'], ['attnseq-attention', 'view="work"'], ['attnseq-attention', 'view="self-heatmap" autoplay'],
  ['attnseq-attention', 'view="heatmap" autoplay'], ['attnseq-attention', 'view="scores"'], ['attnseq-generation', 'strategy="beam"'],
];

test('1,000 widgets connected and removed leave no listener, observer or worker behind', { timeout: 600_000 }, async () => {
  dir = await mkdtemp(path.join(ROOT, 'web', 'examples', 'tmp-cleanup-'));
  await writeFile(path.join(dir, 'index.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>cleanup</title>
<script type="module" src="load.js"></script></head><body><main id="box"></main></body></html>`);
  // (the server's CSP allows no inline script) the modules the widgets use, the same instances
  await writeFile(path.join(dir, 'load.js'), `import * as i18n from '../../src/i18n/index.js';
import * as models from '../../src/app/translators.js';
await import('../../src/widgets.js');
globalThis.__i18n = i18n; globalThis.__models = models; document.body.dataset.loaded = '1';
`);
  srv = await serve();
  browser = await launch();
  const { page, errors } = browser;
  await page.addInitScript(instrument);
  await page.goto(`${srv.url}examples/${path.basename(dir)}/index.html`);
  await page.waitForSelector('body[data-loaded]', { state: 'attached' }).catch((e) => { throw new Error(`${e.message}: ${errors.join('; ')}`); });
  const before = await page.evaluate(() => ({ lang: globalThis.__i18n.languageListeners(), ...globalThis.__count() }));

  // 1. Every kind, once its translation is shown (the score view loads the four score-function GRUs too).
  const shown = await page.evaluate(async (kinds) => {
    const box = document.getElementById('box');
    box.innerHTML = kinds.map(([tag, attrs]) => `<${tag} ${attrs} text="I ate an apple."></${tag}>`).join('');
    const all = [...box.children];
    const t0 = Date.now();
    while (all.some((w) => !w.dataset.ready) && Date.now() - t0 < 240_000) await new Promise((r) => setTimeout(r, 200));
    const ready = all.filter((w) => w.dataset.ready).length;
    const during = { lang: globalThis.__i18n.languageListeners(), held: globalThis.__models.heldTranslators(), ...globalThis.__count() };
    box.replaceChildren();
    return { ready, during };
  }, KINDS);
  assert.equal(shown.ready, KINDS.length, 'every widget showed its translation before it was removed');
  assert.ok(shown.during.lang > before.lang && shown.during.workers > 0 && shown.during.held.owners === KINDS.length,
    `while shown, the widgets hold listeners, workers and models (the counts see them): ${JSON.stringify(shown.during)}`);

  // 2. The rest while they load: 100 at a time, removed after a moment (some mid-load, some mid-run).
  const added = await page.evaluate(async (kinds) => {
    const box = document.getElementById('box');
    let n = 0;
    for (let round = 0; round < 10; round++) {
      const count = round === 9 ? 1000 - kinds.length - 900 : 100;
      box.innerHTML = Array.from({ length: count }, (_, i) => {
        const [tag, attrs] = kinds[(i + round) % kinds.length];
        return `<${tag} ${attrs} text="The cat ${i} is here."></${tag}>`;
      }).join('');
      n += box.children.length;
      await new Promise((r) => setTimeout(r, 50 + round * 40));
      box.replaceChildren();
    }
    return n;
  }, KINDS);
  assert.equal(added + KINDS.length, 1000);

  // What they started finishes or is dropped; then nothing of theirs may be left.
  const leftover = await page.evaluate(async () => {
    const count = () => ({ lang: globalThis.__i18n.languageListeners(), held: globalThis.__models.heldTranslators(), ...globalThis.__count() });
    const t0 = Date.now();
    let c = count();
    while ((c.workers || c.observing.length || c.held.models) && Date.now() - t0 < 60_000) {
      await new Promise((r) => setTimeout(r, 250));
      c = count();
    }
    return c;
  });
  assert.equal(leftover.lang, before.lang, 'language listeners left by removed widgets');
  assert.deepEqual(leftover.observing, [], 'observers still watching removed widgets');
  assert.equal(leftover.workers, 0, 'Web Workers still alive after every widget left');
  assert.deepEqual(leftover.held, { models: 0, owners: 0 }, 'models held for removed widgets');
  assert.deepEqual(leftover.listeners, before.listeners, 'window/document listeners left by removed widgets');
  // (the page has no favicon: its 404 is the one resource error expected)
  assert.deepEqual(errors.filter((e) => !/ABORTED|aborted|DISPOSED|status of 404/.test(e)), []);
});
