// Writes web/precache.json: every file the demo and the tutorial need to start and translate, except
// the models (large: the page asks the service worker for the one it shows). Paths are relative to
// web/ (the service worker's scope). web/sw.js caches all of them when it installs, and the page says
// "available offline" only once every one of them, and its model, is in the cache.
// Run by scripts/build_wasm.sh (so `npm start`, the tests and the site build have it); the file is
// derived, not committed. Usage: node scripts/precache.mjs [web-dir]
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.resolve(process.argv[2] ?? path.join(root, 'web'));

function walk(dir, keep) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p, keep));
    else if (keep(e.name)) out.push(p);
  }
  return out;
}

const rel = (p) => path.relative(web, p).split(path.sep).join('/');
const files = [
  path.join(web, 'index.html'),
  ...walk(path.join(web, 'examples'), (n) => /\.(html|css|js)$/.test(n)),
  ...walk(path.join(web, 'src'), (n) => n.endsWith('.js')),
  ...walk(path.join(web, 'styles'), (n) => n.endsWith('.css')),
  ...walk(path.join(web, 'data'), (n) => n.endsWith('.json')),  // the N-gram counts (view="ngram")
  ...['attnseq.js', 'attnseq.wasm', 'attnseq-worker.js', 'attnseq-langid.js'].map((f) => path.join(web, 'dist', f)),
  ...walk(path.join(web, 'dist'), (n) => /^demo-.*\.js$/.test(n)),  // the page's bundles (scripts/build_demo.mjs)
  path.join(web, '..', 'models', 'manifest.json'),
  ...walk(path.join(web, '..', 'docs', 'eval'), (n) => n.endsWith('.json')),
].filter((p) => existsSync(p) && statSync(p).isFile());

const hash = createHash('sha256');
for (const f of files) hash.update(rel(f)).update(readFileSync(f));
const list = { version: hash.digest('hex').slice(0, 16), files: ['./', ...files.map(rel)] };
writeFileSync(path.join(web, 'precache.json'), `${JSON.stringify(list, null, 1)}\n`);
console.log(`precache: ${path.relative(root, path.join(web, 'precache.json'))}: ${list.files.length} files (version ${list.version})`);
