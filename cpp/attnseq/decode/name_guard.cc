#include "attnseq/decode/name_guard.h"

#include <algorithm>
#include <set>
#include <string_view>

#include "attnseq/core/utf8.h"

namespace attnseq {

namespace {

constexpr size_t kMaxWordTokens = 32;                     // tokens read back for the translation's last word

bool starts_with(std::string_view s, std::string_view prefix) {
  return prefix.size() <= s.size() && s.compare(0, prefix.size(), prefix) == 0;
}

// Whether writing `piece` (its text begins with `lead` bytes of letters: TargetPieces::leading_letters) after
// the word `word` (a prefix of `name`) departs from the name: it makes the word other than a prefix of the
// name, or ends it before the name is whole.
bool departs(std::string_view word, std::string_view piece, size_t lead, std::string_view name) {
  if (lead == 0) return word != name;  // the piece ends the word (a space, a mark)
  if (word.size() + lead > name.size() || name.compare(word.size(), lead, piece.substr(0, lead)) != 0)
    return true;  // the word with the piece's letters is no prefix of the name
  return lead < piece.size() && word.size() + lead != name.size();  // the word ends inside the piece: early
}

}  // namespace

NameGuard::NameGuard(std::shared_ptr<const TargetPieces> pieces, std::vector<std::string> names)
    : pieces_(std::move(pieces)), names_(std::move(names)) {}

std::string NameGuard::first_word_lower(const std::vector<std::string>& token_texts) {
  std::string all;
  for (const std::string& t : token_texts) all += t;
  std::string out;
  for (size_t i = 0; i < all.size();) {
    const Utf8Char ch = decode_utf8(std::string_view(all).substr(i));
    if (ch.valid && is_name_letter(ch.code_point)) {
      append_utf8(out, out.empty() ? to_name_lower(ch.code_point) : ch.code_point);
    } else if (!out.empty()) {
      break;
    }
    i += ch.length;
  }
  return out;
}

std::vector<std::string> NameGuard::source_names(const std::vector<std::string>& token_texts,
                                                 const std::unordered_set<std::string>& translated,
                                                 bool first_may_be_name) {
  // The source's characters with the token each comes from.
  struct SourceChar {
    char32_t code_point;
    size_t token;
    std::string_view bytes;
  };
  std::vector<SourceChar> chars;
  for (size_t t = 0; t < token_texts.size(); ++t) {
    const std::string_view s = token_texts[t];
    for (size_t i = 0; i < s.size();) {
      const Utf8Char ch = decode_utf8(s.substr(i));
      chars.push_back({ch.code_point, t, s.substr(i, ch.length)});
      i += ch.length;
    }
  }
  std::vector<std::string> out;
  bool first = true;
  for (size_t i = 0; i < chars.size();) {
    if (!is_name_letter(chars[i].code_point)) { ++i; continue; }
    size_t j = i;
    std::string word;
    std::set<size_t> tokens;
    while (j < chars.size() && is_name_letter(chars[j].code_point)) {
      word.append(chars[j].bytes);
      tokens.insert(chars[j].token);
      ++j;
    }
    const bool name = (!first || first_may_be_name) && j - i >= 2 && is_name_capital(chars[i].code_point) &&
                      static_cast<int>(tokens.size()) >= kMinNamePieces && !translated.count(word);
    if (name && std::find(out.begin(), out.end(), word) == out.end()) out.push_back(std::move(word));
    first = false;
    i = j;
  }
  return out;
}

std::vector<int> NameGuard::banned(const std::vector<int>& tokens, int eos) const {
  if (!on() || tokens.empty()) return {};
  // The text of the last tokens, back to one that holds something other than letters (or has no text).
  std::vector<std::string_view> tail;
  for (size_t k = tokens.size(); k > 0 && tail.size() < kMaxWordTokens; --k) {
    const int id = tokens[k - 1];
    if (id < 0 || id >= pieces_->vocab()) break;
    const std::string& t = pieces_->text(id);
    if (t.empty()) break;  // a control token or `<unk>`: the word starts after it
    tail.push_back(t);
    if (pieces_->leading_letters(id) < t.size()) break;  // the word cannot reach further back
  }
  std::string written;
  for (auto it = tail.rbegin(); it != tail.rend(); ++it) written.append(*it);
  const std::string_view word = trailing_letters(written);
  if (code_points(word) < static_cast<size_t>(kMinNamePrefix)) return {};
  std::vector<std::string_view> open;  // the names the word begins
  for (const std::string& n : names_)
    if (starts_with(n, word)) open.push_back(n);
  if (open.empty()) return {};

  std::vector<int> out;
  const auto departs_all = [&](std::string_view piece, size_t lead) {
    return std::all_of(open.begin(), open.end(), [&](std::string_view n) { return departs(word, piece, lead, n); });
  };
  // Tokens without text (`<unk>`, which copies a character of the source, and the control tokens) are
  // banned only where some piece goes on with the name: then the name needs no copied character.
  std::vector<int> textless;
  bool continues = false;
  for (int id = 0; id < pieces_->vocab(); ++id) {
    if (id == eos) {
      if (std::none_of(open.begin(), open.end(), [&](std::string_view n) { return n == word; })) out.push_back(id);
      continue;
    }
    const std::string& t = pieces_->text(id);
    if (t.empty()) textless.push_back(id);
    else if (departs_all(t, pieces_->leading_letters(id))) out.push_back(id);
    else continues = true;
  }
  if (continues && !textless.empty()) {
    const auto middle = static_cast<std::ptrdiff_t>(out.size());
    out.insert(out.end(), textless.begin(), textless.end());
    std::inplace_merge(out.begin(), out.begin() + middle, out.end());  // both runs ascending: linear
  }
  return out;
}

}  // namespace attnseq
