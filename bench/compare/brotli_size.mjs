// Brotli (-q 11, what a CDN serves) sizes, cached by content hash in build/bench/brotli-sizes.json:
// quality 11 takes about a second per megabyte, too slow to repeat for unchanged model files.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zc } from 'node:zlib';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const CACHE = path.join(ROOT, 'build/bench/brotli-sizes.json');
let cache = null;

/** @param {Buffer|Uint8Array} bytes → brotli -q 11 size in bytes */
export function brotliSize(bytes) {
  if (!bytes.byteLength) return 0;
  cache ??= existsSync(CACHE) ? JSON.parse(readFileSync(CACHE, 'utf8')) : {};
  const key = createHash('sha256').update(bytes).digest('hex');
  if (!(key in cache)) {
    cache[key] = brotliCompressSync(bytes, { params: { [zc.BROTLI_PARAM_QUALITY]: 11, [zc.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }).byteLength;
    mkdirSync(path.dirname(CACHE), { recursive: true });
    writeFileSync(CACHE, JSON.stringify(cache));
  }
  return cache[key];
}

export const brotliFileSize = (file) => brotliSize(readFileSync(file));
