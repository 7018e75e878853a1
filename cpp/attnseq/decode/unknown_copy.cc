#include "attnseq/decode/unknown_copy.h"

#include <cstddef>

namespace attnseq {

UnknownCopy::UnknownCopy(const std::vector<int>& src, ControlIds ids) : target_unk_(ids.unk) {
  if (ids.unk < 0 || ids.source_unk < 0) return;
  for (std::size_t j = 0; j < src.size(); ++j)
    if (src[j] == ids.source_unk) unknown_.push_back(static_cast<int>(j));
}

int UnknownCopy::position(int token, const float* alignment, int src_len) const {
  if (token != target_unk_ || unknown_.empty() || alignment == nullptr) return -1;
  int best = -1;
  float best_weight = 0.0f;
  for (const int j : unknown_) {  // the first of equal weights
    if (j < src_len && alignment[j] > best_weight) {
      best = j;
      best_weight = alignment[j];
    }
  }
  return best;
}

}  // namespace attnseq
