// TranslationJob: translate() one model step at a time (translator.h).
#include <cmath>

#include "attnseq/core/errors.h"
#include "attnseq/translator.h"

namespace attnseq {

TranslationJob::TranslationJob(const Translator& translator, std::vector<Token> source, const DecodeOptions& options,
                               std::string read_as)
    : translator_(translator), options_(options) {
  result_.source = std::move(source);
  result_.read_as = std::move(read_as);
  if (result_.source.empty()) return;  // blank text: nothing to do
  const std::vector<int> src = ids_of(result_.source);
  const DecoderState* state = nullptr;
  if (options.strategy == Strategy::Beam) {
    beam_ = std::make_unique<BeamSearch>(*translator.model(), src, options, translator.control_ids(),
                                         translator.source_guards(result_.source));
  } else {
    DecodeOptions stepwise = options;
    stepwise.alternatives = 0;  // translate() returns no per-step records: skip ranking the vocabulary
    session_ = std::make_unique<StepSession>(translator.model(), src, stepwise, translator.control_ids(),
                                             translator.source_guards(result_.source));
    state = &session_->state();
    if (options.return_attention) {
      result_.encoder_attention = state->encoder_self_attention;
      result_.attention_values = state->attention_values;
    }
    result_.encode_macs = result_.macs = state->encode_macs;
  }
}

TranslationJob::~TranslationJob() = default;

bool TranslationJob::done() const { return beam_ ? beam_->done() : !session_ || session_->done(); }

void TranslationJob::step() {
  if (done()) throw Error(ErrorCode::BadInput, "the translation has finished");
  if (beam_) beam_->step();
  else result_.macs += session_->next().macs;
  ++steps_;
}

TranslationResult TranslationJob::result() {
  if (!done()) throw Error(ErrorCode::Internal, "TranslationJob::result() before the translation finished");
  if (beam_) {
    BeamResult beam = beam_->result();
    for (const Hypothesis& h : beam.hypotheses) result_.hypotheses.push_back(translator_.to_text(h, result_.source));
    result_.beam_trace = std::move(beam.trace);
    result_.encoder_attention = std::move(beam.encoder_attention);
    result_.attention_values = std::move(beam.attention_values);
    result_.encode_macs = beam.encode_macs;
    result_.macs = beam.macs;
  } else if (session_) {
    result_.hypotheses.push_back(translator_.to_text(session_->hypothesis(), result_.source));
  }
  return std::move(result_);
}

}  // namespace attnseq
