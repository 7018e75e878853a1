#include "attnseq/decode/session.h"

#include <cmath>

#include "attnseq/core/errors.h"
#include "attnseq/decode/finite.h"
#include "attnseq/decode/sampler.h"
#include "attnseq/nn/kernels/reduce.h"

namespace attnseq {

StepSession::StepSession(std::shared_ptr<const Model> model, const std::vector<int>& src,
                         const DecodeOptions& options, ControlIds ids, SourceGuards source)
    : model_(std::move(model)),
      options_(options),
      ids_(ids),
      guards_(options, ids.eos, std::move(source)),
      copy_(src, ids),
      rng_(options.seed) {
  options_.validate(model_->config());
  if (options_.strategy == Strategy::Beam)
    throw Error(ErrorCode::BadOption, "beam search is not step-wise: use greedy or sample for step sessions");
  state_ = model_->encode(src, options_.state_options());
  limit_ = options_.length_limit(static_cast<int>(src.size()), model_->config());
  last_token_ = ids_.bos;
}

StepEvent StepSession::next() {
  if (done_) throw Error(ErrorCode::BadInput, "the decoding session has finished; start a new one");
  model_->step(*state_, {last_token_}, out_);
  require_finite_logits(out_.logits, static_cast<int>(hyp_.tokens.size()));
  const int V = static_cast<int>(out_.logits.cols());
  const float* logits = out_.logits.row(0).data();
  const float lse = kernels::log_sum_exp(logits, V);  // log p(i) = logits[i] - lse

  StepEvent ev;
  ev.step = static_cast<int>(hyp_.tokens.size());
  const float* choose_from = logits;  // the row the token is chosen from: the guard's copy when it bans some
  if (ev.step < static_cast<int>(options_.prefix.size())) {
    ev.token = options_.prefix[ev.step];
    ev.forced = true;
  } else {
    // The guards' banned tokens get probability 0 in what the token is chosen from (a copy of the row:
    // the step's probabilities and alternatives stay the model's).
    const GuardBans bans = guards_.bans(hyp_.tokens);
    if (!bans.empty()) {
      guarded_.assign(logits, logits + V);
      bans.apply(guarded_.data(), V);
      choose_from = guarded_.data();
    }
    ev.token = options_.strategy == Strategy::Sample ? sample(choose_from, V, options_, rng_) : argmax(choose_from, V);
    bans.record(ev, logits, lse, logits[ev.token] - lse);
  }
  const float token_logprob = logits[ev.token] - lse;
  ev.probability = std::exp(token_logprob);
  for (auto& alt : top_k(logits, V, options_.alternatives)) ev.alternatives.emplace_back(alt.first, std::exp(alt.second - lse));
  if (options_.strategy == Strategy::Sample && !ev.alternatives.empty()) {
    const SamplingCandidates drawn = sampling_candidates(choose_from, V, options_);
    for (const auto& alt : ev.alternatives) ev.sampled.push_back(static_cast<float>(drawn.probability(alt.first)));
  }
  if (options_.return_attention) {
    ev.cross_attention = out_.cross_attention;
    ev.cross_scores = out_.cross_scores;
    ev.cross_context = out_.cross_context;
    ev.alignment.assign(out_.alignment.row(0).data(), out_.alignment.row(0).data() + out_.alignment.cols());
    hyp_.attention.push_back(ev.alignment);
  }
  ev.macs = out_.macs;
  // (a forced prefix token is the caller's, not the model's: it copies nothing)
  ev.copied = ev.forced ? -1 : copy_.position(ev.token, out_.alignment.row(0).data(), static_cast<int>(out_.alignment.cols()));

  hyp_.tokens.push_back(ev.token);
  hyp_.copies.push_back(ev.copied);
  hyp_.token_logprobs.push_back(token_logprob);
  hyp_.score += token_logprob;
  ev.end = ev.token == ids_.eos;
  hyp_.finished = ev.end;
  done_ = hyp_.finished || static_cast<int>(hyp_.tokens.size()) >= limit_;
  ev.done = done_;
  ev.capped = done_ && !ev.end;
  last_token_ = ev.token;
  return ev;
}

}  // namespace attnseq
