// A static server for the browser contenders: the attnseq JavaScript API and module (web/), these
// pages (bench/compare/), onnxruntime-web's files (node_modules/onnxruntime-web/dist/: served here,
// no CDN) and the benchmark's model files under /files/<name> (`files` maps name → path).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PREFIXES = ['web/src/', 'web/dist/', 'bench/compare/', 'node_modules/onnxruntime-web/dist/'];
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/**
 * @param {Record<string, string>} files → {url, close}
 * @param {string} [web] the folder served as /web/ (default: the repository's web/)
 */
export function startBenchServer(files = {}, web = path.join(ROOT, 'web')) {
  const server = createServer(async (req, res) => {
    const p = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/+/, '');
    let file = null;
    if (p.startsWith('files/') && Object.hasOwn(files, p.slice(6))) file = files[p.slice(6)];
    else if (!p.includes('..') && PREFIXES.some((x) => p.startsWith(x))) file = p.startsWith('web/') ? path.join(web, p.slice(4)) : path.join(ROOT, p);
    try {
      if (!file) throw new Error('not found');
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'Content-Length': body.byteLength, 'Cache-Control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found\n');
    }
  });
  const sockets = new Set();
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((r) => { for (const s of sockets) s.destroy(); server.close(() => r()); }),
  })));
}
