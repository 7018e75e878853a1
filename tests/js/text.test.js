// The text rules of the contract (web/src/state/text.js): translated sentences are joined by the
// engine's rule (cpp/cli/main.cc join_sentences, the CLI's --sentences), whatever the script.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { joinSentences, hasCjk } from '../../web/src/state/text.js';
import { ROOT, WEB_SRC, sourceFiles } from './helpers.js';

// join_sentences of cpp/cli/main.cc, byte for byte: no space when the text so far ends in a
// three-byte UTF-8 character led by E3–EF.
function engineJoin(parts) {
  let out = Buffer.alloc(0);
  for (const p of parts) {
    if (!p) continue;
    const n = out.length;
    const cjkEnd = n >= 3 && out[n - 3] >= 0xe3 && out[n - 3] <= 0xef;
    out = Buffer.concat([out, Buffer.from(n && !cjkEnd ? ` ${p}` : p, 'utf8')]);
  }
  return out.toString('utf8');
}

test('the engine\'s join_sentences is the rule ported here (its source still reads so)', () => {
  const src = readFileSync(path.join(ROOT, 'cpp/cli/main.cc'), 'utf8');
  assert.match(src, /out\[out\.size\(\) - 3\]\) >= 0xE3 &&[\s\S]{0,120}out\[out\.size\(\) - 3\]\) <= 0xEF/);
});

test('Korean sentences join as the engine joins them: no space after Hangul', () => {
  const parts = ['고양이는 검은색입니다', '개는 하얀색입니다'];
  assert.equal(joinSentences(parts), engineJoin(parts));
  assert.equal(joinSentences(parts), '고양이는 검은색입니다개는 하얀색입니다');
  assert.equal(joinSentences(['고양이.', '개']), '고양이. 개');  // after a full stop: a space, as in every script
});

test('joinSentences agrees with the engine on every script and boundary', () => {
  const ends = ['cat.', 'chat!', '猫。', '猫', 'ネコ', '고양이', 'кот.', 'قطة', 'é', '１', '😀', 'a\uD800', 'a\uDC00', 'ꙮ', '\uE000', '', null];
  for (const a of ends) for (const b of ends) for (const c of ['the dog.', '狗。', '개.']) {
    const parts = [a, b, c];
    // (the engine gets UTF-8: a lone surrogate reaches it as U+FFFD)
    assert.equal(joinSentences(parts).toWellFormed(), engineJoin(parts), JSON.stringify(parts));
  }
});

test('one CJK test: hasCjk for Chinese and Japanese, not Latin or Hangul', () => {
  assert.ok(hasCjk('猫') && hasCjk('ネコ') && hasCjk('。') && hasCjk('▁猫'));
  assert.ok(!hasCjk('cat') && !hasCjk('고양이') && !hasCjk('▁'));
});

test('one CJK test: no other file of web/src writes its own test for Chinese or Japanese characters', () => {
  const own = sourceFiles().filter((rel) => rel.endsWith('.js') && rel !== path.join('state', 'text.js')
    && !rel.startsWith(`i18n${path.sep}`)  // (the test itself; the message catalogues)
    && /Script=(Han|Hiragana|Katakana)|\\u4e00|\\u3400|\\u3040|\\u30a0/i.test(readFileSync(path.join(WEB_SRC, rel), 'utf8')));
  assert.deepEqual(own, [], 'these files test for CJK characters themselves: use hasCjk (state/text.js)');
});
