#!/usr/bin/env node
// The tutorial widgets as one module any site can load, even from another origin. esbuild bundles
// web/src/widgets.js and the engine's worker with web/src/assets.js's "flat" layout (every file beside
// the bundle) and this script writes those files next to them:
//
//   <out>/attnseq-widgets.js   the widgets: one minified ES module (the engine and the Emscripten glue in it)
//         attnseq-worker.js    the engine's Web Worker (one module)
//         attnseq.wasm         the WebAssembly module
//         attnseq-langid.js    the language identifier (scripts/build_langid.mjs), loaded when a text is checked
//         styles/              the stylesheets the widgets load into their shadow roots
//         models/              manifest.json (the models copied here) and the default model's file
//         eval/                <model id>.json: the test BLEU the score cards show (every catalogue model's)
//         data/                the N-gram counts view="ngram" shows (web/data/)
//
// Serve <out> from any static host (application/wasm for .wasm); a page of another origin embeds with
//   <script type="module" src="https://host/path/attnseq-widgets.js"></script>
//   <attnseq-translate text="You should wear shoes."></attnseq-translate>
// which needs `Access-Control-Allow-Origin` on that host (README.md, "Deploy"). Needs web/dist/
// (scripts/build_wasm.sh) and the devDependency esbuild.
//
// Usage: node scripts/build_widgets.mjs [--out build/widgets] [--models default|all|none] [--no-minify]
//   --models all: every catalogue model whose file exists; none: no models/ (the page names a
//   catalogue with <meta name="attnseq-models"> or the widgets' models attribute).
// As a module: buildWidgets({out, models, minify}), bundleWorker(outfile) (the package's prepack).
// The files beside the bundles are copied by scripts/copy_assets.mjs (the package's attnseq-assets).
import { build } from 'esbuild';
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { copyAssets, copyData, copyEvals, copyStyles } from './copy_assets.mjs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'web');

/** esbuild's options for one of attnseq's browser bundles in the flat layout. */
function options(entry, outfile, minify) {
  return {
    entryPoints: [path.join(WEB, 'src', entry)], outfile, bundle: true, format: /** @type {const} */ ('esm'),
    platform: /** @type {const} */ ('browser'), target: 'es2022', minify, legalComments: /** @type {const} */ ('none'),
    define: { ATTNSEQ_LAYOUT: '"flat"' }, logLevel: /** @type {const} */ ('warning'),
    // package.json "browser" maps node:fs/promises (Node-only branches of engine/) to an empty module
  };
}

/** The engine's worker as one flat-layout module (attnseq.wasm beside it). */
export async function bundleWorker(outfile, { minify = true } = {}) {
  await build(options('engine/worker.js', outfile, minify));
  return outfile;
}

export function checkDist() {
  for (const f of ['attnseq.js', 'attnseq.wasm', 'attnseq-langid.js']) {
    if (!existsSync(path.join(WEB, 'dist', f))) throw new Error(`web/dist/${f} is missing: build it with scripts/build_wasm.sh (npm run build:wasm)`);
  }
}

/** Empties `out` only when it is missing, empty or an earlier build (it holds attnseq-widgets.js). */
async function emptyBuildFolder(out) {
  if (!existsSync(out)) return;
  const inside = await readdir(out);
  if (inside.length && !inside.includes('attnseq-widgets.js')) {
    throw new Error(`${out} is not empty and not an earlier build (no attnseq-widgets.js): choose another --out`);
  }
  await rm(out, { recursive: true, force: true });
}

/**
 * Writes the flat widget build into `out` (emptied first when it is an earlier build).
 * @param {{out?: string, models?: 'default'|'all'|'none', minify?: boolean}} [o]
 */
export async function buildWidgets({ out = path.join(ROOT, 'build', 'widgets'), models = 'default', minify = true } = {}) {
  checkDist();
  out = path.resolve(out);
  await emptyBuildFolder(out);
  await mkdir(out, { recursive: true });
  await build(options('widgets.js', path.join(out, 'attnseq-widgets.js'), minify));
  await bundleWorker(path.join(out, 'attnseq-worker.js'), { minify });
  if (models === 'none') {
    for (const f of ['attnseq.wasm', 'attnseq-langid.js']) await copyFile(path.join(WEB, 'dist', f), path.join(out, f));
    await copyStyles(path.join(out, 'styles'));
    await copyEvals(path.join(out, 'eval'));
    await copyData(path.join(out, 'data'));
    return { out, models: [] };
  }
  return copyAssets(out, { models, worker: false });  // attnseq.wasm, attnseq-langid.js, styles/, models/, eval/
}

async function main(argv) {
  const arg = (name) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
  const models = arg('--models') ?? 'default';
  if (!['default', 'all', 'none'].includes(models)) throw new Error(`--models ${models}: expected default, all or none`);
  const { out, models: ids } = await buildWidgets({ out: arg('--out'), models, minify: !argv.includes('--no-minify') });
  for (const f of (await readdir(out, { recursive: true })).sort()) {
    const st = await stat(path.join(out, f));
    if (st.isFile()) console.log(`${String(st.size).padStart(10)}  ${path.relative(ROOT, path.join(out, f))}`);
  }
  console.log(`build_widgets: ${path.relative(ROOT, out) || out}/ (models: ${ids.join(', ') || 'none'})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((e) => { console.error(`build_widgets: ${e.message}`); process.exit(1); });
}
