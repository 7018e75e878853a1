#!/usr/bin/env node
// attnseq-assets: copies the files attnseq loads at run time beside an application's bundle, in the
// "flat" layout of web/src/assets.js (a bundle built with esbuild's
// `define: { ATTNSEQ_LAYOUT: '"flat"' }` looks for them beside itself):
//
//   <out>/attnseq.wasm          the WebAssembly module
//         attnseq-langid.js     the language identifier (scripts/build_langid.mjs)
//         attnseq-worker.js     the engine's Web Worker, one module (built by the package's prepack)
//         styles/*.css          the stylesheets the widgets load into their shadow roots
//         models/manifest.json  the catalogue, listing the models copied (the package carries the default one)
//         models/<file>         their files
//         eval/<id>.json        the evaluation data (test BLEU) of every catalogue model that has it,
//                               which view="scores" shows (the package carries docs/eval/*.json)
//         data/*.json           the N-gram counts view="ngram" shows (web/data/)
//
// Usage (in a project that installed the package): npx attnseq-assets public/
//   [--models default|all]  default: the catalogue's default model; all: every model whose file is here
// As a module (Node): import { copyAssets } from 'attnseq/assets'; await copyAssets('public');
// No dependencies: it ships in the npm package (scripts/build_widgets.mjs uses it too).
import { copyFile, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The package's (or the repository's) root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'web');

/**
 * The catalogue (models/manifest.json) reduced to the entries to copy: 'default' (the default
 * model's), 'all' (every entry whose file exists). Entries whose file is missing are left out.
 * @returns {Promise<{default: string, models: any[]}>}
 */
export async function catalogue(which = 'default') {
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'models', 'manifest.json'), 'utf8'));
  const present = manifest.models.filter((m) => existsSync(path.join(ROOT, 'models', m.file)));
  const def = present.find((m) => m.id === manifest.default) ?? present[0];
  if (!def) throw new Error(`${path.join(ROOT, 'models', 'manifest.json')}: none of its models' files is beside it`);
  return { ...manifest, default: def.id, models: which === 'all' ? present : [def] };
}

/** Copies models/manifest.json (reduced to `which`) and its files into `dir`. */
export async function copyModels(dir, which = 'default') {
  const cat = await catalogue(which);
  await mkdir(dir, { recursive: true });
  for (const m of cat.models) await copyFile(path.join(ROOT, 'models', m.file), path.join(dir, m.file));
  await writeFile(path.join(dir, 'manifest.json'), `${JSON.stringify(cat, null, 2)}\n`);
  return cat;
}

/**
 * Copies docs/eval/<id>.json of every model of the full catalogue that has one into `dir` (the flat
 * layout's eval/, web/src/assets.js): the score cards' test BLEU (the package carries docs/eval/*.json;
 * nothing when a copy has no docs/eval/). @returns {Promise<string[]>} the ids copied
 */
export async function copyEvals(dir) {
  const src = path.join(ROOT, 'docs', 'eval');
  if (!existsSync(src)) return [];
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'models', 'manifest.json'), 'utf8'));
  const ids = manifest.models.map((m) => m.id).filter((id) => existsSync(path.join(src, `${id}.json`)));
  await mkdir(dir, { recursive: true });
  for (const id of ids) await copyFile(path.join(src, `${id}.json`), path.join(dir, `${id}.json`));
  return ids;
}

/** Copies web/data/*.json (the N-gram counts view="ngram" shows) into `dir`. */
export async function copyData(dir) {
  const src = path.join(WEB, 'data');
  if (!existsSync(src)) return;
  await mkdir(dir, { recursive: true });
  for (const f of await readdir(src)) if (f.endsWith('.json')) await copyFile(path.join(src, f), path.join(dir, f));
}

/** Copies web/styles/*.css into `dir`. */
export async function copyStyles(dir) {
  await mkdir(dir, { recursive: true });
  for (const f of await readdir(path.join(WEB, 'styles'))) {
    if (f.endsWith('.css')) await copyFile(path.join(WEB, 'styles', f), path.join(dir, f));
  }
}

/**
 * Copies the flat layout's files into `out`: attnseq.wasm, attnseq-langid.js (the language identifier),
 * attnseq-worker.js (unless worker: false), styles/, models/, eval/ (when there is evaluation data).
 * @param {string} out
 * @param {{models?: 'default'|'all', worker?: boolean}} [options]
 * @returns {Promise<{out: string, models: string[], evals: string[]}>}
 */
export async function copyAssets(out, { models = 'default', worker = true } = {}) {
  out = path.resolve(out);
  const files = ['attnseq.wasm', 'attnseq-langid.js', ...(worker ? ['attnseq-worker.js'] : [])];
  for (const f of files) {
    if (!existsSync(path.join(WEB, 'dist', f))) {
      throw new Error(`${path.join(WEB, 'dist', f)} is missing (in a checkout: npm run build:wasm, and npm pack's prepack for the worker bundle)`);
    }
  }
  await mkdir(out, { recursive: true });
  for (const f of files) await copyFile(path.join(WEB, 'dist', f), path.join(out, f));
  await copyStyles(path.join(out, 'styles'));
  const cat = await copyModels(path.join(out, 'models'), models);
  const evals = await copyEvals(path.join(out, 'eval'));
  await copyData(path.join(out, 'data'));
  return { out, models: cat.models.map((m) => m.id), evals };
}

async function main(argv) {
  const i = argv.indexOf('--models');
  const models = i >= 0 ? argv[i + 1] : 'default';
  const [out] = argv.filter((a, k) => !a.startsWith('--') && argv[k - 1] !== '--models');
  if (argv.includes('--help')) { console.log(USAGE); return; }
  if (!out || !['default', 'all'].includes(models)) throw new Error(USAGE);
  const r = await copyAssets(out, { models });
  console.log(`attnseq-assets: attnseq.wasm, attnseq-langid.js, attnseq-worker.js, styles/, models/ (${r.models.join(', ')}), ` +
    `eval/ (${r.evals.length} models) in ${r.out}`);
}

const USAGE = 'usage: attnseq-assets <folder of your bundle> [--models default|all]';

// Run as a program (node_modules/.bin/attnseq-assets is a link to this file).
const invoked = (() => { try { return pathToFileURL(realpathSync(process.argv[1] ?? '')).href; } catch { return ''; } })();
if (import.meta.url === invoked) {
  main(process.argv.slice(2)).catch((e) => { console.error(`attnseq-assets: ${e.message}`); process.exit(1); });
}
