// SentencePiece-compatible tokenizer: reproduces sentencepiece 0.1.97 (unigram model, charsmap
// normalization) byte for byte, from the tokenizer JSON of docs/model-format.md.
//
// A Tokenizer is immutable once built; copies share the same data and all const methods may
// be called from several threads at once.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnseq/text/piece_type.h"

namespace attnseq {

// Byte range [begin, end) in the original text.
struct Span {
  size_t begin;
  size_t end;
  bool operator==(const Span& o) const { return begin == o.begin && end == o.end; }
};

struct Encoding {
  std::vector<int> ids;
  std::vector<std::string> pieces;  // a run of unknown characters is one piece (the normalized text)
  std::vector<Span> spans;          // sentencepiece's begin/end: original bytes of each piece
};

class Tokenizer {
 public:
  // What model format 2 stores as tensors beside the tokenizer JSON (docs/model-format.md).
  struct Tables {
    std::optional<std::string_view> charsmap;  // the normalizer's precompiled charsmap (bytes)
    std::optional<std::vector<float>> scores;  // one score per piece; pieces are then [piece, type]
  };
  // Builds from the tokenizer JSON; every field is checked. Throws attnseq::Error with
  // ErrorCode::BadTokenizer naming the offending field. Format 1 keeps everything in the JSON (pieces
  // [piece, score, type], the charsmap as base64); with `tables`, what they hold must not be in the JSON.
  static Tokenizer from_json(const nlohmann::json& j, const Tables& tables = {});
  // Same, from JSON text (as stored in the model file's metadata).
  static Tokenizer from_json_text(std::string_view json_text);

  // sentencepiece's Encode: normalize, segment, map back to the original bytes. Any byte
  // string is accepted (malformed UTF-8 becomes U+FFFD, one per bad byte).
  Encoding encode(std::string_view text) const;
  std::vector<int> encode_ids(std::string_view text) const;

  // sentencepiece's DecodeIds: U+2581 -> space, the leading space dropped, control pieces
  // dropped, unknown -> " \u2047 ", byte pieces reassembled (U+FFFD for malformed bytes).
  // Throws Error(BadInput) for an id outside [0, vocab_size()).
  std::string decode(const std::vector<int>& ids) const;
  // The same, with copied text for unknown pieces: where surfaces[i] is not empty and ids[i] is the unknown
  // piece, that text (normalized, U+2581 for spaces) is written instead of " \u2047 ", as a piece would be
  // (sentencepiece's DecodePieces writes an unknown piece's own text likewise). surfaces: empty, or one
  // per id.
  std::string decode(const std::vector<int>& ids, const std::vector<std::string>& surfaces) const;

  // The normalized text sentencepiece segments (with U+2581 for spaces).
  std::string normalize(std::string_view text) const;

  int vocab_size() const;
  const std::string& piece(int id) const;  // Error(BadInput) when out of range
  float score(int id) const;
  PieceType type(int id) const;
  int id_of(std::string_view piece) const;  // unk_id() for an unknown piece (PieceToId)

  int unk_id() const;
  int bos_id() const;  // -1 when the model has none
  int eos_id() const;
  int pad_id() const;

  class Impl;  // defined in tokenizer_impl.h

 private:
  explicit Tokenizer(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<const Impl> impl_;
};

}  // namespace attnseq
