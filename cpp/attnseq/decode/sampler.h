// Turning one row of logits into a choice: argmax, or a seeded draw after temperature / top-k / top-p.
#pragma once

#include <utility>
#include <vector>

#include "attnseq/core/rng.h"
#include "attnseq/decode/options.h"

namespace attnseq {

// Log-probabilities (log-softmax) of a logits row.
std::vector<float> log_probs(const float* logits, int n);
// Index of the largest value; the lowest index wins ties.
int argmax(const float* x, int n);
// The k most likely entries (id, value) in descending order of value, ties by lower id.
std::vector<std::pair<int, float>> top_k(const float* x, int n, int k);
// What the sampler draws from: the top-k candidates by logit (descending, ties by id), their weights
// exp((logit - max) / temperature) (unnormalized, in double) and how many of them top-p keeps.
struct SamplingCandidates {
  std::vector<std::pair<int, float>> candidates;  // (id, logit)
  std::vector<double> weights;                     // one per candidate
  size_t keep = 0;                                 // candidates[0, keep) can be drawn
  double mass = 0.0;                               // sum of the kept weights
  // The probability the sampler gives token `id` (0 when cut by top-k or top-p).
  double probability(int id) const;
};
SamplingCandidates sampling_candidates(const float* logits, int n, const DecodeOptions& options);
// Draws a token from logits with the sampling options; deterministic for a given Rng state.
int sample(const float* logits, int n, const DecodeOptions& options, Rng& rng);

}  // namespace attnseq
