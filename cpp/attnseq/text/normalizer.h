// Port of sentencepiece's normalizer::Normalizer (normalizer.cc, 0.1.97): charsmap rules,
// user-defined symbols kept verbatim, U+FFFD for malformed UTF-8, the whitespace rules, and the
// normalized -> original byte alignment.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "attnseq/text/byte_trie.h"
#include "attnseq/text/charsmap.h"

namespace attnseq::text {

struct NormalizerOptions {
  bool add_dummy_prefix = true;          // prepend one space (U+2581)
  bool remove_extra_whitespaces = true;  // strip leading/trailing spaces, collapse runs
  bool escape_whitespaces = true;        // write spaces as U+2581
};

struct NormalizedText {
  std::string text;
  // norm_to_orig[i]: byte offset in the original text that normalized byte i comes from;
  // one extra entry for the end. Empty (not {0}) when `text` is empty, as in sentencepiece.
  std::vector<size_t> norm_to_orig;
};

class Normalizer {
 public:
  Normalizer(CharsMap charsmap, NormalizerOptions options, ByteTrie user_symbols)
      : charsmap_(std::move(charsmap)), options_(options), user_symbols_(std::move(user_symbols)) {}

  NormalizedText normalize(std::string_view input) const;

  const NormalizerOptions& options() const { return options_; }

 private:
  struct Prefix {
    std::string_view replacement;  // what the consumed bytes normalize to
    size_t consumed;               // bytes of input consumed (>= 1)
  };

  // Normalizes the first character (or rule / user-defined symbol) of a non-empty `input`.
  Prefix normalize_prefix(std::string_view input) const;
  // Appends `piece` (spaces escaped when asked), every byte aligned to original offset `orig`.
  void append(std::string_view piece, size_t orig, NormalizedText& out) const;
  void remove_trailing_spaces(NormalizedText& out, size_t& consumed) const;

  CharsMap charsmap_;
  NormalizerOptions options_;
  ByteTrie user_symbols_;
};

}  // namespace attnseq::text
