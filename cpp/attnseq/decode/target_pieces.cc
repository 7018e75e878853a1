#include "attnseq/decode/target_pieces.h"

#include <algorithm>

#include "attnseq/core/ascii.h"
#include "attnseq/decode/name_letters.h"
#include "attnseq/decode/number_words.h"

namespace attnseq {

bool writes_without_spaces(const std::string& lang) { return lang == "zh" || lang == "ja"; }

TargetPieces::TargetPieces(std::vector<std::string> texts, const std::string& lang, const std::vector<std::u32string>& chars)
    : texts_(std::move(texts)), starts_(texts_.size(), 0), digits_(texts_.size(), 0),
      leading_letters_(texts_.size(), 0) {
  for (size_t id = 0; id < texts_.size(); ++id) {
    const std::string& t = texts_[id];
    digits_[id] = std::any_of(t.begin(), t.end(), [](char c) { return is_ascii_digit(c); });
    if (digits_[id]) with_digits_.push_back(static_cast<int>(id));
    starts_[id] = !t.empty() && is_ascii_digit(t[0]);
    leading_letters_[id] = attnseq::leading_letters(t);
    if (!lang.empty() && is_number_word(lang, t))
      number_words_.push_back({static_cast<int>(id), small_number_value(lang, t), in_percent(lang, t)});
  }
  units_ = PieceUnits::from_texts(texts_);
  if (writes_without_spaces(lang)) chars_ = PieceChars::from_chars(chars);
}

}  // namespace attnseq
