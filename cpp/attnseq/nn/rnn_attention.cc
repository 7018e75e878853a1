#include "attnseq/nn/rnn_attention.h"

#include <cmath>

#include "attnseq/nn/kernels/reduce.h"
#include "attnseq/nn/ops.h"

namespace attnseq {

RnnAttention RnnAttention::load(WeightStore& store, const std::string& scope, AttentionKind kind, int hidden,
                                int attn_dim) {
  RnnAttention a;
  a.kind = kind;
  if (a.kind == AttentionKind::Additive) {
    a.query = Linear::load(store, scope + ".query", attn_dim, hidden, false);
    a.key = Linear::load(store, scope + ".key", attn_dim, hidden, true);
    a.v = store.matrix(scope + ".v.weight", 1, attn_dim).data();
  } else if (a.kind == AttentionKind::General) {
    a.bilinear = Linear::load(store, scope + ".bilinear", hidden, hidden, false);
  }
  return a;
}

void RnnAttention::precompute_keys(const Matrix& memory, Matrix& keys, uint64_t& macs) const {
  if (kind == AttentionKind::Additive) {
    key.forward(memory, keys);
    macs += key.macs(memory.rows());
  } else if (kind == AttentionKind::General) {
    bilinear.forward(memory, keys);
    macs += bilinear.macs(memory.rows());
  } else {
    keys = memory;
  }
}

void RnnAttention::scores(const Matrix& h, const Matrix& keys, Matrix& s, Matrix& q, uint64_t& macs) const {
  const Eigen::Index B = h.rows(), S = keys.rows();
  s.resize(B, S);
  if (kind == AttentionKind::Additive) {
    query.forward(h, q);  // [B, A]
    macs += query.macs(B);
    const int A = query.out;
    for (Eigen::Index b = 0; b < B; ++b)
      for (Eigen::Index j = 0; j < S; ++j) {
        const float* qb = q.row(b).data();
        const float* kj = keys.row(j).data();
        float acc = 0.0f;
        for (int a = 0; a < A; ++a) acc += v[a] * tanh_f32(qb[a] + kj[a]);
        s(b, j) = acc;
      }
    macs += static_cast<uint64_t>(B) * S * A;
    return;
  }
  // s = h · keysᵀ by kernels::dot (no Eigen product here: its blocking and FMA kernels would sum
  // differently natively and in WebAssembly)
  const int D = static_cast<int>(h.cols());
  for (Eigen::Index b = 0; b < B; ++b)
    for (Eigen::Index j = 0; j < S; ++j) s(b, j) = kernels::dot(h.row(b).data(), keys.row(j).data(), D);
  macs += static_cast<uint64_t>(B) * S * h.cols();
  if (kind == AttentionKind::ScaledDot) s *= 1.0f / std::sqrt(static_cast<float>(h.cols()));
}

}  // namespace attnseq
