// Multi-head scaled dot-product attention (PyTorch layout: q, k, v, out projections [D, D]). Heads
// split D into `heads` consecutive slices of dh = D / heads; scores are q·k / sqrt(dh).
// Three uses, as CTranslate2's MultiHeadAttention: full self-attention of a sequence (encoder), masked
// self-attention of one new position per row with a KV cache (decoder), and cross-attention against
// keys/values of the encoder output computed once per source (project_memory).
#pragma once

#include <string>
#include <vector>

#include "attnseq/nn/kv_cache.h"
#include "attnseq/nn/linear.h"

namespace attnseq {

// Scratch of the decoder's attention calls, allocated once per decoding state (llama2.c's RunState).
struct AttentionScratch {
  Matrix q, k, v;         // [rows, D] projections of the new positions
  Matrix ctx;             // [rows, D] the heads' outputs, concatenated
  std::vector<float> w;   // [keys] one head's scores, then weights
};

// Where one cross-attention call writes what it computed, per row b and head h (null: not wanted).
struct AttentionRecord {
  float* weights = nullptr;  // [rows][heads][S] at row stride `stride`: softmax(scores)
  float* scores = nullptr;   // same layout: q·k / sqrt(dh), before the softmax
  size_t stride = 0;         // floats from one row's first head to the next row's
  float* context = nullptr;  // [rows][D] at row stride `context_stride`: the weighted sums (before `out`)
  size_t context_stride = 0;
};

// Interventions on one cross-attention call (null: none). keep [S]: 0 = the position is left out of
// every head's softmax (weight 0, the others renormalized); head_off [heads]: 1 = the head's output
// slice of the context is zeroed before the output projection (its weights are still computed and
// recorded; the recorded context holds the zeros that go on).
struct AttentionMask {
  const uint8_t* keep = nullptr;
  const uint8_t* head_off = nullptr;
};

struct MultiHeadAttention {
  Linear q, k, v, out;  // each [D, D] with bias
  int heads = 0;
  int dim = 0;  // D

  static MultiHeadAttention load(WeightStore& store, const std::string& scope, int dim, int heads);

  // Full (unmasked) self-attention of one sequence: x [S, D] → y [S, D] (before the residual).
  // weights: [heads, S, S] row-major, or null.
  void self_attention(const Matrix& x, Matrix& y, float* weights, uint64_t& macs) const;

  // Masked self-attention of one new position per row: x [rows, D]. The position's keys/values are
  // appended to `cache`, then each row attends over its cached positions. y [rows, D] (before the residual).
  void cached_self_attention(const Matrix& x, KVCache& cache, AttentionScratch& s, Matrix& y, uint64_t& macs) const;

  // Keys and values of the encoder output for cross-attention: memory [S, D] → keys, values [S, D].
  void project_memory(const Matrix& memory, Matrix& keys, Matrix& values, uint64_t& macs) const;
  // Cross-attention of x [rows, D] over precomputed keys/values [S, D] (shared by every row).
  void cross_attention(const Matrix& x, const Matrix& keys, const Matrix& values, AttentionScratch& s,
                       Matrix& y, const AttentionRecord& record, uint64_t& macs,
                       const AttentionMask& mask = {}) const;

 private:
  // One query q [D] (projected) against n keys/values (rows of K/V with row stride `dim`): writes the
  // heads' outputs [D]; per head, the scores and weights when asked (scores/weights + h * n).
  void attend(const float* q, const float* K, const float* V, int n, float* result, float* scores,
              float* weights, std::vector<float>& w, uint64_t& macs, const AttentionMask& mask = {}) const;
};

}  // namespace attnseq
