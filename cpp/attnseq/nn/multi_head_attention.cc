#include "attnseq/nn/multi_head_attention.h"

#include <algorithm>
#include <cmath>

#include "attnseq/nn/kernels/reduce.h"
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

void MultiHeadAttention::attend(const float* qv, const float* K, const float* V, int n, float* result, float* scores,
                                float* weights, std::vector<float>& w, uint64_t& macs,
                                const AttentionMask& mask) const {
  const int dh = dim / heads;
  const float scale = 1.0f / std::sqrt(static_cast<float>(dh));
  w.resize(static_cast<size_t>(n));
  for (int h = 0; h < heads; ++h) {
    const int off = h * dh;
    for (int j = 0; j < n; ++j) {
      w[j] = kernels::dot(qv + off, K + static_cast<size_t>(j) * dim + off, dh) * scale;
    }
    if (scores) std::copy_n(w.begin(), n, scores + static_cast<size_t>(h) * n);
    softmax_inplace(w.data(), n, mask.keep);
    float* r = result + off;
    for (int d = 0; d < dh; ++d) r[d] = 0.0f;
    for (int j = 0; j < n && !(mask.head_off && mask.head_off[h]); ++j) {
      const float* vj = V + static_cast<size_t>(j) * dim + off;
      for (int d = 0; d < dh; ++d) r[d] += w[j] * vj[d];
    }
    if (weights) std::copy_n(w.begin(), n, weights + static_cast<size_t>(h) * n);
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
  std::vector<float> w, row(static_cast<size_t>(heads) * S);
  for (int i = 0; i < S; ++i) {
    attend(Q.row(i).data(), K.data(), V.data(), S, ctx.row(i).data(), nullptr, weights ? row.data() : nullptr, w, macs);
    if (weights)
      for (int h = 0; h < heads; ++h)
        std::copy_n(row.begin() + static_cast<size_t>(h) * S, S, weights + (static_cast<size_t>(h) * S + i) * S);
  }
  out.forward(ctx, y);
  macs += out.macs(S);
}

void MultiHeadAttention::cached_self_attention(const Matrix& x, KVCache& cache, AttentionScratch& s, Matrix& y,
                                               uint64_t& macs) const {
  const int B = static_cast<int>(x.rows());
  q.forward(x, s.q);
  k.forward(x, s.k);
  v.forward(x, s.v);
  macs += 3 * q.macs(B);
  cache.append(s.k, s.v);
  s.ctx.resize(B, dim);
  for (int b = 0; b < B; ++b)
    attend(s.q.row(b).data(), cache.keys(b), cache.values(b), cache.length(), s.ctx.row(b).data(), nullptr, nullptr,
           s.w, macs);
  out.forward(s.ctx, y);
  macs += out.macs(B);
}

void MultiHeadAttention::project_memory(const Matrix& memory, Matrix& keys, Matrix& values, uint64_t& macs) const {
  k.forward(memory, keys);
  v.forward(memory, values);
  macs += 2 * k.macs(memory.rows());
}

void MultiHeadAttention::cross_attention(const Matrix& x, const Matrix& keys, const Matrix& values, AttentionScratch& s,
                                         Matrix& y, const AttentionRecord& r, uint64_t& macs,
                                         const AttentionMask& mask) const {
  const int B = static_cast<int>(x.rows()), S = static_cast<int>(keys.rows());
  q.forward(x, s.q);
  macs += q.macs(B);
  s.ctx.resize(B, dim);
  for (int b = 0; b < B; ++b) {
    attend(s.q.row(b).data(), keys.data(), values.data(), S, s.ctx.row(b).data(), r.scores ? r.scores + b * r.stride : nullptr,
           r.weights ? r.weights + b * r.stride : nullptr, s.w, macs, mask);
    if (r.context) std::copy_n(s.ctx.row(b).data(), dim, r.context + b * r.context_stride);
  }
  out.forward(s.ctx, y);
  macs += out.macs(B);
}

}  // namespace attnseq
