// TargetPieces: the facts about a model's target pieces that the decoding guards read (decode/guards.h).
#pragma once

#include <string>
#include <vector>

#include "attnseq/decode/repeat_guard.h"

namespace attnseq {

// What each target piece writes, read once per target vocabulary for the decoding guards: its digits and
// number words (the number guard, decode/number_guard.h) and which pieces write the same mark (the run
// guard's units, decode/repeat_guard.h). Immutable: the Translator keeps one and every search shares it.
class TargetPieces {
 public:
  // texts[id]: what piece `id` writes (U+2581 = a space; empty for control and unknown pieces; the
  // Translator builds them from its target tokenizer).
  // lang: the target language (number_words.h); the pieces that spell a number in it are banned while
  // a source number above kSmallNumber is still to be written ("" or an unlisted language: none).
  // chars[id]: the code points piece id writes (the Translator decodes them from texts; none for byte
  // pieces); read only for a language written without spaces (zh, ja), whose run guard counts characters.
  explicit TargetPieces(std::vector<std::string> texts, const std::string& lang = "",
                        const std::vector<std::u32string>& chars = {});

  int vocab() const { return static_cast<int>(texts_.size()); }
  const std::string& text(int id) const { return texts_[static_cast<size_t>(id)]; }
  const std::vector<int>& with_digits() const { return with_digits_; }  // ids whose text holds a digit, ascending
  // The length in bytes of the letters piece `id`'s text begins with, as the name guard counts letters
  // (decode/name_letters.h; 0 for a piece that begins with a space, a mark or a digit).
  size_t leading_letters(int id) const { return leading_letters_[static_cast<size_t>(id)]; }
  bool starts_with_digit(int id) const { return starts_[static_cast<size_t>(id)] != 0; }
  const std::vector<char>& digits() const { return digits_; }  // [vocab] 1 when the text holds a digit
  // A piece that spells a number in the target language (decode/number_words.h).
  struct NumberWord {
    int id;
    int value;        // the small number (2 … kSmallNumber) it spells, else -1
    bool in_percent;  // also a word of "percent" ("cent"): banned only before a large number is written
  };
  const std::vector<NumberWord>& number_words() const { return number_words_; }  // ascending ids
  // Which pieces write the same mark (the run guard's units; decode/repeat_guard.h).
  const PieceUnits& units() const { return units_; }
  // The characters each piece writes, for a target written without spaces (empty otherwise: the run guard
  // then counts units only).
  const PieceChars& chars() const { return chars_; }

 private:
  std::vector<std::string> texts_;
  std::vector<int> with_digits_;
  std::vector<char> starts_;  // [vocab] 1 when the text's first byte is a digit
  std::vector<char> digits_;  // [vocab] 1 when the text holds a digit
  std::vector<size_t> leading_letters_;  // [vocab] bytes of letters the text begins with
  std::vector<NumberWord> number_words_;
  PieceUnits units_;
  PieceChars chars_;
};

// Whether a language is written without spaces between words, so that a repeat is counted by characters
// (zh, ja, as attnseq_train/degenerate.py counts it).
bool writes_without_spaces(const std::string& lang);

}  // namespace attnseq
