// ASCII character classes that the decoding guards share (the number guard, the target pieces, the run
// guard): one definition, for bytes and code points alike.
#pragma once

namespace attnseq {

// '0'…'9' only: the digits that the number guard copies and that the run guard leaves to it.
constexpr bool is_ascii_digit(char32_t c) { return c >= U'0' && c <= U'9'; }
constexpr bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace attnseq
