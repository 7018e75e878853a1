#!/usr/bin/env node
// Static server for the web demo (`npm start`): serves the repository's web/, models/, docs/eval/
// and tests/data/models/ (fallback models) on http://localhost:PORT/ and prints the demo's URL.
// Every response carries a strong ETag made from a SHA-256 of the content (the service worker uses
// it to detect a changed model) and, unless --no-csp, the demo's Content-Security-Policy.
// Scripts, wasm, CSS, JSON and models are sent with `Access-Control-Allow-Origin: *` and
// `Cross-Origin-Resource-Policy: cross-origin`: a page of another origin may embed the widgets
// (<script type="module" src="http://this-server/attnseq-widgets.js">), which import modules, start
// their worker from them, fetch the wasm, the catalogue and the models, and link the stylesheets.
//
// Usage: node scripts/serve.mjs [--port N] [--host H] [--models DIR] [--dir DIR] [--no-csp | --csp POLICY] [--quiet]
//   --dir DIR serves the folder DIR at / instead of the repository (e.g. build/widgets or build/site).
//   PORT (env) sets the port when --port is not given (default 8080; 0 picks a free one).
//   --models DIR (or ATTNSEQ_MODELS_DIR) serves DIR as /models/ instead of the repository's models/.
//   --csp POLICY (or ATTNSEQ_CSP) sends POLICY instead of the demo's policy, e.g. the strictest one the
//   pages need: --csp "script-src 'self' 'wasm-unsafe-eval'" (tests/e2e/csp.test.mjs).
// As a module: const {url, close} = await startServer({port: 0}).
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import { promisify } from 'node:util';
import { mkdir, readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PREFIXES = ['web/', 'models/', 'docs/eval/', 'tests/data/models/'];
const HIDDEN = /(^|\/)\.|\.map$/;  // dot files, source maps

export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join('; ');

// Cross-origin use of these kinds of file (see above); other responses (pages) stay same-origin.
const CORS_TYPES = new Set(['.js', '.mjs', '.wasm', '.css', '.json', '.safetensors']);
const CORS = { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' };

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8', '.webmanifest': 'application/manifest+json',
  '.safetensors': 'application/octet-stream', '.ts': 'text/plain; charset=utf-8',
};

const hashes = new Map();  // path → {mtimeMs, size, etag}

// Compressed transfer where the browser takes it: brotli, else gzip, for text and for the .wasm and
// models (the wasm to 31%, a model to 84%). Compressed once per file content (ETag) and kept, off the
// event loop (zlib's thread pool). A large file (the .wasm, models) is never waited for: until its
// compressed body is ready it goes out as it is, so the first visit is not held up by compression
// (precompress() makes them ahead, as a host with precompressed files has them).
// ATTNSEQ_COMPRESS_CACHE=DIR keeps each compressed body in DIR too, named by the content's hash and
// the encoding, for every server process that is given the same DIR (the browser tests start one
// per test file: without it each compressed the .wasm and every model again).
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.wasm', '.safetensors', '.svg', '.md', '.txt', '.webmanifest']);
const LARGE = 256 * 1024;
const compressed = new Map();  // `${etag} ${encoding}` → Promise<Buffer>, then Buffer
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
function encodingFor(req, ext) {
  if (!COMPRESSIBLE.has(ext) || process.env.ATTNSEQ_NO_COMPRESS) return null;
  const accept = String(req.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
}
/** The compressed body (a Buffer), or, for a large file not compressed yet, null (being compressed). */
async function compress(body, etag, encoding) {
  const key = `${etag} ${encoding}`;
  let out = compressed.get(key);
  if (!out) {
    if (compressed.size > 1024) compressed.clear();  // (a site of a few hundred files fits)
    out = cachedOr(etag, encoding, () => (encoding === 'br'
      ? brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
      : gzipAsync(body, { level: 9 }))).then((buf) => { compressed.set(key, buf); return buf; });
    out.catch(() => compressed.delete(key));
    compressed.set(key, out);
  }
  if (Buffer.isBuffer(out)) return out;
  return body.byteLength >= LARGE ? null : out;
}

/** The compressed body from ATTNSEQ_COMPRESS_CACHE when it is there, else make() (written there when set). */
async function cachedOr(etag, encoding, make) {
  const dir = process.env.ATTNSEQ_COMPRESS_CACHE;
  if (!dir) return make();
  const file = path.join(dir, `${etag.replace(/"/g, '')}.${encoding}`);
  try { return await readFile(file); } catch { /* not there yet */ }
  const buf = await make();
  try {
    await mkdir(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(tmp, buf);
    await rename(tmp, file);  // whole or not at all, for the other processes that read it
  } catch { /* a cache that cannot be written is no cache */ }
  return buf;
}

/**
 * Compresses the large files (.wasm, .safetensors) of the repository's web/dist and models, or of
 * `dir`, now, for both encodings, and resolves when done: their first request then goes out compressed.
 * @param {{dir?: string}} [options]
 */
export async function precompress({ dir } = {}) {
  const files = await largeFiles(dir ?? ROOT, dir ? [''] : ['web/dist', 'models']);
  await Promise.all(files.map(async (rel) => {
    const file = path.join(dir ?? ROOT, rel);
    const st = await stat(file);
    const body = await readFile(file);
    const etag = await etagOf(file, st, body);
    for (const encoding of ['br', 'gzip']) {
      compress(body, etag, encoding).catch(() => {});  // starts it (or finds it done)
      await compressed.get(`${etag} ${encoding}`);
    }
  }));
}

/** The .wasm and .safetensors files under these folders of `root` (relative paths; four levels deep at most). */
async function largeFiles(root, folders) {
  const out = [];
  const walk = async (rel, depth) => {
    let entries = [];
    try { entries = await readdir(path.join(root, rel), { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory() && depth < 4 && !e.name.startsWith('.')) await walk(child, depth + 1);
      else if (e.isFile() && /\.(wasm|safetensors)$/.test(e.name)) out.push(child);
    }
  };
  for (const f of folders) await walk(f, 0);
  return out;
}

async function etagOf(file, st, body) {
  const hit = hashes.get(file);
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) return hit.etag;
  const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
  hashes.set(file, { mtimeMs: st.mtimeMs, size: st.size, etag });
  return etag;
}

/** URL path → file path inside an allowed folder (or inside `dir`, when given), or null. */
function resolvePath(urlPath, modelsDir, dir) {
  let rel;
  try { rel = decodeURIComponent(urlPath).replace(/^\/+/, ''); } catch { return null; }
  if (rel.includes('\0') || HIDDEN.test(rel)) return null;
  const norm = path.posix.normalize(rel);
  if (dir) {
    if (norm.startsWith('..')) return null;
    const file = path.join(dir, norm);
    return file === dir || file.startsWith(dir + path.sep) ? file : null;
  }
  if (norm.startsWith('..') || !PREFIXES.some((p) => norm.startsWith(p) || `${norm}/` === p)) return null;
  if (modelsDir && norm.startsWith('models/')) {
    const file = path.join(modelsDir, norm.slice('models/'.length));
    return file === modelsDir || file.startsWith(modelsDir + path.sep) ? file : null;
  }
  const file = path.join(ROOT, norm);
  return file.startsWith(ROOT + path.sep) ? file : null;
}

// The demo page's bundles (scripts/build_demo.mjs), rebuilt when a module of web/src/ is newer than
// them: an edited module shows on reload, as it would unbundled. One rebuild at a time.
const BUNDLES = /^\/web\/dist\/(demo-[^/]*|attnseq-worker)\.js$/;
let rebuilding = null;
async function freshBundles(log) {
  rebuilding ??= (async () => {
    try {
      const { buildDemo, demoIsStale } = await import('./build_demo.mjs');
      if (demoIsStale()) {
        await buildDemo();
        log('rebuilt web/dist/demo-*.js and attnseq-worker.js (a module of web/src/ changed)');
      }
    } catch (e) {
      log(`web/dist/demo-*.js not rebuilt: ${e.message}`);
    } finally {
      rebuilding = null;
    }
  })();
  return rebuilding;
}

export async function handle(req, res, { csp = true, log = () => {}, modelsDir, dir } = {}) {
  const url = new URL(req.url, 'http://localhost');
  // Redirects and errors carry CORS too: a cross-origin module import follows the redirect below only
  // with it, and a page of another origin then sees "404" instead of an opaque CORS failure.
  const send = (status, body, headers = {}) => {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...CORS, ...headers });
    res.end(req.method === 'HEAD' ? undefined : body);
    log(`${status} ${req.method} ${url.pathname}`);
  };
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed\n', { Allow: 'GET, HEAD' });
  if (!dir && (url.pathname === '/' || url.pathname === '/index.html')) return send(302, '', { Location: '/web/' });
  // The widgets entry under its published name (a redirect keeps its relative imports working).
  if (!dir && url.pathname === '/attnseq-widgets.js') return send(302, '', { Location: '/web/src/widgets.js' });
  let file = resolvePath(url.pathname, modelsDir, dir);
  if (!file) return send(404, 'not found\n');
  if (!dir && BUNDLES.test(url.pathname)) await freshBundles(log);
  let st;
  try {
    st = await stat(file);
    if (st.isDirectory()) {
      if (!url.pathname.endsWith('/')) return send(301, '', { Location: `${url.pathname}/${url.search}` });
      file = path.join(file, 'index.html');
      st = await stat(file);
    }
  } catch {
    return send(404, 'not found\n');
  }
  let body;
  try { body = await readFile(file); } catch { return send(404, 'not found\n'); }
  const etag = await etagOf(file, st, body);
  const ext = path.extname(file).toLowerCase();
  const headers = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': 'no-cache',
    ETag: etag,
    'Content-Length': String(body.byteLength),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    ...(CORS_TYPES.has(ext) ? CORS : {}),
  };
  if (csp && (ext === '.html' || ext === '.js')) headers['Content-Security-Policy'] = typeof csp === 'string' ? csp : CSP;
  if (path.basename(file) === 'sw.js') headers['Service-Worker-Allowed'] = '/';
  const inm = req.headers['if-none-match'];
  if (inm && inm.split(',').map((x) => x.trim().replace(/^W\//, '')).includes(etag)) {
    delete headers['Content-Length'];
    res.writeHead(304, headers);
    res.end();
    log(`304 ${req.method} ${url.pathname}`);
    return;
  }
  const encoding = encodingFor(req, ext);
  headers.Vary = 'Accept-Encoding';
  const packed = encoding ? await compress(body, etag, encoding) : null;
  if (packed) {
    body = packed;
    headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(body.byteLength);
  }
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  log(`200 ${req.method} ${url.pathname}`);
}

/**
 * @param {{port?: number, host?: string, csp?: boolean | string, log?: (line: string) => void, modelsDir?: string, dir?: string}} [options]
 *   csp: true sends the demo's policy (CSP), a string sends that policy, false none; dir: serve this
 *   folder at / instead of the repository (url is then the server's root)
 * @returns {Promise<{url: string, port: number, close: () => Promise<void>, server: import('node:http').Server}>}
 */
export function startServer({ port = 8080, host = '127.0.0.1', csp = process.env.ATTNSEQ_CSP || true, log, modelsDir = process.env.ATTNSEQ_MODELS_DIR, dir } = {}) {
  if (modelsDir) modelsDir = path.resolve(modelsDir);
  if (dir) dir = path.resolve(dir);
  const sockets = new Set();
  const server = createServer((req, res) => {
    handle(req, res, { csp, log, modelsDir, dir }).catch((e) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(`internal error: ${e.message}\n`);
    });
  });
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = server.address().port;
      const shown = host === '127.0.0.1' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
      resolve({
        server, port: actual, url: `http://${shown}:${actual}/${dir ? '' : 'web/'}`,
        close: () => new Promise((r) => { for (const s of sockets) s.destroy(); server.close(() => r()); }),
      });
    });
  });
}

