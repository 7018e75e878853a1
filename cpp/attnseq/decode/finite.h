#pragma once
// A decoding step's logits must be finite: weights that hold NaN or infinities (a damaged file that still
// parses) give scores no search can rank. Without this check greedy decoding wrote tokens with NaN
// probabilities and beam search returned no hypothesis at all (found by fuzz_model_loader).
#include <cmath>
#include <string>

#include "attnseq/core/errors.h"
#include "attnseq/core/tensor.h"

namespace attnseq {

// logits: [rows, vocab] of one step; step: 0-based, for the message. Throws ModelBadTensor.
inline void require_finite_logits(const Matrix& logits, int step) {
  const float* p = logits.data();
  const Eigen::Index n = logits.size();
  for (Eigen::Index i = 0; i < n; ++i) {
    if (!std::isfinite(p[i])) {
      throw Error(ErrorCode::ModelBadTensor,
                  "the model computed a non-finite score (" + std::string(std::isnan(p[i]) ? "NaN" : "infinite") +
                      ") at decoding step " + std::to_string(step + 1) +
                      ": its weights hold NaN or infinite values, or overflow; the file is damaged: download or export it again");
    }
  }
}

}  // namespace attnseq
