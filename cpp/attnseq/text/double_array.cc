#include "attnseq/text/double_array.h"

namespace attnseq::text {
namespace {

// Fields of one darts-clone unit.
bool has_leaf(uint32_t unit) { return ((unit >> 8) & 1) == 1; }
uint32_t value_of(uint32_t unit) { return unit & ((1u << 31) - 1); }
uint32_t label_of(uint32_t unit) { return unit & ((1u << 31) | 0xFF); }
uint32_t offset_of(uint32_t unit) { return (unit >> 10) << ((unit & (1u << 9)) >> 6); }

}  // namespace

int64_t DoubleArray::child(uint32_t node, unsigned char byte) const {
  if (node >= units_.size()) return -1;
  const uint32_t next = node ^ offset_of(units_[node]) ^ byte;
  if (next >= units_.size() || label_of(units_[next]) != byte) return -1;
  return next;
}

int64_t DoubleArray::value(uint32_t node) const {
  if (node >= units_.size() || !has_leaf(units_[node])) return -1;
  const uint32_t leaf = node ^ offset_of(units_[node]);
  if (leaf >= units_.size()) return -1;
  return value_of(units_[leaf]);
}

std::vector<DoubleArray::Match> DoubleArray::common_prefix_search(std::string_view key) const {
  std::vector<Match> matches;
  int64_t node = units_.empty() ? -1 : 0;
  for (size_t i = 0; i < key.size() && node >= 0; ++i) {
    node = child(static_cast<uint32_t>(node), static_cast<unsigned char>(key[i]));
    if (node < 0) break;
    const int64_t v = value(static_cast<uint32_t>(node));
    if (v >= 0) matches.push_back({i + 1, static_cast<uint32_t>(v)});
  }
  return matches;
}

DoubleArray::Match DoubleArray::longest_prefix(std::string_view key) const {
  Match best{0, 0};
  int64_t node = units_.empty() ? -1 : 0;
  for (size_t i = 0; i < key.size() && node >= 0; ++i) {
    node = child(static_cast<uint32_t>(node), static_cast<unsigned char>(key[i]));
    if (node < 0) break;
    const int64_t v = value(static_cast<uint32_t>(node));
    if (v >= 0) best = {i + 1, static_cast<uint32_t>(v)};
  }
  return best;
}

}  // namespace attnseq::text
