// The TypeScript declarations (web/src/index.d.ts) compile, and a typed use of the package entry
// point (tests/js/types-check.ts) type-checks, with tsc from the devDependencies. The JavaScript of
// web/src type-checks against its JSDoc types in strict mode (web/tsconfig.json, checkJs: the contract,
// the stores, the DOM). And the entry point works by its package name at run time.
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

// web/src is type-checked in strict mode (issue 31, item 2: 624 errors when it began, 0 since): the test
// above fails on any error, and this one on a web/tsconfig.json that turns strict mode, or one of the
// checks it stands for, off (nobody weakens the check to make an error go away). tsc reads the file
// itself (it has comments), with what it extends.
const STRICT_FAMILY = ['noImplicitAny', 'noImplicitThis', 'strictNullChecks', 'strictFunctionTypes', 'strictBindCallApply',
  'strictPropertyInitialization', 'strictBuiltinIteratorReturn', 'alwaysStrict', 'useUnknownInCatchVariables'];

test('web/tsconfig.json: strict is on, and none of the checks it stands for is turned off', async () => {
  const ts = (await import('typescript')).default;
  const file = path.join(ROOT, 'web/tsconfig.json');
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  assert.equal(error, undefined, error && ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  assert.equal(config.compilerOptions?.strict, true, 'web/tsconfig.json: "strict": true');
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(file));  // (with what it extends)
  assert.equal(parsed.options.strict, true, 'strict, as tsc reads the whole configuration');
  for (const flag of STRICT_FAMILY) {
    assert.notEqual(config.compilerOptions?.[flag], false, `web/tsconfig.json turns ${flag} off`);
    assert.notEqual(parsed.options[flag], false, `${flag} is off in the configuration tsc reads`);
  }
});

test('the package entry point ("attnseq", package.json exports) exports Translator and AttnseqError', async () => {
  const entry = await import('attnseq');
  assert.equal(typeof entry.Translator.load, 'function');
  assert.equal(typeof entry.AttnseqError, 'function');
  assert.equal(typeof entry.attentionHead, 'function');
  assert.deepEqual(Object.keys(entry).sort(), ['AttnseqError', 'Translator', 'attentionHead']);
});
