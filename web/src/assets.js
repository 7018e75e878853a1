// Where attnseq finds its own files, from the URL of this module: one place, so that the same code
// works from the repository (web/src/…), from the npm package, from a bundle a site builds, and from
// the one-file widget build served by another origin (scripts/build_widgets.mjs sets the layout of its
// output with esbuild's `define`: ATTNSEQ_LAYOUT).
//   layout "source" (default): this file is <web>/src/assets.js; the WebAssembly module is
//     <web>/dist/, styles <web>/styles/, the worker <web>/src/engine/worker.js, the catalogue
//     <web>/../models/manifest.json, evaluation data <web>/../docs/eval/, the N-gram counts <web>/data/
//   layout "flat": everything beside the bundle: attnseq.wasm, styles/, attnseq-worker.js,
//     models/manifest.json, eval/
//   layout "demo": the demo page's bundle, <web>/dist/demo.js (scripts/build_demo.mjs): the files of
//     "source", with the worker bundled beside the wasm, <web>/dist/attnseq-worker.js
/* global ATTNSEQ_LAYOUT */

const LAYOUTS = {
  source: { root: '../', wasm: 'dist/', styles: 'styles/', worker: 'src/engine/worker.js', models: '../models/manifest.json', evals: '../docs/eval/', data: 'data/' },
  demo: { root: '../', wasm: 'dist/', styles: 'styles/', worker: 'dist/attnseq-worker.js', models: '../models/manifest.json', evals: '../docs/eval/', data: 'data/' },
  flat: { root: './', wasm: './', styles: 'styles/', worker: 'attnseq-worker.js', models: 'models/manifest.json', evals: 'eval/', data: 'data/' },
};

// @ts-ignore -- replaced by the bundler (a string), else undefined
const layout = LAYOUTS[typeof ATTNSEQ_LAYOUT === 'string' ? ATTNSEQ_LAYOUT : 'source'];

/** The base URL of attnseq's files, or null where this module has no URL to resolve from (a data: module). */
export const BASE = (() => {
  try {
    const u = new URL(layout.root, import.meta.url);
    return u.protocol === 'data:' ? null : u;
  } catch {
    return null;
  }
})();

/**
 * The URL of one of attnseq's files: 'wasm' (the directory of attnseq.wasm), 'styles' (the
 * stylesheets' directory), 'worker' (the Web Worker module), 'models' (the default catalogue),
 * 'evals' (the evaluation data's directory), 'data' (web/data/: the N-gram counts). Null without a BASE.
 * @param {'wasm'|'styles'|'worker'|'models'|'evals'|'data'} what
 * @returns {URL | null}
 */
export function assetUrl(what) {
  return BASE ? new URL(layout[what], BASE) : null;
}
