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
// Draws a token from logits with the sampling options; deterministic for a given Rng state.
int sample(const float* logits, int n, const DecodeOptions& options, Rng& rng);

}  // namespace attnseq
