// web/index.html preloads main.js's whole static import graph (<link rel="modulepreload">), so the
// browser fetches the modules at once instead of one import level per round trip: the list must
// match the graph (a new module left out would only be slower; a removed one would 404).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

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

test('index.html preloads exactly the modules its module scripts import, directly or not', () => {
  const html = readFileSync(path.join(WEB, 'index.html'), 'utf8');
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => path.resolve(WEB, m[1]));
  const entries = [...html.matchAll(/<script type="module"(?: async)? src="([^"]+)"><\/script>/g)].map((m) => path.resolve(WEB, m[1]));
  const main = path.join(WEB, 'src/app/main.js');
  const boot = path.join(WEB, 'src/app/boot.js');
  assert.deepEqual(entries, [boot, main], 'boot.js (async, first), then main.js');
  const modules = [...graph(main)].filter((f) => !entries.includes(f));
  const rel = (fs) => fs.map((f) => path.relative(WEB, f)).sort();
  assert.equal(new Set(preloaded).size, preloaded.length, 'a module is preloaded twice');
  assert.deepEqual(rel(preloaded), rel(modules));
  assert.ok(modules.length > 20, `only ${modules.length} modules found: the import parser is broken`);
  // boot.js is a head start on part of main.js's graph: it brings no module of its own
  const bootGraph = [...graph(boot)].filter((f) => f !== boot);
  assert.deepEqual(bootGraph.filter((f) => !modules.includes(f)), []);
  assert.ok(bootGraph.length < modules.length / 2, `boot.js waits for ${bootGraph.length} of ${modules.length} modules`);
  // ... and its modules are asked for first
  assert.deepEqual(rel(preloaded.slice(0, bootGraph.length)), rel(bootGraph));
});
