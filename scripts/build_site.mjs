#!/usr/bin/env node
// The deployable static site (npm run build:site): one folder that works from any static host, at
// its root or under any sub-path (https://host/attnseq/), because every URL in it is relative.
//
//   build/site/index.html            → web/ (the demo)
//              web/                  the demo (index.html), the tutorial (examples/tutorial.html), the
//                                    ES modules, styles, the WebAssembly module (dist/) and the
//                                    service worker (sw.js, scope web/): the repository's layout
//              models/               the catalogue (manifest.json) and every model file it lists that exists
//              docs/eval/            the evaluation data the demo's Compare view shows
//              eval/                 the same for the one-module widgets (their flat layout: beside them)
//              attnseq-widgets.js    the widgets as one module for other sites (scripts/build_widgets.mjs):
//              attnseq-worker.js       <script type="module" src="https://host/attnseq/attnseq-widgets.js">
//              attnseq.wasm            with its worker, wasm and styles beside it; it shares models/
//              styles/, eval/
//              embed.html            a page using that one module (an example to copy)
//
// A host must send application/wasm for .wasm (compiled while it downloads) and, for pages of other
// origins to embed the widgets, Access-Control-Allow-Origin on .js/.wasm/.css/.json/.safetensors
// (README.md, "Deploy"). Needs web/dist/ (scripts/build_wasm.sh) and the devDependency esbuild.
//
// Usage: node scripts/build_site.mjs [--out build/site]   (npm run build:site -- --out DIR)
import { cp, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWidgets, ROOT } from './build_widgets.mjs';
import { copyModels } from './copy_assets.mjs';
import { buildDemo, demoIsStale } from './build_demo.mjs';

/** What of web/ the site leaves out: build and type-checking files, notes, other builds' outputs. */
function keep(src) {
  const rel = path.relative(path.join(ROOT, 'web'), src).split(path.sep).join('/');
  if (rel === '') return true;
  if (rel === 'tsconfig.json' || rel.endsWith('.d.ts') || rel.endsWith('.md') || /(^|\/)\./.test(rel)) return false;
  if (rel.startsWith('dist/') && !['dist/attnseq.js', 'dist/attnseq.wasm', 'dist/attnseq-worker.js', 'dist/attnseq-langid.js'].includes(rel) && !/^dist\/demo-[^/]*\.js$/.test(rel)) return false;
  return true;
}

const INDEX = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta http-equiv="refresh" content="0; url=web/">
  <title>attnseq</title>
  <link rel="icon" href="data:,">
</head>
<body>
  <p><a href="web/">attnseq: the demo</a> · <a href="web/examples/tutorial.html">the tutorial</a> (<a href="web/examples/tutorial.zh.html" lang="zh-Hans">中文</a>)</p>
</body>
</html>
`;

const EMBED = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>attnseq widgets: one script tag</title>
  <link rel="icon" href="data:,">
  <!-- From another site: src="https://this-host/this-path/attnseq-widgets.js" (the host must send CORS headers). -->
  <script type="module" src="attnseq-widgets.js"></script>
</head>
<body>
<main>
  <h1>attnseq widgets: one script tag</h1>
  <attnseq-translate text="You should wear shoes."><p>The interactive translation needs JavaScript.</p></attnseq-translate>
</main>
</body>
</html>
`;

/** @param {{out?: string}} [o] */
export async function buildSite({ out = path.join(ROOT, 'build', 'site') } = {}) {
  out = path.resolve(out);
  // The flat widget build first (it empties `out`), without models: it shares the site's models/.
  await buildWidgets({ out, models: 'none' });
  if (demoIsStale()) await buildDemo();  // the demo page's bundles, web/dist/demo-*.js and attnseq-worker.js
  await cp(path.join(ROOT, 'web'), path.join(out, 'web'), { recursive: true, filter: keep });
  const cat = await copyModels(path.join(out, 'models'), 'all');
  if (existsSync(path.join(ROOT, 'docs', 'eval'))) {
    await cp(path.join(ROOT, 'docs', 'eval'), path.join(out, 'docs', 'eval'), { recursive: true, filter: (f) => !path.basename(f).startsWith('.') });
  }
  // The service worker's precache list, for the site's own files (when this checkout writes one).
  if (existsSync(path.join(ROOT, 'scripts', 'precache.mjs'))) {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'precache.mjs'), path.join(out, 'web')], { stdio: 'inherit' });
  }
  await writeFile(path.join(out, 'index.html'), INDEX);
  await writeFile(path.join(out, 'embed.html'), EMBED);
  return { out, models: cat.models.map((m) => m.id) };
}

async function sizeOf(dir) {
  let n = 0, bytes = 0;
  for (const f of await readdir(dir, { recursive: true })) {
    const st = await stat(path.join(dir, f));
    if (st.isFile()) { n++; bytes += st.size; }
  }
  return { n, bytes };
}

async function main(argv) {
  const i = argv.indexOf('--out');
  const { out, models } = await buildSite({ out: i >= 0 ? argv[i + 1] : undefined });
  const { n, bytes } = await sizeOf(out);
  console.log(`build_site: ${path.relative(process.cwd(), out) || out}/ (${n} files, ${(bytes / 1e6).toFixed(1)} MB; models: ${models.join(', ')})`);
  console.log('  demo: web/   tutorial: web/examples/tutorial.html   widgets: attnseq-widgets.js (embed.html)');
  for (const line of hints(out)) console.log(line);
}

/** What main() prints after a build: how to try the folder, and what a cross-origin embed needs. */
export function hints(out) {
  return [
    `  try it under a sub-path: mkdir -p /tmp/host && ln -sfn "${out}" /tmp/host/attnseq && python3 -m http.server -d /tmp/host 8000  → http://localhost:8000/attnseq/`,
    '  pages of another origin that embed attnseq-widgets.js need Access-Control-Allow-Origin on every file: '
      + `node scripts/serve.mjs --dir "${out}" sends it, python3 -m http.server does not (README.md, "Deploy")`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((e) => { console.error(`build_site: ${e.message}`); process.exit(1); });
}
