#include "attnseq/text/base64.h"

#include <cstdint>

namespace attnseq::text {
namespace {

int sextet(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

// Decodes one 4-character group holding `bytes` (1..3) bytes of data; false if malformed.
bool decode_group(std::string_view group, size_t bytes, std::string& out) {
  uint32_t bits = 0;
  for (size_t i = 0; i < 4; ++i) {
    const int v = i <= bytes ? sextet(group[i]) : (group[i] == '=' ? 0 : -1);
    if (v < 0) return false;
    bits = (bits << 6) | static_cast<uint32_t>(v);
  }
  if (bytes < 3 && (bits & ((1u << (8 * (3 - bytes))) - 1)) != 0) return false;
  for (size_t i = 0; i < bytes; ++i) out += static_cast<char>((bits >> (16 - 8 * i)) & 0xFF);
  return true;
}

}  // namespace

std::optional<std::string> decode_base64(std::string_view in) {
  if (in.size() % 4 != 0) return std::nullopt;
  std::string out;
  out.reserve(in.size() / 4 * 3);
  for (size_t pos = 0; pos < in.size(); pos += 4) {
    const std::string_view group = in.substr(pos, 4);
    const bool last = pos + 4 == in.size();
    const size_t padding = last ? (group[3] == '=') + (group[2] == '=' && group[3] == '=') : 0;
    if (!decode_group(group, 3 - padding, out)) return std::nullopt;
  }
  return out;
}

}  // namespace attnseq::text
