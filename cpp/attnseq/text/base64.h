// Strict standard base64 (RFC 4648 alphabet, '=' padding), as written by Python's b64encode.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace attnseq::text {

// The decoded bytes, or nullopt when `in` is not canonical padded base64 (bad character,
// length not a multiple of 4, misplaced '=' or non-zero padding bits).
std::optional<std::string> decode_base64(std::string_view in);

}  // namespace attnseq::text
