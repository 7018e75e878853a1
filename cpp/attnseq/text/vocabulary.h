// The pieces of a SentencePiece model and sentencepiece's id lookups (model_interface.cc).
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "attnseq/text/piece_type.h"

namespace attnseq::text {

struct PieceEntry {
  std::string piece;
  float score;
  PieceType type;
};

class Vocabulary {
 public:
  // Validates as sentencepiece's InitializePieces does (non-empty pieces without NUL, no
  // duplicates, exactly one unknown piece, byte pieces named <0xHH> and all 256 of them when
  // there are any). Throws attnseq::Error(BadTokenizer) naming `field`.
  Vocabulary(std::vector<PieceEntry> pieces, const std::string& field);

  int size() const { return static_cast<int>(pieces_.size()); }
  bool contains(int id) const { return id >= 0 && id < size(); }
  const PieceEntry& at(int id) const { return pieces_[static_cast<size_t>(id)]; }
  PieceType type(int id) const { return at(id).type; }

  // sentencepiece's PieceToId: unknown/control/byte pieces first, then the others, else unk_id().
  int id_of(std::string_view piece) const;
  int unk_id() const { return unk_id_; }

  // Byte fallback is on exactly when the model has byte pieces (sentencepiece refuses byte
  // pieces without byte_fallback, and byte_fallback without all 256 byte pieces).
  bool byte_fallback() const { return !byte_ids_.empty(); }
  int byte_id(unsigned char byte) const { return byte_ids_[byte]; }

  // The byte of a "<0xHH>" piece name (upper-case hex, as sentencepiece writes it), else -1.
  static int piece_to_byte(std::string_view piece);

  // Smallest / largest score of the NORMAL pieces, initialised like sentencepiece's unigram
  // model (FLT_MAX / FLT_MIN, the smallest positive float) when there is none.
  float min_score() const { return min_score_; }
  float max_score() const { return max_score_; }

 private:
  using IdMap = std::map<std::string, int, std::less<>>;
  void add(int id, const std::string& field);
  void finish(const std::string& field);

  std::vector<PieceEntry> pieces_;
  IdMap reserved_;  // unknown, control and byte pieces
  IdMap regular_;   // normal, user-defined and unused pieces
  std::vector<int> byte_ids_;
  int unk_id_ = -1;
  float min_score_;
  float max_score_;
};

}  // namespace attnseq::text
