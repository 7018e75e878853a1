// A plain trie over byte strings with an int per key: the vocabulary trie of the unigram model
// and the user-defined-symbol matcher. It answers exactly the questions sentencepiece asks its
// darts-clone tries (walk one byte, "does a key end here?"), in the same order.
#pragma once

#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

namespace attnseq::text {

class ByteTrie {
 public:
  static constexpr int kRoot = 0;

  ByteTrie() : nodes_(1) {}

  // Adds `key` (non-empty) with `value` (>= 0); a key inserted twice keeps the first value.
  void insert(std::string_view key, int value);

  bool empty() const { return nodes_.size() == 1; }

  // The node reached from `node` by `byte`, or -1.
  int child(int node, unsigned char byte) const;

  // The value of the key ending at `node`, or -1.
  int value(int node) const { return nodes_[static_cast<size_t>(node)].value; }

  // Length of the longest key that is a prefix of `text` (0 if none).
  size_t longest_prefix(std::string_view text) const;

 private:
  struct Node {
    std::vector<std::pair<unsigned char, int>> children;  // sorted by byte
    int value = -1;
  };
  std::vector<Node> nodes_;
};

}  // namespace attnseq::text
