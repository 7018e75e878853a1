#include "attnseq/text/vocabulary.h"

#include <algorithm>
#include <cfloat>

#include "attnseq/core/errors.h"

namespace attnseq::text {
namespace {

[[noreturn]] void fail(const std::string& field, const std::string& what) {
  throw Error(ErrorCode::BadTokenizer, field + ": " + what);
}

bool is_reserved(PieceType type) {
  return type == PieceType::Unknown || type == PieceType::Control || type == PieceType::Byte;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

Vocabulary::Vocabulary(std::vector<PieceEntry> pieces, const std::string& field)
    : pieces_(std::move(pieces)), min_score_(FLT_MAX), max_score_(FLT_MIN) {
  if (pieces_.empty()) fail(field, "expected at least one piece");
  for (int id = 0; id < size(); ++id) add(id, field);
  finish(field);
}

void Vocabulary::add(int id, const std::string& field) {
  const PieceEntry& e = at(id);
  const std::string where = field + "[" + std::to_string(id) + "]";
  if (e.piece.empty()) fail(where, "a piece must not be empty");
  if (e.piece.find('\0') != std::string::npos) fail(where, "a piece must not contain NUL");
  IdMap& map = is_reserved(e.type) ? reserved_ : regular_;
  if (!map.emplace(e.piece, id).second) fail(where, "piece \"" + e.piece + "\" is already defined");
  if (e.type == PieceType::Unknown) {
    if (unk_id_ >= 0) fail(where, "a second unknown piece (the first is id " + std::to_string(unk_id_) + ")");
    unk_id_ = id;
  }
  if (e.type == PieceType::Byte) {
    const int byte = piece_to_byte(e.piece);
    if (byte < 0) fail(where, "byte piece \"" + e.piece + "\" is not of the form <0xHH>");
    if (byte_ids_.empty()) byte_ids_.assign(256, -1);
    byte_ids_[static_cast<size_t>(byte)] = id;
  }
  if (e.type == PieceType::Normal) {
    min_score_ = std::min(min_score_, e.score);
    max_score_ = std::max(max_score_, e.score);
  }
}

void Vocabulary::finish(const std::string& field) {
  if (unk_id_ < 0) fail(field, "expected exactly one piece of type 2 (unknown), found none");
  if (regular_.empty()) fail(field, "expected at least one piece of type 1, 4 or 5");
  if (byte_fallback() && std::count(byte_ids_.begin(), byte_ids_.end(), -1) != 0) {
    fail(field, "byte pieces (type 6) must cover all 256 bytes <0x00>..<0xFF>");
  }
}

int Vocabulary::id_of(std::string_view piece) const {
  if (const auto it = reserved_.find(piece); it != reserved_.end()) return it->second;
  if (const auto it = regular_.find(piece); it != regular_.end()) return it->second;
  return unk_id_;
}

int Vocabulary::piece_to_byte(std::string_view piece) {
  if (piece.size() != 6 || piece.substr(0, 3) != "<0x" || piece[5] != '>') return -1;
  const int hi = hex_digit(piece[3]);
  const int lo = hex_digit(piece[4]);
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

}  // namespace attnseq::text
