#include "attnseq/decode/sampler.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "attnseq/nn/kernels/reduce.h"
#include "attnseq/nn/ops.h"

namespace attnseq {

std::vector<float> log_probs(const float* logits, int n) {
  std::vector<float> lp(logits, logits + n);
  log_softmax_inplace(lp.data(), n);
  return lp;
}

int argmax(const float* x, int n) { return n > 0 ? kernels::argmax(x, n) : 0; }

std::vector<std::pair<int, float>> top_k(const float* x, int n, int k) {
  k = std::max(0, std::min(k, n));
  if (k == 0) return {};
  std::vector<int> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  auto better = [x](int a, int b) { return x[a] > x[b] || (x[a] == x[b] && a < b); };
  std::partial_sort(idx.begin(), idx.begin() + k, idx.end(), better);
  std::vector<std::pair<int, float>> out;
  for (int i = 0; i < k; ++i) out.emplace_back(idx[i], x[idx[i]]);
  return out;
}

SamplingCandidates sampling_candidates(const float* logits, int n, const DecodeOptions& o) {
  // probabilities in double, in a platform-independent order: descending, ties by id
  SamplingCandidates c;
  const int k = o.top_k > 0 ? std::min(o.top_k, n) : n;
  c.candidates = top_k(logits, n, k);
  const double m = c.candidates.front().second / static_cast<double>(o.temperature);
  c.weights.resize(c.candidates.size());
  double total = 0.0;
  for (size_t i = 0; i < c.candidates.size(); ++i)
    total += c.weights[i] = std::exp(c.candidates[i].second / static_cast<double>(o.temperature) - m);
  // nucleus: the smallest prefix whose probability mass reaches top_p
  c.keep = c.candidates.size();
  if (o.top_p < 1.0f) {
    double acc = 0.0;
    for (size_t i = 0; i < c.candidates.size(); ++i) {
      acc += c.weights[i] / total;
      if (acc >= o.top_p) {
        c.keep = i + 1;
        break;
      }
    }
  }
  for (size_t i = 0; i < c.keep; ++i) c.mass += c.weights[i];
  return c;
}

double SamplingCandidates::probability(int id) const {
  for (size_t i = 0; i < keep; ++i)
    if (candidates[i].first == id) return weights[i] / mass;
  return 0.0;
}

int sample(const float* logits, int n, const DecodeOptions& o, Rng& rng) {
  const SamplingCandidates c = sampling_candidates(logits, n, o);
  const double u = rng.uniform() * c.mass;
  double acc = 0.0;
  for (size_t i = 0; i < c.keep; ++i) {
    acc += c.weights[i];
    if (u < acc) return c.candidates[i].first;
  }
  return c.candidates[c.keep - 1].first;
}

}  // namespace attnseq
