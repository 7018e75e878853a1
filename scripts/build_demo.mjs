#!/usr/bin/env node
// The demo page's scripts as a few bundles, so a first visit fetches four modules instead of about
// fifty (each import level one round trip: the page's first translation waited for them, issue 17):
//
//   web/dist/demo-boot.js       entry: boot.js's head start (the catalogue, the worker, the model's
//                               download), run as soon as it and its chunk have arrived (async)
//   web/dist/demo-main.js       entry: main.js, the rest of the page (views, components, messages)
//   web/dist/demo-chunk.js      what both share: models.js, the engine's client, the stores...
//   web/dist/demo-attnseq.js    the Emscripten glue, loaded only where the engine runs in-thread
//   web/dist/attnseq-worker.js  the engine's Web Worker, one module ("flat" layout: attnseq.wasm beside
//                               it; the same file the npm package carries)
//
// esbuild with code splitting and web/src/assets.js's "demo" layout (the page's files as in the
// repository, the worker above). web/index.html loads the two entries and preloads the chunk. Run by
// scripts/build_wasm.sh (so `npm start`, the tests, the site build and the benchmark have it);
// scripts/serve.mjs rebuilds it when a file under web/src/ is newer, so an edited module shows on
// reload. The tutorial (web/examples/) and the package keep the unbundled modules of web/src/. Needs
// the devDependency esbuild.
//
// Usage: node scripts/build_demo.mjs [--if-stale] [--no-minify]
// As a module: buildDemo({minify, write}), demoIsStale(), DEMO_FILES.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'web');
const DIST = path.join(WEB, 'dist');
export const WORKER_BUNDLE = path.join(DIST, 'attnseq-worker.js');
/** The files the page loads (web/dist/, names fixed: index.html names them). */
export const DEMO_FILES = ['demo-boot.js', 'demo-main.js', 'demo-chunk.js'];

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
  return [...DEMO_FILES.map((f) => path.join(DIST, f)), WORKER_BUNDLE].some((f) => !existsSync(f) || statSync(f).mtimeMs < newest);
}

/**
 * Writes the page's bundles and web/dist/attnseq-worker.js; returns esbuild's metafile of the page's
 * bundles (inputs: every module of main.js's graph; outputs: the files and what each imports) and,
 * with write: false, their text by file name instead of writing anything.
 * @param {{minify?: boolean, write?: boolean}} [o]
 * @returns {Promise<{metafile: import('esbuild').Metafile, files?: Record<string, string>}>}
 */
export async function buildDemo({ minify = true, write = true } = {}) {
  if (!existsSync(path.join(DIST, 'attnseq.js'))) {
    throw new Error('web/dist/attnseq.js is missing: build it with scripts/build_wasm.sh (npm run build:wasm)');
  }
  // esbuild is imported here, not at the top: scripts/serve.mjs asks demoIsStale() on every request
  // for a bundle and should not load esbuild for that.
  const [{ build }, { bundleWorker }] = await Promise.all([import('esbuild'), import('./build_widgets.mjs')]);
  const [page] = await Promise.all([
    build({
      entryPoints: { 'demo-boot': path.join(WEB, 'src', 'app', 'boot.js'), 'demo-main': path.join(WEB, 'src', 'app', 'main.js') },
      outdir: DIST, bundle: true, splitting: true, format: 'esm', chunkNames: 'demo-[name]',
      platform: 'browser', target: 'es2022', minify, legalComments: 'none', metafile: true,
      define: { ATTNSEQ_LAYOUT: '"demo"' }, logLevel: 'warning', write,
    }),
    write ? bundleWorker(WORKER_BUNDLE, { minify }) : null,
  ]);
  if (write) rmSync(path.join(DIST, 'demo.js'), { force: true });  // the one-file bundle of earlier builds
  const files = page.outputFiles && Object.fromEntries(page.outputFiles.map((f) => [path.basename(f.path), f.text]));
  return { metafile: page.metafile, files };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  (async () => {
    if (argv.includes('--if-stale') && !demoIsStale()) return;
    const { metafile: meta } = await buildDemo({ minify: !argv.includes('--no-minify') });
    const out = Object.entries(meta.outputs).map(([f, o]) => `${path.basename(f)} ${o.bytes}`);
    console.log(`build_demo: ${Object.keys(meta.inputs).length} modules → web/dist/ ${out.join(', ')} bytes; ` +
      `attnseq-worker.js ${statSync(WORKER_BUNDLE).size} bytes`);
  })().catch((e) => { console.error(`build_demo: ${e.message}`); process.exit(1); });
}
