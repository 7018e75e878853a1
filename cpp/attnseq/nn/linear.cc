#include "attnseq/nn/linear.h"

#include <algorithm>

#include "attnseq/nn/kernels/gemm_f32.h"
#include "attnseq/nn/kernels/gemm_i8.h"
#include "attnseq/nn/ops.h"

namespace attnseq {
namespace {

void product(const WeightMatrix& w, const float* x, int n, const float* bias, float* y) {
  const int m = static_cast<int>(w.rows), k = static_cast<int>(w.cols);
  if (w.quantized())
    kernels::gemm_i8(x, n, k, w.q, w.scale, m, bias, y);
  else
    kernels::gemm_f32(x, n, k, w.f32, m, bias, y);
}

}  // namespace

Linear Linear::load(WeightStore& store, const std::string& scope, int out, int in, bool bias) {
  Linear l;
  l.out = out;
  l.in = in;
  l.w = store.weight(scope + ".weight", out, in);
  if (bias) l.b = store.vector(scope + ".bias", out).data();
  return l;
}

void Linear::forward(const float* x, int n, float* y) const { product(w, x, n, b, y); }

void Linear::forward(const Matrix& x, Matrix& y) const {
  y.resize(x.rows(), out);
  forward(x.data(), static_cast<int>(x.rows()), y.data());
}

Embedding Embedding::load(WeightStore& store, const std::string& name, int vocab, int dim) {
  Embedding e;
  e.vocab = vocab;
  e.dim = dim;
  e.w = store.weight(name, vocab, dim);
  return e;
}

void Embedding::row(int id, float* out) const {
  const int64_t off = static_cast<int64_t>(id) * dim;
  if (w.quantized()) {
    const float s = w.scale[id];
    for (int c = 0; c < dim; ++c) out[c] = static_cast<float>(w.q[off + c]) * s;
  } else {
    std::copy(w.f32 + off, w.f32 + off + dim, out);
  }
}

void Embedding::project(const Matrix& x, const float* bias, Matrix& logits) const {
  logits.resize(x.rows(), vocab);
  product(w, x.data(), static_cast<int>(x.rows()), bias, logits.data());
}

LayerNorm LayerNorm::load(WeightStore& store, const std::string& scope, int dim) {
  LayerNorm n;
  n.dim = dim;
  n.gamma = store.vector(scope + ".weight", dim).data();
  n.beta = store.vector(scope + ".bias", dim).data();
  return n;
}

void LayerNorm::forward(const Matrix& x, Matrix& y) const { layer_norm(x, gamma, beta, 1e-5f, y); }

}  // namespace attnseq
