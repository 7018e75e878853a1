#!/usr/bin/env node
// The demo page's scripts as two bundles, so a first visit fetches two modules instead of about fifty
// (each import level one round trip: the page's first translation waited for them, issue 17):
//
//   web/dist/demo.js            web/src/app/main.js and its whole import graph, one minified ES module
//                               (web/src/assets.js's "demo" layout: the page's files as in the
//                               repository, the worker below)
//   web/dist/attnseq-worker.js  the engine's Web Worker, one module ("flat" layout: attnseq.wasm beside it;
//                               the same file the npm package carries)
//
// web/index.html loads web/dist/demo.js. Run by scripts/build_wasm.sh (so `npm start`, the tests, the
// site build and the benchmark have it); scripts/serve.mjs rebuilds it when a file under web/src/ is
// newer, so an edited module shows on reload. The tutorial (web/examples/) and the package keep the
// unbundled modules of web/src/. Needs the devDependency esbuild.
//
// Usage: node scripts/build_demo.mjs [--if-stale] [--no-minify]
// As a module: buildDemo({minify}), demoIsStale().
import { build } from 'esbuild';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleWorker } from './build_widgets.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'web');
export const DEMO_BUNDLE = path.join(WEB, 'dist', 'demo.js');
export const WORKER_BUNDLE = path.join(WEB, 'dist', 'attnseq-worker.js');

/** The newest modification time (ms) of the JavaScript under web/src/. */
function newestSource(dir = path.join(WEB, 'src')) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestSource(p));
    else if (e.name.endsWith('.js')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/** Whether a bundle is missing or older than a module of web/src/ or the Emscripten glue. */
export function demoIsStale() {
  const glue = path.join(WEB, 'dist', 'attnseq.js');
  const newest = Math.max(newestSource(), existsSync(glue) ? statSync(glue).mtimeMs : 0);
  return [DEMO_BUNDLE, WORKER_BUNDLE].some((f) => !existsSync(f) || statSync(f).mtimeMs < newest);
}

/**
 * Writes web/dist/demo.js and web/dist/attnseq-worker.js; returns esbuild's metafile of the page's
 * bundle (its inputs: every module of main.js's graph) and, with write: false, the page's bundle as
 * text instead of writing either file.
 * @param {{minify?: boolean, write?: boolean}} [o]
 * @returns {Promise<{metafile: import('esbuild').Metafile, text?: string}>}
 */
export async function buildDemo({ minify = true, write = true } = {}) {
  if (!existsSync(path.join(WEB, 'dist', 'attnseq.js'))) {
    throw new Error('web/dist/attnseq.js is missing: build it with scripts/build_wasm.sh (npm run build:wasm)');
  }
  const [page] = await Promise.all([
    build({
      entryPoints: [path.join(WEB, 'src', 'app', 'main.js')], outfile: DEMO_BUNDLE, bundle: true, format: 'esm',
      platform: 'browser', target: 'es2022', minify, legalComments: 'none', metafile: true,
      define: { ATTNSEQ_LAYOUT: '"demo"' }, logLevel: 'warning', write,
    }),
    write ? bundleWorker(WORKER_BUNDLE, { minify }) : null,
  ]);
  return { metafile: page.metafile, text: page.outputFiles?.[0]?.text };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  (async () => {
    if (argv.includes('--if-stale') && !demoIsStale()) return;
    const { metafile: meta } = await buildDemo({ minify: !argv.includes('--no-minify') });
    const bytes = (f) => statSync(f).size;
    console.log(`build_demo: web/dist/demo.js (${bytes(DEMO_BUNDLE)} bytes, ${Object.keys(meta.inputs).length} modules), ` +
      `web/dist/attnseq-worker.js (${bytes(WORKER_BUNDLE)} bytes)`);
  })().catch((e) => { console.error(`build_demo: ${e.message}`); process.exit(1); });
}
