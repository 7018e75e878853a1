#include "attnseq/core/utf8.h"

namespace attnseq {
namespace {

bool is_trail(unsigned char b) { return (b & 0xC0) == 0x80; }

bool is_scalar_value(char32_t c) { return c < 0xD800 || (c >= 0xE000 && c <= 0x10FFFF); }

unsigned char byte_at(std::string_view s, size_t i) { return static_cast<unsigned char>(s[i]); }

// Decodes an `n`-byte sequence (2..4) whose lead byte is already known to announce `n`.
Utf8Char decode_multi(std::string_view s, size_t n) {
  static constexpr unsigned char kLeadMask[] = {0, 0, 0x1F, 0x0F, 0x07};
  static constexpr char32_t kMinimum[] = {0, 0, 0x80, 0x800, 0x10000};
  char32_t cp = byte_at(s, 0) & kLeadMask[n];
  for (size_t i = 1; i < n; ++i) {
    if (!is_trail(byte_at(s, i))) return {kReplacementChar, 1, false};
    cp = (cp << 6) | (byte_at(s, i) & 0x3F);
  }
  if (cp < kMinimum[n] || !is_scalar_value(cp)) return {kReplacementChar, 1, false};
  return {cp, n, true};
}

}  // namespace

size_t utf8_lead_length(unsigned char lead) {
  static constexpr unsigned char kLengths[16] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 4};
  return kLengths[lead >> 4];
}

Utf8Char decode_utf8(std::string_view s) {
  const unsigned char lead = byte_at(s, 0);
  if (lead < 0x80) return {lead, 1, true};
  size_t n = 0;
  if ((lead & 0xE0) == 0xC0) n = 2;
  else if ((lead & 0xF0) == 0xE0) n = 3;
  else if ((lead & 0xF8) == 0xF0) n = 4;
  if (n == 0 || s.size() < n) return {kReplacementChar, 1, false};
  return decode_multi(s, n);
}

bool is_valid_utf8(std::string_view s) {
  while (!s.empty()) {
    const Utf8Char c = decode_utf8(s);
    if (!c.valid) return false;
    s.remove_prefix(c.length);
  }
  return true;
}

void append_utf8(std::string& out, char32_t cp) {
  if (!is_scalar_value(cp)) cp = kReplacementChar;
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace attnseq
