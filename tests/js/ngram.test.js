// The N-gram view's numbers (web/src/app/ngram.js): the table's counts are those of the English
// training sentences as train/ngram_counts.py counts them (recounted here from the Tatoeba file when it
// is on this machine), the lookup takes the longest context the table has, and the view's data at a
// step of the shipped Chinese → English model holds that step's words before and its alternatives.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';

import { Translator } from '../../web/src/index.js';
import { words, lookup, ngramStep } from '../../web/src/app/ngram.js';
import { ROOT } from './helpers.js';

const table = JSON.parse(readFileSync(path.join(ROOT, 'web/data/ngram-en.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'models/manifest.json'), 'utf8'));

test('words as train/ngram_counts.py splits them', () => {
  assert.deepEqual(words("You're late."), ["You're", 'late', '.']);
  assert.deepEqual(words('I want to go, now!'), ['I', 'want', 'to', 'go', ',', 'now', '!']);
  // the same split as the Python regex, on sentences of the table's own vocabulary
  const py = spawnSync('/usr/bin/python3', ['-c', `import re,sys,json\nW=re.compile(r"[\\w']+|[^\\w\\s]",re.UNICODE)\nprint(json.dumps([W.findall(l) for l in sys.stdin.read().splitlines()]))`],
    { input: "I don't know.\nTom's car is 2,000 dollars!\nWhat's \"this\"?\n", encoding: 'utf8' });
  if (py.status === 0) assert.deepEqual(["I don't know.", "Tom's car is 2,000 dollars!", 'What\'s "this"?'].map(words), JSON.parse(py.stdout));
});

test('the table: totals and counts consistent, the longest context first', () => {
  assert.equal(table.order, 3);
  for (const [ctx, [total, next]] of Object.entries(table.contexts).slice(0, 2000)) {
    const sum = next.reduce((a, [, c]) => a + c, 0);
    assert.ok(sum <= total && next.every(([, c], k) => k === 0 || c <= next[k - 1][1]), ctx);
  }
  const two = lookup(table, ['I', 'want']);
  assert.deepEqual(two.context, ['I', 'want']);
  assert.equal(two.total, table.contexts['I want'][0]);
  assert.deepEqual(lookup(table, []).context, ['<s>']);
  // an unseen pair backs off to its last word
  const back = lookup(table, ['zzzqqq', 'want']);
  assert.deepEqual(back.context, ['want']);
});

test('recounted from the training sentences (when the Tatoeba pairs are on this machine)', (t) => {
  const pairs = ['/work/shared/data/tatoeba/eng-fra/pairs.tsv', '/work/shared/data/tatoeba/eng-cmn/pairs.tsv'];
  if (!pairs.every(existsSync)) { t.skip('no Tatoeba pairs here'); return; }
  const out = path.join(ROOT, 'artifacts', 'ngram-recount.json');
  const r = spawnSync('/usr/bin/python3', [path.join(ROOT, 'train/ngram_counts.py'), '--pairs', ...pairs, '--out', out], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(readFileSync(out, 'utf8')), table, 'web/data/ngram-en.json is what the script writes');
});

test('a step of the shipped Chinese → English model', async () => {
  const e = manifest.models.find((m) => m.src === 'zh' && m.tgt === 'en');
  const tr = await Translator.load(path.join(ROOT, 'models', e.file), { worker: false });
  try {
    const steps = [];
    for await (const s of tr.generate('我想去北京。', { strategy: 'greedy' })) steps.push(s);
    const run = { steps, model: { tgt: 'en' } };
    const i = steps.findIndex((s, k) => k >= 2 && s.piece.startsWith('\u2581'));
    const d = ngramStep(table, run, i);
    assert.deepEqual(d.before, words(steps[i - 1].text));
    assert.deepEqual(d.neural.map((a) => a.piece), steps[i].alternatives.map((a) => a.piece));
    assert.equal(d.chosen, steps[i].token.piece);
    assert.deepEqual(d.counts, lookup(table, d.before));
  } finally {
    tr.dispose();
  }
});

test('a copied unknown character is still marked as the token the decoder took', () => {
  // the step shows the source text a generated <unk> copies ("Å"); its alternatives are vocabulary pieces
  const step = (text, piece, token, alternatives) => ({ text, piece, token, alternatives, copied: piece === token.piece ? -1 : 4 });
  const unk = { id: 0, piece: '<unk>' };
  const run = { model: { tgt: 'en' }, steps: [
    step('I', '\u2581I', { id: 9, piece: '\u2581I' }, []),
    step('I saw', '\u2581saw', { id: 12, piece: '\u2581saw' }, []),
    step('I saw Å', 'Å', unk, [{ id: 0, piece: '<unk>', probability: 0.6 }, { id: 7, piece: '\u2581A', probability: 0.2 }]),
  ] };
  const d = ngramStep(table, run, 2);
  assert.equal(d.chosen, '<unk>');
  assert.deepEqual(d.neural.filter((a) => a.piece === d.chosen).map((a) => a.probability), [0.6]);
});
