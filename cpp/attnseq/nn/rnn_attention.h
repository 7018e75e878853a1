// Score functions of the RNN decoder's attention (docs/model-format.md, "rnn"):
//   additive   v · tanh(W_q h + W_k m_j + b_k)   (Bahdanau)
//   dot        h · m_j                           (Luong)
//   general    h · (W m_j)                       (Luong)
//   scaled_dot h · m_j / sqrt(H)
#pragma once

#include "attnseq/nn/attention_kind.h"
#include "attnseq/nn/linear.h"

namespace attnseq {

struct RnnAttention {
  AttentionKind kind = AttentionKind::None;
  Linear query;     // additive: [A, H], no bias
  Linear key;       // additive: [A, H] with bias
  const float* v = nullptr;  // additive: [1, A] (dequantized when I8: read element-wise)
  Linear bilinear;  // general: [H, H], no bias

  // hidden: H (decoder state = memory width); attn_dim: A (additive only).
  static RnnAttention load(WeightStore& store, const std::string& scope, AttentionKind kind, int hidden, int attn_dim);
  // Query-independent part, once per source: keys [S, A] (additive), [S, H] (general) or memory itself.
  void precompute_keys(const Matrix& memory, Matrix& keys, uint64_t& macs) const;
  // scores [B, S] for queries h [B, H].
  void scores(const Matrix& h, const Matrix& keys, Matrix& scores, Matrix& scratch, uint64_t& macs) const;
};

}  // namespace attnseq
