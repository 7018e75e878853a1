// Port of sentencepiece's unigram::Model::EncodeOptimized (unigram_model.cc, 0.1.97): the
// single-pass Viterbi segmentation, with its float/double arithmetic and tie-breaking, the
// unknown-character penalty and the user-defined-symbol bonus.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "attnseq/text/byte_trie.h"
#include "attnseq/text/vocabulary.h"

namespace attnseq::text {

struct Token {
  size_t begin;  // byte range [begin, end) in the normalized text
  size_t end;
  int id;        // the unknown id for characters no piece covers
};

class UnigramModel {
 public:
  explicit UnigramModel(const Vocabulary& vocab);

  // Best segmentation of `normalized` (empty for empty input).
  std::vector<Token> encode(std::string_view normalized) const;

 private:
  struct BestPath {
    int id = -1;
    float score = 0;     // total score of the best path ending here
    long starts_at = -1; // start of its last piece; -1: no path yet
  };

  // Offers every piece starting at `start` (and the unknown fallback) to `best`.
  void relax_from(std::string_view normalized, size_t start, std::vector<BestPath>& best) const;
  double piece_score(int id, size_t length) const;

  ByteTrie trie_;  // normal, user-defined and unused pieces -> id
  std::vector<float> scores_;
  std::vector<PieceType> types_;
  int unk_id_;
  float min_score_;
  float max_score_;
};

}  // namespace attnseq::text
