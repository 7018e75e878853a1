// The shipped en→zh model writes Simplified Chinese only, with full-width punctuation (issue 12):
// its greedy translations of the check sentences (train/heldout.json) and of everyday English
// sentences are left unchanged by OpenCC's Traditional→Simplified conversion (Debian's `opencc`,
// the same t2s the training data went through), and no half-width , ? ! ; : follows a Chinese
// character. (The model shipped before this rule mixed the scripts: 你們好嗎?, 一個男孩.)
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { cliJson, ROOT } from './helpers.js';

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'models/manifest.json'), 'utf8'));
const enZh = manifest.models.find((m) => m.src === 'en' && m.tgt === 'zh');
const checks = JSON.parse(readFileSync(path.join(ROOT, 'train/heldout.json'), 'utf8')).en;
const EVERYDAY = [
  'How old are you?', 'Where is the station?', 'I like reading books.', 'This is my brother.',
  'We went to school together.', 'Do you speak English?', 'My mother is a doctor.', 'The door is open.',
  'I have two cats and a dog.', 'It is raining again.', 'Please close the window.', 'What time is it?',
  'He lives in a big city.', 'She bought a new car yesterday.', 'I will call you tomorrow.',
  'Are you hungry?', 'The children are playing in the park.', 'Let us eat dinner.', 'I lost my keys.',
  'This question is very difficult.', 'They are waiting for the bus.', 'Can you help me?',
];

test('the en→zh model writes Simplified Chinese only, with full-width punctuation', () => {
  assert.ok(enZh, 'the catalogue has an en→zh model');
  const texts = [...checks, ...EVERYDAY];
  const outputs = cliJson(path.join(ROOT, 'models', enZh.file), ['--alternatives', '0', '--no-return-attention'], texts).map((r) => r.hypotheses[0].text);
  const simplified = execFileSync('opencc', ['-c', 't2s.json'], { input: outputs.join('\n') + '\n', encoding: 'utf8' })
    .replace(/\n$/, '').split('\n');
  assert.equal(simplified.length, outputs.length);
  const traditional = outputs.map((o, i) => [texts[i], o, simplified[i]]).filter(([, o, s]) => o !== s);
  assert.deepEqual(traditional, [], 'translations with Traditional characters (English, output, t2s)');
  const halfWidth = outputs.filter((o) => /\p{Script=Han}[,?!;:]/u.test(o));
  assert.deepEqual(halfWidth, [], 'half-width punctuation after Chinese');
  assert.ok(outputs.every((o) => /\p{Script=Han}/u.test(o)), 'every output is Chinese');
  console.log(`# ${outputs.length} translations, e.g. ${texts.slice(0, 3).map((t, i) => `${t} → ${outputs[i]}`).join('; ')}`);
});
