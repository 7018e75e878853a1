#include "attnseq/nn/multi_head_attention.h"

#include <cmath>
#include <vector>

#include "attnseq/nn/ops.h"

namespace attnseq {

MultiHeadAttention MultiHeadAttention::load(WeightStore& store, const std::string& scope, int dim, int heads) {
  MultiHeadAttention m;
  m.dim = dim;
  m.heads = heads;
  m.q = Linear::load(store, scope + ".q", dim, dim);
  m.k = Linear::load(store, scope + ".k", dim, dim);
  m.v = Linear::load(store, scope + ".v", dim, dim);
  m.out = Linear::load(store, scope + ".out", dim, dim);
  return m;
}

void MultiHeadAttention::attend(const float* qv, const float* K, const float* V, int n, float* result,
                                float* weights, uint64_t& macs) const {
  const int dh = dim / heads;
  const float scale = 1.0f / std::sqrt(static_cast<float>(dh));
  std::vector<float> w(static_cast<size_t>(n));
  for (int h = 0; h < heads; ++h) {
    const int off = h * dh;
    for (int j = 0; j < n; ++j) {
      const float* kj = K + static_cast<size_t>(j) * dim + off;
      float acc = 0.0f;
      for (int d = 0; d < dh; ++d) acc += qv[off + d] * kj[d];
      w[j] = acc * scale;
    }
    softmax_inplace(w.data(), n);
    float* r = result + off;
    for (int d = 0; d < dh; ++d) r[d] = 0.0f;
    for (int j = 0; j < n; ++j) {
      const float* vj = V + static_cast<size_t>(j) * dim + off;
      for (int d = 0; d < dh; ++d) r[d] += w[j] * vj[d];
    }
    if (weights) std::copy(w.begin(), w.end(), weights + static_cast<size_t>(h) * n);
  }
  macs += 2ull * n * dim;
}

void MultiHeadAttention::self_attention(const Matrix& x, Matrix& y, float* weights, uint64_t& macs) const {
  const int S = static_cast<int>(x.rows());
  Matrix Q, K, V, ctx(S, dim);
  q.forward(x, Q);
  k.forward(x, K);
  v.forward(x, V);
  macs += 3 * q.macs(S);
  std::vector<float> w(static_cast<size_t>(heads) * S);
  for (int i = 0; i < S; ++i) {
    attend(Q.row(i).data(), K.data(), V.data(), S, ctx.row(i).data(), w.data(), macs);
    if (weights)
      for (int h = 0; h < heads; ++h)
        std::copy(w.begin() + static_cast<size_t>(h) * S, w.begin() + static_cast<size_t>(h + 1) * S,
                  weights + (static_cast<size_t>(h) * S + i) * S);
  }
  out.forward(ctx, y);
  macs += out.macs(S);
}

}  // namespace attnseq
