// Read-only view of a darts-clone double-array trie (third_party/darts_clone/darts.h of
// sentencepiece), the format of the trie inside a precompiled charsmap. Only the lookups
// sentencepiece performs are ported; every array access is bounds-checked, so a corrupt array
// can make a key unfindable but never reads outside the units.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace attnseq::text {

class DoubleArray {
 public:
  struct Match {
    size_t length;   // bytes of the key that matched
    uint32_t value;  // the value stored for that key
  };

  DoubleArray() = default;
  explicit DoubleArray(std::vector<uint32_t> units) : units_(std::move(units)) {}

  size_t size() const { return units_.size(); }

  // All keys that are prefixes of `key`, shortest first (darts' commonPrefixSearch).
  std::vector<Match> common_prefix_search(std::string_view key) const;

  // The longest key that is a prefix of `key`; length 0 when there is none.
  Match longest_prefix(std::string_view key) const;

  // The child of `node` reached by `byte`, or -1. Node 0 is the root.
  int64_t child(uint32_t node, unsigned char byte) const;

  // The value stored at `node` (a key ends there), or -1.
  int64_t value(uint32_t node) const;

 private:
  std::vector<uint32_t> units_;
};

}  // namespace attnseq::text
