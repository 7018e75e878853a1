// Beam search over the Model seam (encode / step / reorder); knows nothing of architectures.
// At each step every live hypothesis is extended by every token; the best 2·beam candidates are
// scanned in order: one ending in </s> joins the finished list, the others continue until `beam`
// are live. Stops when `beam` hypotheses have finished or the length limit is reached (live ones
// are then finished as they are). Finished scores are sum log p / length^length_penalty.
// Every returned hypothesis carries its step records (Hypothesis::steps: token, probability, the
// alternatives of its row, what the guards did, its attention), like the step session's, and the trace
// every candidate. The no-repeat-n-gram guard bans, per row, the tokens that would repeat an n-gram of
// that row's hypothesis; the number guard those that would write a number the source does not hold. BeamSearch takes one model step at a time (the WebAssembly worker runs it in
// slices, so that a cancellation gets through); beam_search() runs it to the end, asking `abort`
// before every step (decode/abort.h).
#pragma once

#include <memory>
#include <vector>

#include "attnseq/core/special_ids.h"
#include "attnseq/decode/abort.h"
#include "attnseq/decode/guards.h"
#include "attnseq/decode/options.h"
#include "attnseq/decode/results.h"
#include "attnseq/decode/unknown_copy.h"

namespace attnseq {

struct BeamResult {
  std::vector<Hypothesis> hypotheses;  // n-best, best first, each with its steps
  BeamTrace trace;
  AttentionStack encoder_attention;    // [1, layers, heads, S, S]; empty for RNN models
  std::vector<Matrix> attention_values;  // DecoderState::attention_values of the source
  uint64_t encode_macs = 0;            // multiply-adds of encode
  uint64_t macs = 0;                   // encode + all steps
};

class BeamSearch {
 public:
  // Validates the options and encodes the source. ids: the target vocabulary's <s> and </s> (the model file's).
  // source: the number and name guards of this source (off by default, and whenever options.copy_numbers /
  // options.copy_names is false).
  BeamSearch(const Model& model, const std::vector<int>& src, const DecodeOptions& options, ControlIds ids,
             SourceGuards source = {});
  ~BeamSearch();
  bool done() const { return done_; }
  int steps() const { return step_; }  // model steps taken
  void step();                          // one model step over every live hypothesis; throws BadInput when done()
  BeamResult result();                  // once done(): the n-best, best first (call once)

 private:
  struct Live;
  const Model& model_;
  DecodeOptions options_;
  ControlIds ids_;
  Guards guards_;  // the repeat and number guards of this source
  UnknownCopy copy_;  // which source <unk> a generated <unk> copies
  std::unique_ptr<DecoderState> state_;
  BeamResult result_;
  int limit_ = 0;
  int step_ = 0;
  bool done_ = false;
  std::vector<Live> live_;
  std::vector<int> tokens_;                        // the token each live row feeds next
  std::vector<std::pair<int, int>> finished_at_;   // (step, trace index) of each finished hypothesis
  std::vector<Hypothesis> finished_;
  std::vector<StepEvent> records_;                 // one per kept or finished candidate
  std::vector<std::vector<int>> record_index_;     // [step][trace index] → records_ index (-1: none)
  StepOutput out_;
};

// BeamSearch run to the end; `abort` is asked before every step (Error(Aborted) when it says stop).
BeamResult beam_search(const Model& model, const std::vector<int>& src, const DecodeOptions& options, ControlIds ids,
                       const AbortCallback& abort = {}, SourceGuards source = {});

}  // namespace attnseq
