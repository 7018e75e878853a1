#include "attnseq/decode/beam_search.h"

#include <algorithm>
#include <cmath>

#include "attnseq/decode/sampler.h"
#include "attnseq/nn/ops.h"

namespace attnseq {
namespace {

struct Live {
  Hypothesis hyp;        // tokens, log-probs, score, attention rows (steps are rebuilt at the end)
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

// Row `row` of a [rows, layers, heads, queries, keys] stack as a [1, ...] one (empty stays empty).
void row_of(const AttentionStack& s, int row, AttentionStack& out) {
  if (s.data.empty()) return;
  out.reset(1, s.layers, s.heads, s.queries, s.keys);
  const size_t n = static_cast<size_t>(s.layers) * s.heads * s.queries * s.keys;
  std::copy_n(s.at(row, 0, 0), n, out.data.begin());
}

// The step record of candidate c (row c.row of this step's output), as the step session reports it.
StepEvent record_of(const Candidate& c, int step, const Matrix& lp, const StepOutput& out, const DecodeOptions& o,
                    ControlIds ids, bool forced) {
  StepEvent ev;
  ev.step = step;
  ev.token = c.token;
  ev.probability = std::exp(c.logprob);
  ev.forced = forced;
  ev.end = c.token == ids.eos;
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

BeamResult beam_search(const Model& model, const std::vector<int>& src, const DecodeOptions& options, ControlIds ids) {
  options.validate(model.config());
  BeamResult result;
  StateOptions so;
  so.kv_cache = options.kv_cache;
  std::unique_ptr<DecoderState> state = model.encode(src, so);
  result.encode_macs = result.macs = state->encode_macs;
  result.encoder_attention = state->encoder_self_attention;
  result.attention_values = state->attention_values;
  const int limit = options.length_limit(static_cast<int>(src.size()), model.config());
  const int beam = options.beam_size;

  std::vector<Live> live(1);
  std::vector<int> tokens{ids.bos};
  std::vector<std::pair<int, int>> finished_at;  // (step, trace index) of each finished hypothesis
  std::vector<Hypothesis> finished;
  std::vector<StepEvent> records;                 // one per kept or finished candidate
  std::vector<std::vector<int>> record_index;     // [step][trace index] → records index (-1: none)
  StepOutput out;
  for (int step = 0; step < limit && !live.empty() && static_cast<int>(finished.size()) < beam; ++step) {
    model.step(*state, tokens, out);
    result.macs += out.macs;
    Matrix lp = out.logits;
    for (Eigen::Index r = 0; r < lp.rows(); ++r) log_softmax_inplace(lp.row(r).data(), static_cast<int>(lp.cols()));
    const bool is_forced = step < static_cast<int>(options.prefix.size());
    const int forced = is_forced ? options.prefix[step] : -1;
    std::vector<Candidate> cands = best_candidates(live, lp, forced, 2 * beam);

    std::vector<Live> next;
    std::vector<int> keep;
    result.trace.steps.emplace_back();
    record_index.emplace_back();
    for (const Candidate& c : cands) {
      BeamCandidate tc{step, live[c.row].trace_index, c.token, c.logprob, c.score, false, false};
      const int index = static_cast<int>(result.trace.steps.back().size());
      int rec = -1;
      const bool can_continue = static_cast<int>(next.size()) < beam;
      const bool full = static_cast<int>(finished.size()) >= beam;
      if (can_continue || (c.token == ids.eos && !full)) {
        Live l{live[c.row].hyp, -1};
        l.hyp.tokens.push_back(c.token);
        l.hyp.token_logprobs.push_back(c.logprob);
        l.hyp.score = c.score;
        if (options.return_attention)
          l.hyp.attention.emplace_back(out.alignment.row(c.row).data(), out.alignment.row(c.row).data() + out.alignment.cols());
        const bool last = step + 1 >= limit;
        if (c.token == ids.eos || last) {
          l.hyp.finished = c.token == ids.eos;
          l.hyp.score = normalized(c.score, l.hyp.tokens.size(), options.length_penalty);
          finished.push_back(std::move(l.hyp));
          finished_at.emplace_back(step, index);
          tc.finished = true;
        } else if (can_continue) {
          tc.kept = true;
          l.trace_index = index;
          keep.push_back(c.row);
          next.push_back(std::move(l));
        }
        if (tc.kept || tc.finished) {
          rec = static_cast<int>(records.size());
          records.push_back(record_of(c, step, lp, out, options, ids, is_forced));
          records.back().done = tc.finished;
        }
      }
      result.trace.steps.back().push_back(tc);
      record_index.back().push_back(rec);
    }
    live.swap(next);
    if (live.empty()) break;
    model.reorder(*state, keep);
    tokens.clear();
    for (const Live& l : live) tokens.push_back(l.hyp.tokens.back());
  }
  for (size_t i = 0; i < finished.size(); ++i)
    finished[i].steps = path_records(result.trace, record_index, records, finished_at[i].first, finished_at[i].second);
  std::stable_sort(finished.begin(), finished.end(),
                   [](const Hypothesis& a, const Hypothesis& b) { return a.score > b.score; });
  if (static_cast<int>(finished.size()) > options.num_hypotheses) finished.resize(options.num_hypotheses);
  result.hypotheses = std::move(finished);
  return result;
}

}  // namespace attnseq
