// Beam search over the Model seam (encode / step / reorder); knows nothing of architectures.
// At each step every live hypothesis is extended by every token; the best 2·beam candidates are
// scanned in order: one ending in </s> joins the finished list, the others continue until `beam`
// are live. Stops when `beam` hypotheses have finished or the length limit is reached (live ones
// are then finished as they are). Finished scores are sum log p / length^length_penalty.
#pragma once

#include <memory>
#include <vector>

#include "attnseq/decode/options.h"
#include "attnseq/decode/results.h"

namespace attnseq {

struct BeamResult {
  std::vector<Hypothesis> hypotheses;  // n-best, best first
  BeamTrace trace;
  uint64_t macs = 0;  // encode + all steps
};

BeamResult beam_search(const Model& model, const std::vector<int>& src, const DecodeOptions& options);

}  // namespace attnseq
