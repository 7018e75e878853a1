#include "attnseq/text/restore.h"

#include "attnseq/core/errors.h"
#include "attnseq/core/metadata_table.h"
#include <nlohmann/json.hpp>
#include "attnseq/text/sentences.h"
#include "attnseq/core/utf8.h"

namespace attnseq::text {
namespace {

constexpr const char* kKey = "restore";  // the metadata entry

[[noreturn]] void bad(const std::string& what) { bad_metadata_table(kKey, what); }

constexpr bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
constexpr bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool is_letter(char c) { return is_lower(c) || is_upper(c); }
constexpr char lower(char c) { return is_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }

// A Latin letter with a diacritic, or a combining mark: the text was typed with accents.
constexpr bool is_accented(char32_t c) {
  return (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7) || (c >= 0x300 && c <= 0x36F) ||
         (c >= 0x1E00 && c <= 0x1EFF);
}

bool shows_accents(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    if (static_cast<unsigned char>(s[i]) < 0x80) { ++i; continue; }
    const Utf8Char ch = decode_utf8(s.substr(i));
    if (ch.valid && is_accented(ch.code_point)) return true;
    i += ch.length;
  }
  return false;
}

// U+00C0–U+017F without accent and in lower case ('.': none, as Æ, ß, Ø, Œ): Unicode's decompositions.
constexpr std::string_view kLatinBase =
    "aaaaaa.ceeeeiiii.nooooo..uuuuy..aaaaaa.ceeeeiiii.nooooo..uuuuy.yaaaaaaccccccccdd..eeeeeeeeeegggggggghh.."
    "iiiiiiiii...jjkk.llllll....nnnnnn...oooooo..rrrrrrsssssssstttt..uuuuuuuuuuuuwwyyyzzzzzz.";
static_assert(kLatinBase.size() == 0x180 - 0xC0);

// A key: one or two lower-case ASCII words, joined by one space.
bool valid_key(const std::string& k) {
  if (k.empty() || !is_lower(k.front()) || !is_lower(k.back())) return false;
  int spaces = 0;
  for (char c : k) {
    if (c == ' ') ++spaces;
    else if (!is_lower(c)) return false;
  }
  return spaces <= 1;
}

// A character that continues a word: a digit, '_', or any non-ASCII character but the punctuation and
// spaces of U+00A0–U+00BF (¡ « » ¿, no-break space) and U+2000–U+206F (’ “ ” „ – — …).
bool word_char(char32_t c) {
  if (c < 0x80) return (c >= '0' && c <= '9') || c == '_' || is_letter(static_cast<char>(c));
  return !((c >= 0xA0 && c <= 0xBF) || (c >= 0x2000 && c <= 0x206F));
}

// Whether the character before byte i of s continues a word (joins_after: the one at byte j).
bool joins_before(std::string_view s, size_t i) {
  if (i == 0) return false;
  size_t b = i - 1;
  while (b > 0 && (static_cast<unsigned char>(s[b]) & 0xC0) == 0x80) --b;  // back to the lead byte
  return word_char(decode_utf8(s.substr(b, i - b)).code_point);
}
bool joins_after(std::string_view s, size_t j) { return j < s.size() && word_char(decode_utf8(s.substr(j)).code_point); }

struct Word {
  size_t begin, end;  // bytes of the input: an ASCII letter run
};

// Typed as the tutorials' preprocessing writes a word: lower case, or a capital first letter on the
// sentence's first word.
bool plain(std::string_view w, bool first) {
  for (size_t i = 0; i < w.size(); ++i)
    if (!is_lower(w[i]) && !(i == 0 && first && is_upper(w[i])) && w[i] != ' ' && w[i] != '\'') return false;
  return true;
}

// The first letter of a form as a capital: ASCII, and Latin-1's à…þ (the forms' accented capitals).
void capitalize(std::string& form) {
  if (is_lower(form[0])) { form[0] = static_cast<char>(form[0] - 'a' + 'A'); return; }
  const Utf8Char ch = decode_utf8(form);
  if (!ch.valid || ch.code_point < 0xE0 || ch.code_point > 0xFE || ch.code_point == 0xF7) return;
  std::string upper;
  append_utf8(upper, ch.code_point - 0x20);
  form.replace(0, ch.length, upper);
}

std::string key_of(std::string_view typed) {
  std::string k(typed);
  for (char& c : k) c = c == '\'' ? ' ' : lower(c);
  return k;
}

}  // namespace

