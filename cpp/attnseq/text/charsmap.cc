#include "attnseq/text/charsmap.h"

#include <cstdint>
#include <vector>

#include "attnseq/core/errors.h"

namespace attnseq::text {
namespace {

[[noreturn]] void fail(const std::string& field, const std::string& what) {
  throw Error(ErrorCode::BadTokenizer, field + ": " + what);
}

uint32_t read_u32le(std::string_view bytes, size_t pos) {
  uint32_t v = 0;
  for (size_t i = 0; i < 4; ++i) v |= uint32_t(static_cast<unsigned char>(bytes[pos + i])) << (8 * i);
  return v;
}

std::vector<uint32_t> read_units(std::string_view bytes) {
  std::vector<uint32_t> units(bytes.size() / 4);
  for (size_t i = 0; i < units.size(); ++i) units[i] = read_u32le(bytes, 4 * i);
  return units;
}

}  // namespace

CharsMap CharsMap::parse(std::string_view blob, const std::string& field) {
  CharsMap map;
  if (blob.empty()) return map;
  if (blob.size() <= 4) fail(field, "expected a 4-byte trie size followed by the trie, got " +
                                        std::to_string(blob.size()) + " bytes");
  const uint32_t trie_size = read_u32le(blob, 0);
  if (trie_size > blob.size() - 4) {
    fail(field, "trie size " + std::to_string(trie_size) + " exceeds the " +
                    std::to_string(blob.size() - 4) + " bytes that follow it (truncated?)");
  }
  if (trie_size == 0 || trie_size % 4 != 0) {
    fail(field, "trie size " + std::to_string(trie_size) + " is not a positive multiple of 4");
  }
  map.trie_ = DoubleArray(read_units(blob.substr(4, trie_size)));
  map.replacements_ = std::string(blob.substr(4 + trie_size));
  map.validate(field);
  return map;
}

// Checks that the value of every node that holds one (every key of the trie, and any unreachable
// node too) points at a NUL-terminated replacement, so that normalization never reads outside the
// blob. One pass over the units: walking the keys by trying all 256 bytes at each node was a third of
// a model's load time.
void CharsMap::validate(const std::string& field) const {
  const size_t last_nul = replacements_.rfind('\0');
  for (size_t node = 0; node < trie_.size(); ++node) {
    const int64_t value = trie_.value(static_cast<uint32_t>(node));
    if (value >= 0 && (last_nul == std::string::npos || static_cast<size_t>(value) > last_nul)) {
      fail(field, "a rule's replacement offset " + std::to_string(value) +
                      " does not point at a NUL-terminated string (truncated?)");
    }
  }
}

CharsMap::Rule CharsMap::longest_rule(std::string_view input) const {
  const DoubleArray::Match m = trie_.longest_prefix(input);
  if (m.length == 0) return {0, {}};
  const char* start = replacements_.data() + m.value;
  return {m.length, std::string_view(start)};  // validated: NUL-terminated inside replacements_
}

}  // namespace attnseq::text
