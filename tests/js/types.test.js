// The TypeScript declarations (web/src/index.d.ts) compile, and a typed use of the package entry
// point (tests/js/types-check.ts) type-checks, with tsc from the devDependencies. The JavaScript of
// web/src type-checks against its JSDoc types (web/tsconfig.json, checkJs: the contract, the stores,
// the DOM). And the entry point works by its package name at run time.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { ROOT } from './helpers.js';

test('tsc --noEmit over index.d.ts and types-check.ts', () => {
  const tsc = path.join(ROOT, 'node_modules/.bin/tsc');
  assert.ok(existsSync(tsc), 'typescript is not installed: run scripts/setup.sh wasm (npm ci)');
  const r = spawnSync(tsc, ['-p', path.join(ROOT, 'tests/js/tsconfig.json')], { encoding: 'utf8', cwd: ROOT });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('tsc --checkJs over web/src (npm run typecheck:web): no error', () => {
  const tsc = path.join(ROOT, 'node_modules/.bin/tsc');
  assert.ok(existsSync(tsc), 'typescript is not installed: run scripts/setup.sh wasm (npm ci)');
  const r = spawnSync(tsc, ['-p', path.join(ROOT, 'web/tsconfig.json')], { encoding: 'utf8', cwd: ROOT });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('the package entry point ("attnseq", package.json exports) exports Translator and AttnseqError', async () => {
  const entry = await import('attnseq');
  assert.equal(typeof entry.Translator.load, 'function');
  assert.equal(typeof entry.AttnseqError, 'function');
  assert.equal(typeof entry.attentionHead, 'function');
  assert.deepEqual(Object.keys(entry).sort(), ['AttnseqError', 'Translator', 'attentionHead']);
});
