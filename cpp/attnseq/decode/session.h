// Step-wise greedy / sampling decoding: start(source) then next() until done(). Each step reports the
// chosen token, its probability, the top alternatives, what the guards did (the tokens the no-repeat-n-gram
// guard and the number guard blocked, the length cap) and the attention weights of that step.
// Greedy and sampling translations are this loop run to the end (decode/search.h).
#pragma once

#include <memory>
#include <vector>

#include "attnseq/core/rng.h"
#include "attnseq/core/special_ids.h"
#include "attnseq/decode/guards.h"
#include "attnseq/decode/options.h"
#include "attnseq/decode/results.h"
#include "attnseq/decode/unknown_copy.h"

namespace attnseq {

class StepSession {
 public:
  // Validates the options; encodes the source (ids ending with </s>). Beam strategy is not step-wise.
  // ids: the target vocabulary's <s> and </s> (the model file's). source: the number and name guards of
  // this source (Translator::source_guards; each off by default, and whenever its option is false).
  StepSession(std::shared_ptr<const Model> model, const std::vector<int>& src, const DecodeOptions& options,
              ControlIds ids, SourceGuards source = {});

  bool done() const { return done_; }
  StepEvent next();  // throws Error(BadInput) when called after done()
  const Hypothesis& hypothesis() const { return hyp_; }
  const DecoderState& state() const { return *state_; }
  int length_limit() const { return limit_; }

 private:
  std::shared_ptr<const Model> model_;
  DecodeOptions options_;
  ControlIds ids_;
  Guards guards_;  // the repeat and number guards of this source
  UnknownCopy copy_;  // which source <unk> a generated <unk> copies
  std::unique_ptr<DecoderState> state_;
  StepOutput out_;
  std::vector<float> guarded_;  // [V] the logits row with the guards' bans (scratch)
  Rng rng_;
  Hypothesis hyp_;
  int last_token_ = 0;
  int limit_ = 0;
  bool done_ = false;
};

}  // namespace attnseq
