// web/index.html loads the demo bundled (scripts/build_demo.mjs): two entries, demo-boot.js (boot.js's
// head start, async) and demo-main.js, and the chunk they share: the browser fetches a few modules
// instead of main.js's ~50, each import level a round trip (issue 17). Together they must be main.js's
// whole graph, built with the "demo" layout (its worker is the bundled web/dist/attnseq-worker.js), and
// boot.js's head start must need nothing but the shared chunk.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_FILES, buildDemo, demoIsStale } from '../../scripts/build_demo.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB = path.join(ROOT, 'web');
const built = existsSync(path.join(WEB, 'dist', 'attnseq.js'));
const why = built ? false : 'web/dist/attnseq.js is not built (scripts/build_wasm.sh)';

/** Relative static imports and re-exports of an ES module (comments and dynamic import() ignored). */
export function staticImports(source) {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out = [];
  for (const m of code.matchAll(/^\s*(?:import|export)\s[^'";]*?\sfrom\s+['"](\.[^'"]+)['"]/gm)) out.push(m[1]);
  for (const m of code.matchAll(/^\s*import\s+['"](\.[^'"]+)['"]/gm)) out.push(m[1]);
  return out;
}

function graph(entry) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(readFileSync(file, 'utf8'))) walk(path.resolve(path.dirname(file), spec));
  };
  walk(entry);
  return seen;
}

test('staticImports finds static imports, re-exports and side-effect imports only', () => {
  const src = "import { a,\n  b } from './a.js';\nexport { c } from '../c.js';\nimport './side.js';\n" +
    "// import { x } from './commented.js';\nconst m = await import('./dynamic.js');\nimport d from 'bare';\n";
  assert.deepEqual(staticImports(src).sort(), ['../c.js', './a.js', './side.js']);
});

test('index.html loads the two entries (boot first, async) and preloads their chunk, nothing else', () => {
  const html = readFileSync(path.join(WEB, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  assert.deepEqual(scripts, ['<script type="module" async src="dist/demo-boot.js">', '<script type="module" src="dist/demo-main.js">']);
  assert.deepEqual([...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]), ['dist/demo-chunk.js']);
  assert.deepEqual(DEMO_FILES, ['demo-boot.js', 'demo-main.js', 'demo-chunk.js']);
});

test('boot.js is the first module main.js imports (where main.js runs unbundled, its head start runs first)', () => {
  const first = readFileSync(path.join(WEB, 'src/app/main.js'), 'utf8').match(/^import\b[^;]*?['"]([^'"]+)['"]/m);
  assert.equal(first?.[1], './boot.js');
});

test('the bundles are main.js\'s whole graph, in the demo layout; boot needs only the shared chunk', { skip: why }, async () => {
  const { metafile, files } = await buildDemo({ write: false });
  const inputs = Object.keys(metafile.inputs).map((f) => path.resolve(ROOT, f));
  const modules = [...graph(path.join(WEB, 'src/app/main.js'))];
  assert.ok(modules.length > 40, `only ${modules.length} modules found: the import parser is broken`);
  assert.deepEqual(modules.filter((f) => !inputs.includes(f)).map((f) => path.relative(ROOT, f)), []);
  assert.deepEqual(Object.keys(files).filter((f) => DEMO_FILES.includes(f)).sort(), [...DEMO_FILES].sort());
  const out = (name) => Object.entries(metafile.outputs).find(([f]) => path.basename(f) === name)[1];
  const imports = (name) => out(name).imports.filter((i) => i.kind === 'import-statement').map((i) => path.basename(i.path));
  assert.deepEqual(imports('demo-boot.js'), ['demo-chunk.js']);
  assert.deepEqual(imports('demo-main.js'), ['demo-chunk.js']);
  assert.ok(out('demo-chunk.js').inputs['web/src/app/boot.js'], 'boot.js is in the shared chunk (main.js imports it too)');
  assert.ok(out('demo-chunk.js').inputs['web/src/app/models.js'], 'models.js is shared: one catalogue, one translator per file');
  // the layout esbuild's define chose (the object of every layout is in the bundle)
  const text = Object.values(files).join('\n');
  assert.ok(/\[\s*"demo"\s*\]|\.demo\b/.test(text), 'the bundles read the "demo" layout');
  assert.ok(text.includes('dist/attnseq-worker.js'), 'the demo layout names the bundled worker');
});

test('the served bundles are up to date with web/src/ (scripts/build_wasm.sh builds them)', { skip: why }, () => {
  assert.equal(demoIsStale(), false, 'a file of web/dist/demo-*.js or attnseq-worker.js is missing or older than a module of web/src/');
});
