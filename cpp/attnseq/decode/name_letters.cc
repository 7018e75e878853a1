#include "attnseq/decode/name_letters.h"

#include "attnseq/core/utf8.h"

namespace attnseq {

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

size_t leading_letters(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const Utf8Char ch = decode_utf8(s.substr(i));
    if (!ch.valid || !is_name_letter(ch.code_point)) break;
    i += ch.length;
  }
  return i;
}

std::string_view trailing_letters(std::string_view s) {
  size_t start = 0, i = 0;
  while (i < s.size()) {
    const Utf8Char ch = decode_utf8(s.substr(i));
    i += ch.length;
    if (!ch.valid || !is_name_letter(ch.code_point)) start = i;
  }
  return s.substr(start);
}

size_t code_points(std::string_view s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size(); i += decode_utf8(s.substr(i)).length) ++n;
  return n;
}

}  // namespace attnseq