async function main(argv) {
  const arg = (name) => { const i = argv.indexOf(name); return i >= 0 ? argv[i + 1] : undefined; };
  if (argv.includes('--help')) {
    console.log('Usage: node scripts/serve.mjs [--port N] [--host H] [--models DIR] [--dir DIR] [--no-csp | --csp POLICY] [--quiet]  (PORT env: default port)');
    return;
  }
  const port = Number(arg('--port') ?? process.env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad port: ${arg('--port') ?? process.env.PORT}`);
  const quiet = argv.includes('--quiet');
  try {
    const { url } = await startServer({
      port, host: arg('--host') ?? '127.0.0.1', csp: argv.includes('--no-csp') ? false : arg('--csp') || process.env.ATTNSEQ_CSP || true,
      modelsDir: arg('--models'), dir: arg('--dir'),
      log: quiet ? undefined : (line) => console.log(line),
    });
    if (arg('--dir')) {
      console.log(`attnseq: serving ${arg('--dir')} at ${url}`);
    } else {
      console.log(`attnseq demo: ${url}`);
      console.log(`  tutorial:   ${url}examples/tutorial.html`);
    }
    console.log('  (Ctrl+C stops the server)');
    // The large files (the .wasm, models) compressed in the background now, before the first visit asks.
    const dir = arg('--dir') ? path.resolve(arg('--dir')) : undefined;
    if (!arg('--models')) precompress({ dir }).catch(() => {});
  } catch (e) {
    if (e.code === 'EADDRINUSE') {
      console.error(`serve: port ${port} is in use; set another with PORT=<port> npm start`);
      process.exit(1);
    }
    throw e;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((e) => { console.error(`serve: ${e.message}`); process.exit(1); });
}
