// The front end's structure (issue 31): every file of web/src stays small enough to have one job.
// A file that grows past the limit is split by what it does, not trimmed of its comments.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { ROOT, WEB_SRC, sourceFiles } from './helpers.js';

const MAX_LINES = 250;

test(`no file in web/src has more than ${MAX_LINES} lines`, () => {
  const all = sourceFiles().map((f) => path.join(WEB_SRC, f));
  assert.ok(all.length > 50, `web/src has ${all.length} files`);
  const long = all.map((f) => ({ file: path.relative(ROOT, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
    .filter((x) => x.lines > MAX_LINES);
  assert.deepEqual(long, [], `files over ${MAX_LINES} lines: ${long.map((x) => `${x.file} (${x.lines})`).join(', ')}`);
});
