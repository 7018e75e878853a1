#include "attnseq/text/unigram.h"

#include <algorithm>

#include "attnseq/core/errors.h"
#include "attnseq/core/utf8.h"

namespace attnseq::text {
namespace {

constexpr float kUnkPenalty = 10.0f;

bool in_trie(PieceType type) {
  return type == PieceType::Normal || type == PieceType::UserDefined || type == PieceType::Unused;
}

}  // namespace

UnigramModel::UnigramModel(const Vocabulary& vocab)
    : unk_id_(vocab.unk_id()), min_score_(vocab.min_score()), max_score_(vocab.max_score()) {
  for (int id = 0; id < vocab.size(); ++id) {
    const PieceEntry& e = vocab.at(id);
    scores_.push_back(e.score);
    types_.push_back(e.type);
    if (in_trie(e.type)) trie_.insert(e.piece, id);
  }
}

// sentencepiece: `IsUserDefined(id) ? (length * max_score_ - 0.1) : GetScore(id)`. The 0.1
// literal makes the expression a double; the product is a float.
double UnigramModel::piece_score(int id, size_t length) const {
  if (types_[static_cast<size_t>(id)] == PieceType::UserDefined) {
    const float product = static_cast<float>(length) * max_score_;
    return static_cast<double>(product) - 0.1;
  }
  return static_cast<double>(scores_[static_cast<size_t>(id)]);
}

void UnigramModel::relax_from(std::string_view text, size_t start, std::vector<BestPath>& best) const {
  const float score_here = best[start].score;
  const size_t char_len = std::min(utf8_lead_length(static_cast<unsigned char>(text[start])), text.size() - start);
  bool has_single_char = false;
  int node = ByteTrie::kRoot;
  for (size_t pos = start; pos < text.size();) {
    node = trie_.child(node, static_cast<unsigned char>(text[pos++]));
    if (node < 0) break;
    const int id = trie_.value(node);
    if (id < 0 || types_[static_cast<size_t>(id)] == PieceType::Unused) continue;
    const size_t length = pos - start;
    const double candidate = piece_score(id, length) + static_cast<double>(score_here);  // in double
    BestPath& target = best[pos];
    if (target.starts_at == -1 || candidate > static_cast<double>(target.score)) {
      target = {id, static_cast<float>(candidate), static_cast<long>(start)};
    }
    if (length == char_len) has_single_char = true;
  }
  if (has_single_char) return;
  const float candidate = (min_score_ - kUnkPenalty) + score_here;  // in float
  BestPath& target = best[start + char_len];
  if (target.starts_at == -1 || candidate > target.score) {
    target = {unk_id_, candidate, static_cast<long>(start)};
  }
}

std::vector<Token> UnigramModel::encode(std::string_view normalized) const {
  if (normalized.empty()) return {};
  std::vector<BestPath> best(normalized.size() + 1);
  for (size_t start = 0; start < normalized.size();) {
    relax_from(normalized, start, best);
    start += std::min(utf8_lead_length(static_cast<unsigned char>(normalized[start])), normalized.size() - start);
  }
  std::vector<Token> tokens;
  for (size_t end = normalized.size(); end > 0;) {
    const BestPath& node = best[end];
    if (node.starts_at < 0 || static_cast<size_t>(node.starts_at) >= end) {
      throw Error(ErrorCode::Internal, "unigram: no segmentation reaches byte " + std::to_string(end));
    }
    tokens.push_back({static_cast<size_t>(node.starts_at), end, node.id});
    end = static_cast<size_t>(node.starts_at);
  }
  std::reverse(tokens.begin(), tokens.end());
  return tokens;
}

}  // namespace attnseq::text
