#include "attnseq/text/sentences.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <string>

#include "attnseq/core/utf8.h"

namespace attnseq::text {
namespace {

// Words that end with a period without ending a sentence (lower case, without the period).
constexpr std::string_view kAbbreviations[] = {"mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "vs", "e.g", "i.e",
                                               "no", "mt", "m", "mme", "mlle", "mm", "cf", "fig", "approx"};

// Words that follow a German ordinal number ("am 12. Oktober", "im 19. Jahrhundert"; lower case): the
// period after its digits is the ordinal's, not a sentence's end. Only German writes them so.
constexpr std::string_view kAfterOrdinal[] = {
    "januar", "jänner", "februar", "märz", "mai", "juni", "juli", "oktober", "dezember", "okt", "dez", "mär",
    "jahrhundert", "jahrhunderts", "jahrtausend", "weltkrieg", "weltkriegs", "weltkrieges", "etage", "klasse",
    "platz", "geburtstag", "jahrestag", "auflage", "kapitel", "runde", "spieltag"};
// Words that follow a German ordinal but also begin English or Spanish sentences ("12. August is hot.",
// "3. Stock prices fell."): an ordinal only after a German word that comes before one ("am 12. August").
constexpr std::string_view kAfterOrdinalShared[] = {"april", "august", "september", "november", "jan", "feb", "apr",
                                                    "jun", "jul", "aug", "sep", "sept", "nov", "stock", "mal", "liga"};
constexpr std::string_view kBeforeOrdinal[] = {"am", "im", "vom", "zum", "zur", "bis", "ab", "seit", "den", "dem",
                                               "der", "des", "die", "das", "beim", "ins", "jeden", "jedem"};

bool is_space(char32_t c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == 0x00A0 || c == 0x3000 ||
         c == 0x2009 || c == 0x202F;
}
bool is_break(char32_t c) { return c == '\n' || c == 0x2028 || c == 0x2029; }
bool is_ascii_end(char32_t c) { return c == '.' || c == '!' || c == '?' || c == 0x2026; }  // … too
bool is_wide_end(char32_t c) { return c == 0x3002 || c == 0xFF01 || c == 0xFF1F || c == 0xFF0E; }  // 。！？．
bool is_closer(char32_t c) {
  return c == '"' || c == '\'' || c == ')' || c == ']' || c == 0x00BB || c == 0x201D || c == 0x2019 || c == 0x300D ||
         c == 0x300F || c == 0xFF09 || c == 0x3011;
}

struct Char {
  char32_t c;
  size_t begin, end;
};

std::vector<Char> decode(std::string_view s) {
  std::vector<Char> out;
  for (size_t i = 0; i < s.size();) {
    const Utf8Char u = decode_utf8(s.substr(i));
    out.push_back({u.code_point, i, i + u.length});
    i += u.length;
  }
  return out;
}

// The word of chars [b, e), lower-cased (ASCII letters; the rest as written).
std::string lower_word(std::string_view s, const std::vector<Char>& chars, size_t b, size_t e) {
  if (b >= e) return "";
  std::string word(s.substr(chars[b].begin, chars[e - 1].end - chars[b].begin));
  for (char& ch : word) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return word;
}

template <size_t N>
bool listed(const std::string_view (&list)[N], const std::string& word) {
  return std::find(std::begin(list), std::end(list), word) != std::end(list);
}

// Whether the period at chars[i] ends an abbreviation or an initial ("Mr.", "e.g.", "J.").
bool after_abbreviation(std::string_view s, const std::vector<Char>& chars, size_t i) {
  size_t j = i;
  while (j > 0 && !is_space(chars[j - 1].c) && !is_break(chars[j - 1].c) && chars[j - 1].c != '(' &&
         chars[j - 1].c != '"')
    --j;
  const std::string word = lower_word(s, chars, j, i);
  if (word.size() == 1 && std::isalpha(static_cast<unsigned char>(word[0]))) return true;  // an initial
  return listed(kAbbreviations, word);
}

bool is_letter(char32_t c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= 0xC0 && c < 0x2000 && c != 0xD7 && c != 0xF7); }

// Whether the period at chars[i], followed by whitespace from chars[j] on, ends a German ordinal number
// rather than a sentence: 1-3 digits before it, and after it a word of kAfterOrdinal ("am 12. Oktober
// 2021", "im 19. Jahrhundert"), or one of kAfterOrdinalShared after a word of kBeforeOrdinal ("am 3.
// August"). "It is 42. Then ...", "My son is 12. August is hot." and "in 1990. Oktober ..." still end.
bool after_ordinal(std::string_view s, const std::vector<Char>& chars, size_t i, size_t j) {
  size_t d = i;
  while (d > 0 && chars[d - 1].c >= '0' && chars[d - 1].c <= '9') --d;
  if (d == i || i - d > 3) return false;
  if (d > 0 && !is_space(chars[d - 1].c) && !is_break(chars[d - 1].c) && chars[d - 1].c != '(') return false;
  while (j < chars.size() && is_space(chars[j].c)) ++j;
  size_t k = j;
  while (k < chars.size() && is_letter(chars[k].c)) ++k;
  const std::string next = lower_word(s, chars, j, k);
  if (listed(kAfterOrdinal, next)) return true;
  if (!listed(kAfterOrdinalShared, next)) return false;
  size_t e = d;  // the word before the number
  while (e > 0 && is_space(chars[e - 1].c)) --e;
  size_t b = e;
  while (b > 0 && is_letter(chars[b - 1].c)) --b;
  return listed(kBeforeOrdinal, lower_word(s, chars, b, e));
}

}  // namespace

std::vector<SentenceSpan> split_sentences(std::string_view s) {
  const std::vector<Char> chars = decode(s);
  std::vector<SentenceSpan> out;
  size_t start = 0;  // index into chars of the current sentence's first character
  auto emit = [&](size_t end_index) {  // the sentence chars[start, end_index), trimmed
    size_t b = start, e = end_index;
    while (b < e && (is_space(chars[b].c) || is_break(chars[b].c))) ++b;
    while (e > b && (is_space(chars[e - 1].c) || is_break(chars[e - 1].c))) --e;
    if (b < e) out.push_back({chars[b].begin, chars[e - 1].end});
    start = end_index;
  };
  for (size_t i = 0; i < chars.size(); ++i) {
    const char32_t c = chars[i].c;
    if (is_break(c)) {
      emit(i + 1);
      continue;
    }
    const bool wide = is_wide_end(c), ascii = is_ascii_end(c);
    if (!wide && !ascii) continue;
    size_t j = i + 1;  // past a run of end marks and closing quotes/brackets
    while (j < chars.size() && (is_ascii_end(chars[j].c) || is_wide_end(chars[j].c) || is_closer(chars[j].c))) ++j;
    if (wide) {
      emit(j);
      i = j - 1;
      continue;
    }
    if (j < chars.size() && !is_space(chars[j].c) && !is_break(chars[j].c)) continue;  // "3.5", "a.m.x"
    if (c == '.' && j == i + 1 && (after_abbreviation(s, chars, i) || after_ordinal(s, chars, i, j))) continue;
    emit(j);
    i = j - 1;
  }
  emit(chars.size());
  return out;
}

}  // namespace attnseq::text
