#include "attnseq/decode/number_words.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace attnseq {
namespace {

// Cardinal words, lower case, as a piece writes them (compounds like "vingt-quatre" are pieces of these
// and a hyphen): those of 2 … 12 in order (index + 2 = the value), then the larger ones, with the
// plurals of the large units ("cents", "millions").
struct Lexicon {
  std::array<std::string_view, kSmallNumber - 1> small;
  std::array<std::string_view, 23> larger;  // (padded with "")
};
constexpr Lexicon kEn{{"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"},
                      {"thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
                       "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "hundreds",
                       "thousand", "thousands", "million", "millions", "billion", "billions"}};
constexpr Lexicon kFr{{"deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze"},
                      {"treize", "quatorze", "quinze", "seize", "vingt", "vingts", "trente", "quarante", "cinquante",
                       "soixante", "cent", "cents", "mille", "million", "millions", "milliard", "milliards"}};
constexpr Lexicon kDe{{"zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun", "zehn", "elf", "zwölf"},
                      {"dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn", "achtzehn", "neunzehn", "zwanzig",
                       "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig", "achtzig", "neunzig", "hundert",
                       "tausend", "million", "millionen", "milliarde", "milliarden"}};
constexpr Lexicon kEs{{"dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce"},
                      {"trece", "catorce", "quince", "dieciséis", "diecisiete", "dieciocho", "diecinueve", "veinte",
                       "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa", "cien",
                       "ciento", "cientos", "mil", "millón", "millones"}};
// Chinese: the numbers 2 … 12 as words (两 is 2 too), and the numerals a number word is made of.
constexpr std::string_view kZhSmall[] = {"二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"};
// Chinese numerals (a piece made of these alone is a number word; 一 alone is not: it is also "a").
constexpr std::string_view kZh[] = {"零", "〇", "一", "二", "两", "三", "四", "五", "六",
                                    "七", "八", "九", "十", "百", "千", "万", "亿"};

template <typename Words>
bool listed(const Words& words, std::string_view w) {
  return !w.empty() && std::find(std::begin(words), std::end(words), w) != std::end(words);
}

// The lexicon of a language with one, else null (zh has its numerals instead).
const Lexicon* lexicon(const std::string& lang) {
  return lang == "en" ? &kEn : lang == "fr" ? &kFr : lang == "de" ? &kDe : lang == "es" ? &kEs : nullptr;
}

// The piece's text without its space mark and the hyphens or apostrophes of a compound, ASCII lower case.
std::string word_of(const std::string& text) {
  std::string_view t = text;
  constexpr std::string_view kSpace = "\xE2\x96\x81";  // U+2581
  while (t.substr(0, kSpace.size()) == kSpace) t.remove_prefix(kSpace.size());
  while (!t.empty() && (t.front() == '-' || t.front() == '\'')) t.remove_prefix(1);
  while (!t.empty() && (t.back() == '-' || t.back() == '\'')) t.remove_suffix(1);
  std::string out(t);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// Made of Chinese numerals only (each 3 bytes in UTF-8), and not 一 alone.
bool chinese_numeral(const std::string& w) {
  if (w.empty() || w.size() % 3 != 0 || w == "一") return false;
  for (size_t i = 0; i < w.size(); i += 3)
    if (!listed(kZh, std::string_view(w).substr(i, 3))) return false;
  return true;
}

template <typename Words>
int index_in(const Words& words, std::string_view w) {
  const auto it = std::find(std::begin(words), std::end(words), w);
  return it == std::end(words) ? -1 : static_cast<int>(it - std::begin(words));
}

}  // namespace

int small_number_value(const std::string& lang, const std::string& piece_text) {
  if (!is_number_word(lang, piece_text)) return -1;
  const std::string w = word_of(piece_text);
  const Lexicon* words = lexicon(lang);
  const int i = words ? index_in(words->small, w) : lang == "zh" ? (w == "两" ? 0 : index_in(kZhSmall, w)) : -1;
  return i < 0 ? -1 : i + 2;
}

bool in_percent(const std::string& lang, const std::string& piece_text) {
  const std::string w = word_of(piece_text);
  return (lang == "fr" && w == "cent") || (lang == "es" && w == "ciento");
}

bool is_number_word(const std::string& lang, const std::string& piece_text) {
  const std::string w = word_of(piece_text);
  if (w.empty()) return false;
  if (lang == "zh") return chinese_numeral(w);
  // a compound piece ("vingt-deux") is one when each of its parts is
  size_t begin = 0;
  for (;;) {
    const size_t end = std::min(w.find('-', begin), w.size());
    const std::string_view part = std::string_view(w).substr(begin, end - begin);
    const Lexicon* words = lexicon(lang);
    if (!words || !(listed(words->small, part) || listed(words->larger, part))) return false;
    if (end == w.size()) return true;
    begin = end + 1;
  }
}

bool spells_number(const std::string& lang, const std::string& text) {
  if (lang == "zh") {  // any numeral but 一 (a word of its own there: 两只, 三个, 九十)
    for (size_t i = 0; i + 3 <= text.size(); ++i)
      if (listed(kZh, std::string_view(text).substr(i, 3)) && text.compare(i, 3, "一") != 0) return true;
    return false;
  }
  // words: the runs between spaces (U+2581 or ASCII) and ASCII punctuation other than the hyphen
  std::string word;
  auto ends = [&]() { const bool yes = !word.empty() && is_number_word(lang, word); word.clear(); return yes; };
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const bool space = c == 0xE2 && text.compare(i, 3, "\xE2\x96\x81") == 0;
    if (space || (c < 0x80 && c != '-' && !((c | 0x20) >= 'a' && (c | 0x20) <= 'z'))) {
      if (ends()) return true;
      if (space) i += 2;
    } else {
      word += static_cast<char>(c);
    }
  }
  return ends();
}

}  // namespace attnseq
