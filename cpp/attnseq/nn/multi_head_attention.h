// Multi-head scaled dot-product attention (PyTorch layout: q, k, v, out projections [D, D]).
// Heads split D into `heads` consecutive slices of dh = D / heads; scores are scaled by 1/sqrt(dh).
#pragma once

#include <string>

#include "attnseq/nn/linear.h"

namespace attnseq {

struct MultiHeadAttention {
  Linear q, k, v, out;  // each [D, D] with bias
  int heads = 0;
  int dim = 0;  // D

  static MultiHeadAttention load(WeightStore& store, const std::string& scope, int dim, int heads);

  // Full (unmasked) self-attention of one sequence: x [S, D] → y [S, D] (before the residual).
  // weights: [heads, S, S] row-major, or null.
  void self_attention(const Matrix& x, Matrix& y, float* weights, uint64_t& macs) const;

  // One query against n cached keys/values: q [D] (already projected), K/V rows [n, D] (projected).
  // Writes the concatenated head outputs [D] (before `out`) and, if not null, weights [heads, n].
  void attend(const float* q, const float* K, const float* V, int n, float* result, float* weights,
              uint64_t& macs) const;
};

}  // namespace attnseq
