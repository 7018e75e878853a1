// Number words of a target language (issue 29, item 5): the pieces that spell a number out ("vingt",
// "twenty", "zwanzig", "veinte", 三, 九十). When the source writes numbers in digits, the number guard
// (decode/number_guard.h) bans every number word while a number above 12 is still to be written, and
// then all but those that spell a small number still to be written, so the model writes the source's
// digits instead of a number of its own ("26
// kilometers" → "six kilomètres", "1200名学生" → "twelve students", "2 tickets" → "vingt tickets").
// Numbers up to 12 may be spelled out: the same limit as the evaluation's "small number"
// (train/attnseq_train/numbers.py, SMALL_NUMBER).
#pragma once

#include <string>

namespace attnseq {

// The largest number a translation may spell out instead of copying its digits.
inline constexpr int kSmallNumber = 12;

// Whether a target piece's text (U+2581 for a space) spells a number in `lang` (the model's target
// language, an ISO 639-1 code: en, fr, de, es, zh; others have no list, so nothing is one). The words
// that are also the article or "one" (un, une, ein, uno, one, 一) are not listed: they are not numbers
// in most sentences.
bool is_number_word(const std::string& lang, const std::string& piece_text);

// The number a number word spells when it is a small one (2 … kSmallNumber: "deux" 2, "twelve" 12, 十二
// 12), else -1 (a larger one, a compound, or not a number word).
int small_number_value(const std::string& lang, const std::string& piece_text);

// Whether a number word is also the second half of "percent" ("pour cent", "por ciento"): it is banned
// only while a number above 12 is still to be written, never after ("40 pour cent").
bool in_percent(const std::string& lang, const std::string& piece_text);

// Whether a (normalized) text in `lang` spells a number out anywhere ("two cats", 两只猫): then the
// translation must be free to spell it too, and the guard bans no number word.
bool spells_number(const std::string& lang, const std::string& text);

}  // namespace attnseq
