// Internal: the shared, immutable state behind a Tokenizer.
#pragma once

#include "attnseq/text/normalizer.h"
#include "attnseq/text/tokenizer.h"
#include "attnseq/text/unigram.h"
#include "attnseq/text/vocabulary.h"

namespace attnseq {

struct SpecialIds {
  int unk;
  int bos;
  int eos;
  int pad;
};

class Tokenizer::Impl {
 public:
  Impl(text::Vocabulary vocab_, text::Normalizer normalizer_, SpecialIds ids_)
      : vocab(std::move(vocab_)), normalizer(std::move(normalizer_)), model(vocab), ids(ids_) {}

  text::Vocabulary vocab;
  text::Normalizer normalizer;
  text::UnigramModel model;
  SpecialIds ids;
};

// Defined in decode.cc.
std::string decode_pieces(const Tokenizer::Impl& impl, const std::vector<int>& ids, const std::vector<std::string>& surfaces);

}  // namespace attnseq
