#!/usr/bin/env node
// The single-file build: web/index.html with its stylesheets, every ES module it imports, the
// WebAssembly module and the default model inlined, so the demo works opened from file:// (no
// server, no network). No bundler: each module becomes a data: URL named in an import map (its
// relative imports rewritten to those names), the wasm a data: URL in the Emscripten glue, the model
// base64 in a JSON block the app reads (web/src/app/models.js). The engine runs in-thread there
// (a file:// page cannot start a module worker). The page keeps a strict CSP: the two inline
// scripts are allowed by their SHA-256 hashes.
//
// Usage: node scripts/build_single_file.mjs [--model ID|FILE] [--out build/single/attnseq.html]
//   Default model: the manifest's default (models/manifest.json) when its file exists, else the
//   random-weight test Transformer. Needs web/dist/ (scripts/build_wasm.sh).
import { readFile, writeFile, mkdir, stat } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB = path.join(ROOT, 'web');
const ENTRY = 'web/src/app/main.js';
const GLUE = 'web/dist/attnseq.js';
const WASM_URL_EXPR = 'new URL("attnseq.wasm",import.meta.url).toString()';
const SPEC = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"\n]+)\2/g;

const arg = (name) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
const b64 = (buf) => Buffer.from(buf).toString('base64');
const sha256b64 = (text) => createHash('sha256').update(text, 'utf8').digest('base64');
const name = (rel) => `@attnseq/${rel}`;

/** The model to inline: {id, label, src, tgt, arch, file}. */
function pickModel(wanted) {
  if (wanted && existsSync(wanted)) {
    const id = path.basename(wanted).replace(/(\.i8)?\.safetensors$/, '');
    return { id, label: id, src: 'en', tgt: 'fr', file: path.resolve(wanted) };
  }
  const manifestFile = path.join(ROOT, 'models', 'manifest.json');
  if (existsSync(manifestFile)) {
    const m = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const present = m.models.filter((x) => existsSync(path.join(ROOT, 'models', x.file)));
    const entry = present.find((x) => x.id === (wanted ?? m.default)) ?? (wanted ? null : present[0]);
    if (entry) return { ...entry, file: path.join(ROOT, 'models', entry.file) };
    if (wanted) throw new Error(`model ${wanted}: not in models/manifest.json or its file is missing`);
  }
  return { id: 'tiny-transformer', label: 'Test model: Transformer (random weights)', src: 'en', tgt: 'fr', arch: 'transformer',
    file: path.join(ROOT, 'tests/data/models/tiny-transformer.safetensors') };
}

/** Every module reachable from the entry: rel path → source with rewritten specifiers. */
async function collect(entry) {
  const out = new Map();
  const queue = [entry];
  while (queue.length) {
    const rel = queue.shift();
    if (out.has(rel)) continue;
    let src = await readFile(path.join(ROOT, rel), 'utf8');
    const deps = [];
    src = src.replace(SPEC, (m, head, q, spec) => {
      const dep = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
      // a JSDoc type import of a declaration file (import('./dom-types.js') for dom-types.d.ts): no module
      if (!existsSync(path.join(ROOT, dep)) && existsSync(path.join(ROOT, dep.replace(/\.js$/, '.d.ts')))) return m;
      deps.push(dep);
      return `${head}${q}${name(dep)}${q}`;
    });
    out.set(rel, src);
    queue.push(...deps.filter((d) => !out.has(d)));
  }
  return out;
}

async function main() {
  const outFile = path.resolve(arg('--out') ?? path.join(ROOT, 'build', 'single', 'attnseq.html'));
  if (!existsSync(path.join(ROOT, GLUE))) throw new Error('web/dist/attnseq.js is missing: run scripts/build_wasm.sh first');
  const model = pickModel(arg('--model'));
  const modules = await collect(ENTRY);

  // The wasm, inlined where the glue would fetch it.
  const glue = modules.get(GLUE);
  if (!glue?.includes(WASM_URL_EXPR)) throw new Error(`${GLUE}: cannot find ${WASM_URL_EXPR} (Emscripten glue changed?)`);
  const wasm = await readFile(path.join(ROOT, 'web/dist/attnseq.wasm'));
  modules.set(GLUE, glue.replace(WASM_URL_EXPR, JSON.stringify(`data:application/octet-stream;base64,${b64(wasm)}`)));

  const imports = {};
  for (const [rel, src] of modules) imports[name(rel)] = `data:text/javascript;base64,${b64(src)}`;
  const importMap = JSON.stringify({ imports });
  const boot = `import ${JSON.stringify(name(ENTRY))};`;

  const modelBytes = await readFile(model.file);
  const { file, ...entry } = model;
  const inline = JSON.stringify({ manifest: { default: model.id, models: [{ ...entry, file: path.basename(file) }] }, models: { [model.id]: b64(modelBytes) } })
    .replace(/</g, '\\u003c');

  const css = [];
  let html = await readFile(path.join(WEB, 'index.html'), 'utf8');
  html = html.replace(/\s*<link rel="stylesheet" href="([^"]+)">/g, (m, href) => { css.push(href); return ''; });
  // the served page's bundles (web/dist/demo-*.js, main.js's graph): here each module is inlined, and
  // main.js imports boot.js itself
  html = html.replace(/\s*<!-- main\.js's graph bundled[\s\S]*?-->/, '').replace(/\s*<link rel="modulepreload" href="[^"]+">/g, '')
    .replace(/\s*<script type="module" async src="[^"]+"><\/script>/g, '');
  const styles = await Promise.all(css.map((href) => readFile(path.join(WEB, href), 'utf8')));
  const csp = ["default-src 'none'", `script-src 'sha256-${sha256b64(importMap)}' 'sha256-${sha256b64(boot)}' data: 'wasm-unsafe-eval'`,
    "style-src 'unsafe-inline'", 'img-src data: blob:', 'connect-src data:', "base-uri 'none'", "object-src 'none'"].join('; ');
  html = html
    .replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*">/, `<meta http-equiv="Content-Security-Policy" content="${csp}">`)
    .replace(/\s*<script type="module" src="[^"]+"><\/script>/, () => [
      `\n  <style>\n${styles.join('\n')}\n  </style>`,
      `\n  <script type="application/json" id="attnseq-inline">${inline}</script>`,
      `\n  <script type="importmap">${importMap}</script>`,
      `\n  <script type="module">${boot}</script>`,
    ].join(''))
    .replace(/<a href="examples\/tutorial.html"[^>]*>.*?<\/a>/, '');
  if (/<script[^>]+src=|rel="modulepreload"/.test(html)) throw new Error('an external script is left in the page');
  await mkdir(path.dirname(outFile), { recursive: true });
  await writeFile(outFile, html);
  const { size } = await stat(outFile);
  console.log(`build_single_file: ${path.relative(process.cwd(), outFile)} (${(size / 1e6).toFixed(1)} MB; model ${model.id}, ${modules.size} modules)`);
  console.log(`  open file://${outFile}`);
}

main().catch((e) => { console.error(`build_single_file: ${e.message}`); process.exit(1); });
