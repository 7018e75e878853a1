#include "attnseq/decode/name_guard.h"

#include <algorithm>
#include <set>
#include <string_view>


namespace attnseq {

namespace {

constexpr std::string_view kSpaceMark = "\xE2\x96\x81";  // U+2581, SentencePiece's space
constexpr size_t kMaxWordTokens = 32;                     // tokens read back for the translation's last word

// One character of UTF-8 (this layer reads no text/: the pieces and tokens it gets are valid UTF-8, as
// the tokenizers wrote them; a malformed byte is read as one character that is no letter).
struct Char {
  char32_t code_point;
  size_t length;
  bool valid;
};

Char decode(std::string_view s) {
  const auto b = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char lead = b(0);
  if (lead < 0x80) return {lead, 1, true};
  const size_t n = lead >= 0xF0 && lead < 0xF8 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 && lead < 0xE0 ? 2 : 0;
  if (n == 0 || n > s.size()) return {0xFFFD, 1, false};
  char32_t c = lead & (0x7F >> n);
  for (size_t i = 1; i < n; ++i) {
    if ((b(i) & 0xC0) != 0x80) return {0xFFFD, 1, false};
    c = (c << 6) | (b(i) & 0x3F);
  }
  return {c, n, true};
}

// The length in bytes of the letters `s` begins with.
size_t leading_letters(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const Char ch = decode(s.substr(i));
    if (!ch.valid || !is_name_letter(ch.code_point)) break;
    i += ch.length;
  }
  return i;
}

// The letters `s` ends with (whole characters; a malformed byte ends the run).
std::string_view trailing_letters(std::string_view s) {
  size_t start = 0, i = 0;
  while (i < s.size()) {
    const Char ch = decode(s.substr(i));
    i += ch.length;
    if (!ch.valid || !is_name_letter(ch.code_point)) start = i;
  }
  return s.substr(start);
}

void append(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

size_t code_points(std::string_view s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size(); i += decode(s.substr(i)).length) ++n;
  return n;
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return prefix.size() <= s.size() && s.compare(0, prefix.size(), prefix) == 0;
}

// Whether writing `piece` after the word `word` (a prefix of `name`) departs from the name: it makes the
// word other than a prefix of the name, or ends it before the name is whole.
bool departs(std::string_view word, std::string_view piece, std::string_view name) {
  const size_t lead = starts_with(piece, kSpaceMark) ? 0 : leading_letters(piece);
  if (lead == 0) return word != name;  // the piece ends the word (a space, a mark)
  std::string written(word);
  written.append(piece.substr(0, lead));
  if (lead < piece.size()) return written != name;  // the word ends inside the piece
  return !starts_with(name, written);
}

}  // namespace

bool is_name_letter(char32_t c) {
  if (c < 0x80) return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  if (c >= 0xC0 && c <= 0x24F) return c != 0xD7 && c != 0xF7;
  if (c >= 0x300 && c <= 0x36F) return true;   // combining marks
  if (c >= 0x370 && c <= 0x3FF) return c != 0x37E && c != 0x387;  // Greek (less its question mark and ano teleia)
  if (c >= 0x400 && c <= 0x4FF) return true;   // Cyrillic
  return c >= 0x1E00 && c <= 0x1EFF;           // Latin Extended Additional
}

bool is_name_capital(char32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z';
  if (c >= 0xC0 && c <= 0xDE) return c != 0xD7;
  if (c >= 0x100 && c <= 0x137) return c % 2 == 0;
  if (c >= 0x139 && c <= 0x148) return c % 2 == 1;
  if (c >= 0x14A && c <= 0x177) return c % 2 == 0;
  if (c == 0x178) return true;
  if (c >= 0x179 && c <= 0x17E) return c % 2 == 1;
  if (c >= 0x200 && c <= 0x233) return c % 2 == 0;
  if (c == 0x386 || (c >= 0x388 && c <= 0x38F)) return true;
  if (c >= 0x391 && c <= 0x3AB) return c != 0x3A2;
  if (c >= 0x400 && c <= 0x42F) return true;
  if (c >= 0x1E00 && c <= 0x1EFF) return c % 2 == 0;
  return false;
}

NameGuard::NameGuard(std::shared_ptr<const TargetPieces> pieces, std::vector<std::string> names)
    : pieces_(std::move(pieces)), names_(std::move(names)) {}

char32_t to_name_lower(char32_t c) {
  if (!is_name_capital(c)) return c;
  if (c < 0x80 || (c >= 0xC0 && c <= 0xDE) || (c >= 0x391 && c <= 0x3AB) || (c >= 0x410 && c <= 0x42F)) return c + 0x20;
  if (c >= 0x400 && c <= 0x40F) return c + 0x50;
  if (c == 0x386) return 0x3AC;
  if (c >= 0x388 && c <= 0x38A) return c + 0x25;
  if (c == 0x38C) return 0x3CC;
  if (c == 0x38E || c == 0x38F) return c + 0x3F;
  if (c == 0x178) return 0xFF;
  return c + 1;  // Latin Extended-A and -B, Latin Extended Additional: the small letter follows the capital
}

std::string NameGuard::first_word_lower(const std::vector<std::string>& token_texts) {
  std::string all;
  for (const std::string& t : token_texts) all += t;
  std::string out;
  for (size_t i = 0; i < all.size();) {
    const Char ch = decode(std::string_view(all).substr(i));
    if (ch.valid && is_name_letter(ch.code_point)) {
      append(out, out.empty() ? to_name_lower(ch.code_point) : ch.code_point);
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
      const Char ch = decode(s.substr(i));
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
    if (leading_letters(t) < t.size()) break;  // the word cannot reach further back
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
  const auto departs_all = [&](std::string_view piece) {
    return std::all_of(open.begin(), open.end(), [&](std::string_view n) { return departs(word, piece, n); });
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
    else if (departs_all(t)) out.push_back(id);
    else continues = true;
  }
  if (continues && !textless.empty()) {
    out.insert(out.end(), textless.begin(), textless.end());
    std::sort(out.begin(), out.end());
  }
  return out;
}

}  // namespace attnseq
