// Beam search over the Model seam (encode / step / reorder); knows nothing of architectures.
// At each step every live hypothesis is extended by every token; the best 2·beam candidates are
// scanned in order: one ending in </s> joins the finished list, the others continue until `beam`
// are live. Stops when `beam` hypotheses have finished or the length limit is reached (live ones
// are then finished as they are). Finished scores are sum log p / length^length_penalty.
// Every returned hypothesis carries its step records (Hypothesis::steps: token, probability, the
// alternatives of its row, its attention), like the step session's, and the trace every candidate.
#pragma once

#include <memory>
#include <vector>

#include "attnseq/core/special_ids.h"
#include "attnseq/decode/options.h"
#include "attnseq/decode/results.h"

namespace attnseq {

struct BeamResult {
  std::vector<Hypothesis> hypotheses;  // n-best, best first, each with its steps
  BeamTrace trace;
  AttentionStack encoder_attention;    // [1, layers, heads, S, S]; empty for RNN models
  std::vector<Matrix> attention_values;  // DecoderState::attention_values of the source
  uint64_t encode_macs = 0;            // multiply-adds of encode
  uint64_t macs = 0;                   // encode + all steps
};

// ids: the target vocabulary's <s> and </s> (the model file's).
BeamResult beam_search(const Model& model, const std::vector<int>& src, const DecodeOptions& options, ControlIds ids);

}  // namespace attnseq
