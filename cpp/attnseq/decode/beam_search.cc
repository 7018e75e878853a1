#include "attnseq/decode/beam_search.h"

#include <algorithm>
#include <cmath>

#include "attnseq/core/errors.h"
#include "attnseq/decode/finite.h"
#include "attnseq/decode/sampler.h"
#include "attnseq/nn/ops.h"

namespace attnseq {
namespace {

float normalized(float sum, size_t length, float penalty) {
  return penalty == 0.0f ? sum : sum / std::pow(static_cast<float>(std::max<size_t>(length, 1)), penalty);
}

struct Candidate {
  int row, token;
  float logprob, score;
};

// Best `want` extensions of the rows (guarded: each row's log-probabilities with the guards'
// bans; scores: each row's hypothesis score). Forced prefix: the prefix token only, from row 0.
std::vector<Candidate> best_candidates(const std::vector<float>& scores, const Matrix& guarded, int forced, int want) {
  std::vector<Candidate> all;
  if (forced >= 0) return {{0, forced, guarded(0, forced), scores[0] + guarded(0, forced)}};
  const int V = static_cast<int>(guarded.cols());
  for (size_t r = 0; r < scores.size(); ++r)
    for (auto& t : top_k(guarded.row(r).data(), V, want)) {
      if (std::isinf(t.second) && t.second < 0) continue;  // banned
      all.push_back({static_cast<int>(r), t.first, t.second, scores[r] + t.second});
    }
  std::stable_sort(all.begin(), all.end(), [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
  if (static_cast<int>(all.size()) > want) all.resize(want);
  return all;
}

// Row `row` of a [rows, layers, heads, queries, keys] stack as a [1, ...] one (empty stays empty).
void row_of(const AttentionStack& s, int row, AttentionStack& out) {
  if (s.data.empty()) return;
  out.reset(1, s.layers, s.heads, s.queries, s.keys);
  const size_t n = static_cast<size_t>(s.layers) * s.heads * s.queries * s.keys;
  std::copy_n(s.at(row, 0, 0), n, out.data.begin());
}

// The step record of candidate c (row c.row of this step's output), as the step session reports it.
StepEvent record_of(const Candidate& c, int step, const Matrix& lp, const StepOutput& out, const DecodeOptions& o,
                    ControlIds ids, bool forced, const GuardBans& bans, int copied) {
  StepEvent ev;
  ev.step = step;
  ev.token = c.token;
  ev.probability = std::exp(c.logprob);
  if (!forced) bans.record(ev, lp.row(c.row).data(), 0.0f, c.logprob);
  ev.forced = forced;
  ev.end = c.token == ids.eos;
  ev.copied = copied;
  const int V = static_cast<int>(lp.cols());
  for (auto& alt : top_k(lp.row(c.row).data(), V, o.alternatives)) ev.alternatives.emplace_back(alt.first, std::exp(alt.second));
  if (o.return_attention) {
    row_of(out.cross_attention, c.row, ev.cross_attention);
    row_of(out.cross_scores, c.row, ev.cross_scores);
    row_of(out.cross_context, c.row, ev.cross_context);
    ev.alignment.assign(out.alignment.row(c.row).data(), out.alignment.row(c.row).data() + out.alignment.cols());
  }
  ev.macs = out.macs / static_cast<uint64_t>(std::max<Eigen::Index>(lp.rows(), 1));
  return ev;
}

// The records along the trace path that ends at (step, index), first step first.
std::vector<StepEvent> path_records(const BeamTrace& trace, const std::vector<std::vector<int>>& record_index,
                                    std::vector<StepEvent>& records, int step, int index) {
  std::vector<StepEvent> out(static_cast<size_t>(step) + 1);
  for (int s = step; s >= 0; --s) {
    out[s] = records[record_index[s][index]];
    index = trace.steps[s][index].parent;
  }
  return out;
}

}  // namespace

struct BeamSearch::Live {
  Hypothesis hyp;        // tokens, log-probs, score, attention rows (steps are rebuilt at the end)
  int trace_index = -1;  // its candidate's index in the trace of the step that created it
};

BeamSearch::BeamSearch(const Model& model, const std::vector<int>& src, const DecodeOptions& options, ControlIds ids,
                       SourceGuards source)
    : model_(model),
      options_(options),
      ids_(ids),
      guards_(options, ids.eos, std::move(source)),
      copy_(src, ids) {
  options_.validate(model.config());
  state_ = model.encode(src, options_.state_options());
  result_.encode_macs = result_.macs = state_->encode_macs;
  if (options_.return_attention) {
    result_.encoder_attention = state_->encoder_self_attention;
    result_.attention_values = state_->attention_values;
  }
  limit_ = options_.length_limit(static_cast<int>(src.size()), model.config());
  live_.resize(1);
  tokens_ = {ids_.bos};
}

BeamSearch::~BeamSearch() = default;

void BeamSearch::step() {
  if (done_) throw Error(ErrorCode::BadInput, "the beam search has finished");
  const int step = step_++;
  const int beam = options_.beam_size;
  model_.step(*state_, tokens_, out_);
  require_finite_logits(out_.logits, step);
  result_.macs += out_.macs;
  Matrix lp = out_.logits;
  for (Eigen::Index r = 0; r < lp.rows(); ++r) log_softmax_inplace(lp.row(r).data(), static_cast<int>(lp.cols()));
  const bool is_forced = step < static_cast<int>(options_.prefix.size());
  const int forced = is_forced ? options_.prefix[step] : -1;
  // The guards, row by row: what each row's hypothesis may not continue with.
  std::vector<GuardBans> bans(live_.size());
  Matrix guarded = lp;
  std::vector<float> scores;
  for (size_t r = 0; r < live_.size(); ++r) {
    scores.push_back(live_[r].hyp.score);
    if (is_forced) continue;
    bans[r] = guards_.bans(live_[r].hyp.tokens);
    bans[r].apply(guarded.row(static_cast<Eigen::Index>(r)).data(), static_cast<int>(guarded.cols()));
  }
  const std::vector<Candidate> cands = best_candidates(scores, guarded, forced, 2 * beam);

  std::vector<Live> next;
  std::vector<int> keep;
  result_.trace.steps.emplace_back();
  record_index_.emplace_back();
  for (const Candidate& c : cands) {
    BeamCandidate tc{step, live_[c.row].trace_index, c.token, c.logprob, c.score, false, false};
    const int index = static_cast<int>(result_.trace.steps.back().size());
    int rec = -1;
    const bool can_continue = static_cast<int>(next.size()) < beam;
    const bool full = static_cast<int>(finished_.size()) >= beam;
    if (can_continue || (c.token == ids_.eos && !full)) {
      const int copied =  // (a forced prefix token is the caller's: it copies nothing)
          is_forced ? -1 : copy_.position(c.token, out_.alignment.row(c.row).data(), static_cast<int>(out_.alignment.cols()));
      Live l{live_[c.row].hyp, -1};
      l.hyp.tokens.push_back(c.token);
      l.hyp.token_logprobs.push_back(c.logprob);
      l.hyp.score = c.score;
      l.hyp.copies.push_back(copied);
      if (options_.return_attention)
        l.hyp.attention.emplace_back(out_.alignment.row(c.row).data(), out_.alignment.row(c.row).data() + out_.alignment.cols());
      const bool last = step + 1 >= limit_;
      if (c.token == ids_.eos || last) {
        l.hyp.finished = c.token == ids_.eos;
        l.hyp.score = normalized(c.score, l.hyp.tokens.size(), options_.length_penalty);
        finished_.push_back(std::move(l.hyp));
        finished_at_.emplace_back(step, index);
        tc.finished = true;
      } else if (can_continue) {
        tc.kept = true;
        l.trace_index = index;
        keep.push_back(c.row);
        next.push_back(std::move(l));
      }
      if (tc.kept || tc.finished) {
        rec = static_cast<int>(records_.size());
        records_.push_back(record_of(c, step, lp, out_, options_, ids_, is_forced, bans[c.row], copied));
        records_.back().done = tc.finished;
        records_.back().capped = tc.finished && c.token != ids_.eos;
      }
    }
    result_.trace.steps.back().push_back(tc);
    record_index_.back().push_back(rec);
  }
  live_.swap(next);
  done_ = live_.empty() || step_ >= limit_ || static_cast<int>(finished_.size()) >= beam;
  if (live_.empty()) return;
  model_.reorder(*state_, keep);
  tokens_.clear();
  for (const Live& l : live_) tokens_.push_back(l.hyp.tokens.back());
}

BeamResult BeamSearch::result() {
  for (size_t i = 0; i < finished_.size(); ++i)
    finished_[i].steps = path_records(result_.trace, record_index_, records_, finished_at_[i].first, finished_at_[i].second);
  std::stable_sort(finished_.begin(), finished_.end(),
                   [](const Hypothesis& a, const Hypothesis& b) { return a.score > b.score; });
  if (static_cast<int>(finished_.size()) > options_.num_hypotheses) finished_.resize(options_.num_hypotheses);
  result_.hypotheses = std::move(finished_);
  return std::move(result_);
}

BeamResult beam_search(const Model& model, const std::vector<int>& src, const DecodeOptions& options, ControlIds ids,
                       const AbortCallback& abort, SourceGuards source) {
  BeamSearch search(model, src, options, ids, std::move(source));
  while (!search.done()) {
    check_abort(abort, search.steps());
    search.step();
  }
  return search.result();
}

}  // namespace attnseq
