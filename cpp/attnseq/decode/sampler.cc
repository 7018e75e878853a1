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

int sample(const float* logits, int n, const DecodeOptions& o, Rng& rng) {
  // probabilities in double, in a platform-independent order: descending, ties by id
  const int k = o.top_k > 0 ? std::min(o.top_k, n) : n;
  std::vector<std::pair<int, float>> cand = top_k(logits, n, k);
  const double m = cand.front().second / static_cast<double>(o.temperature);
  std::vector<double> p(cand.size());
  double total = 0.0;
  for (size_t i = 0; i < cand.size(); ++i) total += p[i] = std::exp(cand[i].second / static_cast<double>(o.temperature) - m);
  // nucleus: the smallest prefix whose probability mass reaches top_p
  size_t keep = cand.size();
  if (o.top_p < 1.0f) {
    double acc = 0.0;
    for (size_t i = 0; i < cand.size(); ++i) {
      acc += p[i] / total;
      if (acc >= o.top_p) {
        keep = i + 1;
        break;
      }
    }
  }
  double mass = 0.0;
  for (size_t i = 0; i < keep; ++i) mass += p[i];
  const double u = rng.uniform() * mass;
  double acc = 0.0;
  for (size_t i = 0; i < keep; ++i) {
    acc += p[i];
    if (u < acc) return cand[i].first;
  }
  return cand[keep - 1].first;
}

}  // namespace attnseq