std::string InputRestorer::key_of_form(std::string_view form) {
  std::string key;
  for (size_t i = 0; i < form.size();) {
    const Utf8Char ch = decode_utf8(form.substr(i));
    if (!ch.valid) return "";
    const char32_t c = ch.code_point;
    if (c < 0x80 && (is_letter(static_cast<char>(c)) || c == '\''))
      key += c == '\'' ? ' ' : lower(static_cast<char>(c));
    else if (c >= 0xC0 && c < 0x180 && kLatinBase[c - 0xC0] != '.')
      key += kLatinBase[c - 0xC0];
    else
      return "";
    i += ch.length;
  }
  return valid_key(key) ? key : "";
}

InputRestorer::InputRestorer(const std::vector<std::string>& forms) {
  for (const std::string& form : forms) {
    const std::string key = key_of_form(form);
    if (key.empty())
      bad("the form \"" + (is_valid_utf8(form) ? form : std::string("(not UTF-8)")) +
          "\" is not one or two words of letters that have a form without accent");
    if (!forms_.emplace(key, form).second)
      bad("the forms \"" + forms_[key] + "\" and \"" + form + "\" are typed alike (\"" + key + "\")");
  }
}

InputRestorer InputRestorer::from_json(const nlohmann::json& j) {
  std::vector<std::string> forms;
  for (const auto& form : metadata_table_array(j, kKey, "forms")) {
    if (!form.is_string()) bad("a form is not a string: " + form.dump());
    forms.push_back(form.get<std::string>());
  }
  return InputRestorer(forms);
}

RestoredText InputRestorer::restore(std::string_view input) const {
  RestoredText out;
  if (forms_.empty()) { out.text = std::string(input); return out; }
  // Replacements, in input order: [begin, end) of the input → its form (same number of characters).
  struct Edit { size_t begin, end; std::string form; };
  std::vector<Edit> edits;
  for (const SentenceSpan& s : split_sentences(input)) {
    const std::string_view sentence = input.substr(s.begin, s.end - s.begin);
    if (shows_accents(sentence)) continue;  // typed with accents: as written
    std::vector<Word> words;
    for (size_t i = 0; i < sentence.size();) {
      if (!is_letter(sentence[i])) { ++i; continue; }
      size_t j = i;
      while (j < sentence.size() && is_letter(sentence[j])) ++j;
      // part of a longer word ("wei" of "weiß", "x" of "x2"): not a word of the table
      if (!joins_before(sentence, i) && !joins_after(sentence, j)) words.push_back({s.begin + i, s.begin + j});
      i = j;
    }
    // The first word gets a capital when nothing that belongs to a word (a digit, a letter outside
    // ASCII) comes before it in the sentence: "3 pommes" and "привет desole" get none.
    bool opens = !words.empty();
    for (size_t i = s.begin; opens && i < words[0].begin;) {
      const Utf8Char ch = decode_utf8(input.substr(i));
      opens = !word_char(ch.code_point);
      i += ch.length;
    }
    for (size_t w = 0; w < words.size(); ++w) {
      const bool first = w == 0;
      const size_t begin = words[w].begin;
      size_t end = words[w].end;
      const std::string* form = nullptr;
      // two words with a space or an apostrophe between them: a dropped or kept apostrophe ("c est")
      if (w + 1 < words.size() && words[w + 1].begin == words[w].end + 1 &&
          (input[words[w].end] == ' ' || input[words[w].end] == '\'')) {
        const std::string_view typed = input.substr(begin, words[w + 1].end - begin);
        const auto it = forms_.find(key_of(typed));
        if (it != forms_.end() && plain(typed, first)) {
          form = &it->second;
          end = words[w + 1].end;
          ++w;
        }
      }
      if (!form) {
        const std::string_view typed = input.substr(begin, end - begin);
        const auto it = forms_.find(key_of(typed));
        if (it != forms_.end() && plain(typed, first)) form = &it->second;
      }
      const bool capital = (first && opens) || is_upper(input[begin]);  // (a typed capital is kept)
      if (form) {
        edits.push_back({begin, end, *form});
        if (capital) capitalize(edits.back().form);
      } else if (first && opens && is_lower(input[begin]) && plain(input.substr(begin, end - begin), true)) {
        edits.push_back({begin, begin + 1, std::string(1, static_cast<char>(input[begin] - 'a' + 'A'))});
      }
    }
  }
  if (edits.empty()) { out.text = std::string(input); return out; }
  out.text.reserve(input.size() + 16);
  out.original.reserve(input.size() + 17);
  size_t at = 0;
  auto keep = [&](size_t end) {
    for (; at < end; ++at) { out.text += input[at]; out.original.push_back(static_cast<uint32_t>(at)); }
  };
  for (const Edit& e : edits) {
    keep(e.begin);
    // character k of the form stands for typed byte e.begin + k (typed words are ASCII)
    size_t k = 0;
    for (size_t i = 0; i < e.form.size(); ++k) {
      const size_t n = decode_utf8(std::string_view(e.form).substr(i)).length;
      for (size_t b = 0; b < n; ++b) out.original.push_back(static_cast<uint32_t>(e.begin + k));
      out.text.append(e.form, i, n);
      i += n;
    }
    at = e.end;
  }
  keep(input.size());
  out.original.push_back(static_cast<uint32_t>(input.size()));
  if (out.text == input) { out.original.clear(); }
  return out;
}

