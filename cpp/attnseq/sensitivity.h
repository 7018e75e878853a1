// How much of each source token reaches the decoder: the source is encoded again with one token
// replaced (by <unk>, or another source piece), the original translation is teacher-forced through
// it, and what the decoder reads is compared with what it read from the original source. Forward
// passes only, no gradients.
//
//   without attention (the fixed-context RNN): the decoder's only view of the source is its initial
//     state h0 = tanh(bridge([fwd_{S-1} ; bwd_0])), the same for every step: the measure is
//     ‖h0 − h0′‖ / ‖h0‖ ("fixed"); with a bidirectional GRU encoder also, for each direction, the
//     change of its last state (fwd_{S-1}: read left to right; bwd_0: right to left);
//   with attention: each step's context (the weighted sum cross-attention hands on; a Transformer's
//     decoder layers side by side), ‖c_t − c_t′‖ / ‖c_t‖ per step, and its mean over the steps
//     ("steps").
// Besides the contexts: the probability of each token of the translation under the original and
// under each replaced source.
#pragma once

#include <string>
#include <vector>

#include "attnseq/decode/abort.h"
#include "attnseq/decode/options.h"
#include "attnseq/translator.h"

namespace attnseq {

struct SensitivityResult {
  std::vector<Token> source;     // the source tokens, </s> included (P = source.size() − 1 positions measured)
  Token replacement;             // the source token put in each position's place
  std::vector<Token> target;     // the translation teacher-forced in every run (</s> included when reached)
  std::string measure;           // "fixed" (the fixed context vector) or "steps" (each step's context)
  std::vector<float> change;     // [P]: relative change of the measure (steps: the mean over the steps)
  std::vector<std::vector<float>> step_change;  // [P][T]: "steps" only (empty for "fixed")
  std::vector<float> forward;    // [P]: bi-GRU encoders: relative change of fwd_{S-1}; else empty
  std::vector<float> backward;   // [P]: bi-GRU encoders: relative change of bwd_0; else empty
  std::vector<float> probabilities;                       // [T]: each target token's probability
  std::vector<std::vector<float>> replaced_probabilities;  // [P][T]: the same with position p replaced
  uint64_t macs = 0;             // multiply-adds of every run (the original and the P replaced ones)
};

// ‖a − b‖ / ‖a‖ (0 when both are zero; ‖b‖ / 1 when only a is).
float relative_change(const float* a, const float* b, size_t n);

// The translation of `text` under `options` (its best hypothesis), then P + 1 teacher-forced runs.
// replacement: a source vocabulary id, or −1 for the source vocabulary's <unk>. Blank text gives an
// empty result. `abort` is asked before each run (Error(Aborted)). Throws BadOption for a replacement
// outside the source vocabulary.
SensitivityResult sensitivity(const Translator& translator, const std::string& text, const DecodeOptions& options,
                              int replacement = -1, const AbortCallback& abort = {});

}  // namespace attnseq
