// UTF-8 helpers with sentencepiece's exact rules (util.h of sentencepiece 0.1.97): how long a
// character is, when a byte sequence is malformed, and U+FFFD for a malformed byte. In core/ because
// both the tokenizer (text/) and the decoding guards (decode/) read UTF-8.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace attnseq {

constexpr char32_t kReplacementChar = 0xFFFD;
constexpr std::string_view kReplacementUtf8 = "\xEF\xBF\xBD";

// Length announced by a lead byte (sentencepiece's OneCharLen): 1 for ASCII and also for a
// stray continuation byte, 2/3/4 for multi-byte leads. Does not look at the following bytes.
size_t utf8_lead_length(unsigned char lead);

struct Utf8Char {
  char32_t code_point;  // kReplacementChar when malformed
  size_t length;        // bytes consumed: 1 when malformed
  bool valid;
};

// Decodes the first character of a non-empty `s`. Malformed (truncated, bad continuation,
// overlong, surrogate, > U+10FFFF): {U+FFFD, 1, false}. An encoded U+FFFD is valid.
Utf8Char decode_utf8(std::string_view s);

// True when every character of `s` decodes as valid.
bool is_valid_utf8(std::string_view s);

// Appends the UTF-8 encoding of `code_point` (U+FFFD for values that are not scalar values).
void append_utf8(std::string& out, char32_t code_point);

}  // namespace attnseq
