// The WebAssembly build itself: an ES module without eval/new Function (works under a strict
// Content-Security-Policy), without pthreads or a virtual file system, with wasm SIMD, within the size
// target.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { DIST, ROOT, TINY } from './helpers.js';

const glue = () => readFileSync(path.join(DIST, 'attnseq.js'), 'utf8');

test('the glue is an ES module with no eval / new Function / Function(...)', () => {
  const js = glue();
  assert.match(js, /export default createAttnseqModule/);
  assert.doesNotMatch(js, /(^|[^\w$.])eval\s*\(/, 'eval(');
  assert.doesNotMatch(js, /new\s+Function\b/, 'new Function');
  assert.doesNotMatch(js, /(^|[^\w$.])Function\s*\(/, 'Function(...)');
  assert.doesNotMatch(js, /\brequire\s*\(/, 'require( (CommonJS: not loadable as an ES module in Node)');
});

test('no pthreads, no virtual file system', () => {
  const js = glue();
  assert.doesNotMatch(js, /SharedArrayBuffer|pthread|new Worker/i, 'threads');
  assert.doesNotMatch(js, /\bMEMFS\b|\bFS\.createDataFile|\bIDBFS\b|FS_createPath/, 'file system');
  const imports = WebAssembly.Module.imports(new WebAssembly.Module(readFileSync(path.join(DIST, 'attnseq.wasm'))));
  assert.ok(!imports.some((i) => i.kind === 'memory'), 'the module owns its (non-shared) memory');
  assert.ok(!imports.some((i) => /^fd_|__syscall_open|__sys_open/.test(i.name)), `no file I/O imports: ${imports.map((i) => i.name)}`);
});

test('the module uses wasm SIMD (-msimd128)', (t) => {
  const dis = spawnSync('wasm-dis', [path.join(DIST, 'attnseq.wasm')], { encoding: 'utf8', maxBuffer: 512 << 20 });
  if (dis.error) return t.skip('wasm-dis (binaryen) not installed');
  assert.match(dis.stdout, /f32x4\.(mul|add)/);
});

test('works with code generation from strings disallowed (what a strict CSP enforces)', () => {
  // V8 refuses eval and new Function in this process as a page with `script-src 'self'
  // 'wasm-unsafe-eval'` would; WebAssembly compilation stays allowed.
  const script = `
    const { Translator } = await import(${JSON.stringify(path.join(ROOT, 'web/src/index.js'))});
    let refused = false;
    try { new Function('return 1'); } catch { refused = true; }
    if (!refused) throw new Error('code generation was not disallowed');
    const t = await Translator.load(${JSON.stringify(TINY)});
    const r = await t.translate('The cat likes fresh bread.', { strategy: 'beam' });
    for await (const s of t.generate('hello world', { maxLength: 3 })) void s;
    await t.translate('x', { beamSize: 0 }).catch((e) => { if (e.code !== 'BAD_OPTION') throw e; });
    t.dispose();
    console.log('ok ' + r.tokens.length);`;
  const r = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '--input-type=module', '-e', script],
    { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^ok \d+/);
});

test('the size command reports raw and brotli sizes; the .wasm meets the 300 KB brotli target', () => {
  const r = spawnSync('bash', [path.join(ROOT, 'scripts/wasm_size.sh'), '--json'], { encoding: 'utf8' });
  const sizes = JSON.parse(r.stdout);
  assert.ok(sizes.wasm.raw > sizes.wasm.brotli && sizes.wasm.brotli > 0);
  assert.ok(sizes.js.raw > sizes.js.brotli && sizes.js.brotli > 0);
  assert.ok(sizes.wasm.brotli <= 300 * 1024, `attnseq.wasm is ${sizes.wasm.brotli} bytes brotli`);
  assert.equal(r.status, 0, r.stderr);
  const table = spawnSync('bash', [path.join(ROOT, 'scripts/wasm_size.sh')], { encoding: 'utf8' });
  assert.match(table.stdout, /attnseq\.wasm\s+\d+\s+\d+/);
});

test('the demo server compresses text, the wasm and models where the client takes it (brotli, else gzip); a large file is not waited for', async () => {
  const { startServer, precompress } = await import('../../scripts/serve.mjs');
  const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
  const { request } = await import('node:http');
  const srv = await startServer({ port: 0 });
  const get = (p, enc) => new Promise((resolve, reject) => {
    request(new URL(p, srv.url), { headers: enc ? { 'Accept-Encoding': enc } : {} }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject).end();
  });
  try {
    const raw = (await get('/web/dist/attnseq.wasm')).body;
    // the first request of a large file goes out as it is while it is compressed in the background
    const first = await get('/web/dist/attnseq.wasm', 'gzip, deflate, br');
    assert.equal(first.headers['content-encoding'], undefined);
    assert.deepEqual(first.body, raw);
    await precompress();
    const br = await get('/web/dist/attnseq.wasm', 'gzip, deflate, br');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.ok(br.body.length < raw.length * 0.5, `wasm ${raw.length} -> ${br.body.length} bytes`);
    assert.deepEqual(brotliDecompressSync(br.body), raw);
    const gz = await get('/models/manifest.json', 'gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(JSON.parse(gunzipSync(gz.body)), JSON.parse((await get('/models/manifest.json')).body));
    assert.equal((await get('/web/dist/attnseq.wasm')).headers['content-encoding'], undefined);
    assert.match(br.headers.vary, /Accept-Encoding/);
  } finally {
    await srv.close();
  }
});

test('ATTNSEQ_COMPRESS_CACHE: a compressed body is written there by its content hash, and another server process serves it from there', async () => {
  const { mkdtemp, mkdir, writeFile, readFile, readdir, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { createHash } = await import('node:crypto');
  const { brotliCompressSync } = await import('node:zlib');
  const tmp = await mkdtemp(path.join(tmpdir(), 'attnseq-compress-'));
  const site = path.join(tmp, 'site'), cache = path.join(tmp, 'cache');
  const text = 'a page the browser takes compressed\n'.repeat(50);
  await mkdir(site);
  await writeFile(path.join(site, 'page.txt'), text);
  // Each server in its own process, as the browser tests run them: it prints the brotli body as base64.
  const serveOnce = () => {
    const script = `
      const { startServer } = await import(${JSON.stringify(path.join(ROOT, 'scripts/serve.mjs'))});
      const { request } = await import('node:http');
      const srv = await startServer({ port: 0, dir: ${JSON.stringify(site)} });
      const body = await new Promise((resolve, reject) => request(new URL('/page.txt', srv.url), { headers: { 'Accept-Encoding': 'br' } }, (res) => {
        const chunks = []; res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ enc: res.headers['content-encoding'], body: Buffer.concat(chunks).toString('base64') }));
      }).on('error', reject).end());
      await srv.close();
      process.stdout.write(JSON.stringify(body));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8', env: { ...process.env, ATTNSEQ_COMPRESS_CACHE: cache },
    });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout);
  };
  try {
    const first = serveOnce();
    assert.equal(first.enc, 'br');
    const name = `${createHash('sha256').update(text).digest('base64url')}.br`;
    assert.deepEqual(await readdir(cache), [name], 'one body, named by the content hash and the encoding');
    assert.deepEqual(await readFile(path.join(cache, name)), Buffer.from(first.body, 'base64'));
    // A body planted under that name is what the next process sends: it read the cache, it did not compress again.
    const planted = brotliCompressSync(Buffer.from('planted'));
    await writeFile(path.join(cache, name), planted);
    const second = serveOnce();
    assert.equal(second.enc, 'br');
    assert.deepEqual(Buffer.from(second.body, 'base64'), planted);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});
