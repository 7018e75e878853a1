#!/usr/bin/env node
// npm's prepack (npm pack, npm publish): makes sure the package will run once installed.
//  - web/dist/attnseq.js + attnseq.wasm exist (built here by scripts/build_wasm.sh when Emscripten is
//    on PATH, else it stops and says so: the package is useless without them);
//  - web/dist/attnseq-worker.js, the engine's worker as one flat-layout module (esbuild), is written
//    fresh: applications that bundle attnseq copy it beside their bundle (npx attnseq-assets);
//  - every path of package.json "files" exists, and the catalogue's default model is one of them
//    (the package carries that model; the others come from a catalogue URL the page gives).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { bundleWorker, ROOT } from './build_widgets.mjs';
import { buildLangid } from './build_langid.mjs';

const fail = (msg) => { console.error(`prepack: ${msg}`); process.exit(1); };
const dist = (f) => path.join(ROOT, 'web', 'dist', f);
const onPath = (cmd) => (process.env.PATH ?? '').split(path.delimiter).some((d) => d && existsSync(path.join(d, cmd)));

if (!existsSync(dist('attnseq.js')) || !existsSync(dist('attnseq.wasm'))) {
  if (!onPath('emcc')) fail('web/dist/attnseq.js and attnseq.wasm are missing and Emscripten (emcc) is not on PATH: build them with scripts/build_wasm.sh first');
  console.log('prepack: web/dist/ is missing: building it (scripts/build_wasm.sh)');
  execFileSync('bash', [path.join(ROOT, 'scripts', 'build_wasm.sh')], { stdio: 'inherit', cwd: ROOT });
}
await bundleWorker(dist('attnseq-worker.js'));
await buildLangid();  // web/dist/attnseq-langid.js, for the current catalogue

const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
// an entry with a * (docs/eval/*.json) must match at least one file of its folder
const matches = (f) => {
  if (!f.includes('*')) return existsSync(path.join(ROOT, f));
  const dir = path.join(ROOT, path.dirname(f));
  const re = new RegExp(`^${path.basename(f).split('*').map((x) => x.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
  return existsSync(dir) && readdirSync(dir).some((n) => re.test(n));
};
const missing = pkg.files.filter((f) => !matches(f));
if (missing.length) fail(`package.json "files" names what is not here: ${missing.join(', ')}`);
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'models', 'manifest.json'), 'utf8'));
const def = manifest.models.find((m) => m.id === manifest.default);
if (!def) fail(`models/manifest.json: its default "${manifest.default}" is not one of its models`);
if (!pkg.files.includes(`models/${def.file}`)) fail(`package.json "files" must list the default model, models/${def.file}`);
console.log(`prepack: web/dist/ ready (attnseq.js, attnseq.wasm, attnseq-worker.js, attnseq-langid.js); default model ${def.id}`);