namespace {

bool closes(char32_t c) {  // a closing quote or bracket
  return c == '"' || c == '\'' || c == ')' || c == ']' || c == '}' || c == 0xBB || c == 0x2019 || c == 0x201D ||
         c == 0x203A || c == 0x300B || c == 0x300D || c == 0x300F || c == 0xFF09;
}

bool is_space(char32_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0xA0 || c == 0x3000; }

// CJK punctuation and the full-width forms of ASCII punctuation (。！？，：): not a word's end
bool cjk_punctuation(char32_t c) {
  return (c >= 0x3000 && c <= 0x303F) || (c >= 0xFF01 && c <= 0xFF0F) || (c >= 0xFF1A && c <= 0xFF20) ||
         (c >= 0xFF3B && c <= 0xFF40) || (c >= 0xFF5B && c <= 0xFF65);
}

}  // namespace

bool complete_final_stop(RestoredText& read, std::string_view stop) {
  // the last character that is not a space, and the last one before the closing marks that end the text
  size_t end = 0;         // byte after the last character that is not a space
  char32_t last = 0;      // the last character that is neither a space nor a closing mark
  for (size_t i = 0; i < read.text.size();) {
    const Utf8Char ch = decode_utf8(std::string_view(read.text).substr(i));
    i += ch.length;
    if (is_space(ch.code_point)) continue;
    end = i;
    if (!closes(ch.code_point)) last = ch.code_point;
  }
  if (end == 0 || last == 0 || !word_char(last) || cjk_punctuation(last)) return false;  // ends in a stop, other punctuation, or nothing
  // Spanish opens a question or an exclamation with its mark: one left open at the end is closed by it
  const auto open_at = [&](std::string_view opener, char closer) {  // where `opener` was last used and not closed
    const size_t at = read.text.rfind(opener);
    return at != std::string::npos && read.text.find(closer, at) == std::string::npos ? at : std::string::npos;
  };
  const size_t question = open_at("\xC2\xBF", '?'), exclamation = open_at("\xC2\xA1", '!');  // ¿ ¡
  if (question != std::string::npos && (exclamation == std::string::npos || question > exclamation)) stop = "?";
  else if (exclamation != std::string::npos) stop = "!";
  if (!read.changed()) {
    read.original.resize(read.text.size() + 1);
    for (size_t b = 0; b <= read.text.size(); ++b) read.original[b] = static_cast<uint32_t>(b);
  }
  read.text.insert(end, stop);
  read.original.insert(read.original.begin() + static_cast<std::ptrdiff_t>(end), stop.size(), read.original[end]);
  return true;
}

}  // namespace attnseq::text
