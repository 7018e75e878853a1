#include "attnseq/nn/linear.h"

#include "attnseq/nn/ops.h"

namespace attnseq {

Linear Linear::load(WeightStore& store, const std::string& scope, int out, int in, bool bias) {
  Linear l;
  l.out = out;
  l.in = in;
  l.w = store.matrix(scope + ".weight", out, in).data();
  if (bias) l.b = store.vector(scope + ".bias", out).data();
  return l;
}

void Linear::forward(const Matrix& x, Matrix& y) const {
  ConstMatrixMap W(w, out, in);
  y.resize(x.rows(), out);
  y.noalias() = x * W.transpose();
  if (b) y.rowwise() += Eigen::Map<const RowVector>(b, out);
}

Embedding Embedding::load(WeightStore& store, const std::string& name, int vocab, int dim) {
  Embedding e;
  e.vocab = vocab;
  e.dim = dim;
  e.w = store.matrix(name, vocab, dim).data();
  return e;
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
