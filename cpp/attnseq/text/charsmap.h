// SentencePiece's precompiled charsmap: the normalization rules of a NormalizerSpec.
//
// Blob layout (little-endian): <u32 trie size in bytes><darts-clone double array><replacements>,
// where every replacement is a NUL-terminated UTF-8 string and the trie maps a rule's source
// (UTF-8) to the offset of its replacement.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "attnseq/text/double_array.h"

namespace attnseq::text {

class CharsMap {
 public:
  struct Rule {
    size_t length;                 // bytes of input the rule consumes; 0: no rule applies
    std::string_view replacement;  // valid until the CharsMap is destroyed or moved
  };

  CharsMap() = default;  // no rules (the "identity" normalizer)

  // Parses and fully validates a blob; an empty blob means no rules. Throws
  // attnseq::Error(BadTokenizer) naming `field` when the blob is malformed.
  static CharsMap parse(std::string_view blob, const std::string& field);

  bool empty() const { return trie_.size() == 0; }

  // The rule with the longest source that is a prefix of `input`, as sentencepiece's
  // Normalizer::NormalizePrefix picks it.
  Rule longest_rule(std::string_view input) const;

 private:
  void validate(const std::string& field) const;

  DoubleArray trie_;
  std::string replacements_;
};

}  // namespace attnseq::text
