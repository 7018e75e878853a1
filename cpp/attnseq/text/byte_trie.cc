#include "attnseq/text/byte_trie.h"

#include <algorithm>

namespace attnseq::text {
namespace {

using Children = std::vector<std::pair<unsigned char, int>>;

Children::const_iterator find_byte(const Children& children, unsigned char byte) {
  return std::lower_bound(children.begin(), children.end(), byte,
                          [](const std::pair<unsigned char, int>& c, unsigned char b) { return c.first < b; });
}

}  // namespace

void ByteTrie::insert(std::string_view key, int value) {
  int node = kRoot;
  for (const char ch : key) {
    const auto byte = static_cast<unsigned char>(ch);
    int next = child(node, byte);
    if (next < 0) {
      next = static_cast<int>(nodes_.size());
      Children& children = nodes_[static_cast<size_t>(node)].children;
      children.insert(find_byte(children, byte), {byte, next});
      nodes_.emplace_back();
    }
    node = next;
  }
  int& slot = nodes_[static_cast<size_t>(node)].value;
  if (slot < 0) slot = value;
}

int ByteTrie::child(int node, unsigned char byte) const {
  const Children& children = nodes_[static_cast<size_t>(node)].children;
  const auto it = find_byte(children, byte);
  return it != children.end() && it->first == byte ? it->second : -1;
}

size_t ByteTrie::longest_prefix(std::string_view text) const {
  size_t longest = 0;
  int node = kRoot;
  for (size_t i = 0; i < text.size(); ++i) {
    node = child(node, static_cast<unsigned char>(text[i]));
    if (node < 0) break;
    if (value(node) >= 0) longest = i + 1;
  }
  return longest;
}

}  // namespace attnseq::text
