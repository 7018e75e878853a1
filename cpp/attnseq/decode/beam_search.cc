#include "attnseq/decode/beam_search.h"

#include <algorithm>
#include <cmath>

#include "attnseq/core/special_ids.h"
#include "attnseq/decode/sampler.h"
#include "attnseq/nn/ops.h"

namespace attnseq {
namespace {

struct Live {
  Hypothesis hyp;
  int trace_index = -1;  // its candidate's index in the trace of the step that created it
};

float normalized(float sum, size_t length, float penalty) {
  return penalty == 0.0f ? sum : sum / std::pow(static_cast<float>(std::max<size_t>(length, 1)), penalty);
}

struct Candidate {
  int row, token;
  float logprob, score;
};

// Best 2·beam extensions of the live rows (forced prefix: the prefix token only, from row 0).
std::vector<Candidate> best_candidates(const std::vector<Live>& live, const Matrix& lp, int forced, int want) {
  std::vector<Candidate> all;
  if (forced >= 0) return {{0, forced, lp(0, forced), live[0].hyp.score + lp(0, forced)}};
  const int V = static_cast<int>(lp.cols());
  for (size_t r = 0; r < live.size(); ++r)
    for (auto& t : top_k(lp.row(r).data(), V, want))
      all.push_back({static_cast<int>(r), t.first, t.second, live[r].hyp.score + t.second});
  std::stable_sort(all.begin(), all.end(), [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
  if (static_cast<int>(all.size()) > want) all.resize(want);
  return all;
}

}  // namespace

BeamResult beam_search(const Model& model, const std::vector<int>& src, const DecodeOptions& options) {
  options.validate(model.config());
  BeamResult result;
  StateOptions so;
  so.kv_cache = options.kv_cache;
  std::unique_ptr<DecoderState> state = model.encode(src, so);
  result.macs = state->encode_macs;
  const int limit = options.length_limit(static_cast<int>(src.size()), model.config());
  const int beam = options.beam_size;

  std::vector<Live> live(1);
  std::vector<int> tokens{kBosId};
  std::vector<Hypothesis> finished;
  StepOutput out;
  for (int step = 0; step < limit && !live.empty() && static_cast<int>(finished.size()) < beam; ++step) {
    model.step(*state, tokens, out);
    result.macs += out.macs;
    Matrix lp = out.logits;
    for (Eigen::Index r = 0; r < lp.rows(); ++r) log_softmax_inplace(lp.row(r).data(), static_cast<int>(lp.cols()));
    const int forced = step < static_cast<int>(options.prefix.size()) ? options.prefix[step] : -1;
    std::vector<Candidate> cands = best_candidates(live, lp, forced, 2 * beam);

    std::vector<Live> next;
    std::vector<int> keep;
    result.trace.steps.emplace_back();
    for (const Candidate& c : cands) {
      BeamCandidate tc{step, live[c.row].trace_index, c.token, c.logprob, c.score, false, false};
      const bool can_continue = static_cast<int>(next.size()) < beam;
      const bool full = static_cast<int>(finished.size()) >= beam;
      if (can_continue || (c.token == kEosId && !full)) {
        Live l{live[c.row].hyp, -1};
        l.hyp.tokens.push_back(c.token);
        l.hyp.token_logprobs.push_back(c.logprob);
        l.hyp.score = c.score;
        if (options.return_attention)
          l.hyp.attention.emplace_back(out.alignment.row(c.row).data(), out.alignment.row(c.row).data() + out.alignment.cols());
        const bool last = step + 1 >= limit;
        if (c.token == kEosId || last) {
          l.hyp.finished = c.token == kEosId;
          l.hyp.score = normalized(c.score, l.hyp.tokens.size(), options.length_penalty);
          finished.push_back(std::move(l.hyp));
          tc.finished = true;
        } else if (can_continue) {
          tc.kept = true;
          l.trace_index = static_cast<int>(result.trace.steps.back().size());
          keep.push_back(c.row);
          next.push_back(std::move(l));
        }
      }
      result.trace.steps.back().push_back(tc);
    }
    live.swap(next);
    if (live.empty()) break;
    model.reorder(*state, keep);
    tokens.clear();
    for (const Live& l : live) tokens.push_back(l.hyp.tokens.back());
  }
  std::stable_sort(finished.begin(), finished.end(),
                   [](const Hypothesis& a, const Hypothesis& b) { return a.score > b.score; });
  if (static_cast<int>(finished.size()) > options.num_hypotheses) finished.resize(options.num_hypotheses);
  result.hypotheses = std::move(finished);
  return result;
}

}  // namespace attnseq
