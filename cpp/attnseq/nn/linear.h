// Dense layers over weights owned by a WeightStore (row-major [out, in], PyTorch nn.Linear layout).
#pragma once

#include <string>

#include "attnseq/core/tensor.h"
#include "attnseq/io/weights.h"

namespace attnseq {

struct Linear {
  const float* w = nullptr;  // [out, in]
  const float* b = nullptr;  // [out], or null without bias
  int out = 0;
  int in = 0;

  // Reads "<scope>.weight" and, when bias, "<scope>.bias".
  static Linear load(WeightStore& store, const std::string& scope, int out, int in, bool bias = true);
  // y [n, out] = x [n, in] · Wᵀ + b
  void forward(const Matrix& x, Matrix& y) const;
  uint64_t macs(int64_t rows) const { return static_cast<uint64_t>(rows) * out * in; }
};

struct Embedding {
  const float* w = nullptr;  // [vocab, dim]
  int vocab = 0;
  int dim = 0;

  static Embedding load(WeightStore& store, const std::string& name, int vocab, int dim);
  const float* row(int id) const { return w + static_cast<int64_t>(id) * dim; }
  ConstMatrixMap matrix() const { return ConstMatrixMap(w, vocab, dim); }
};

struct LayerNorm {
  const float* gamma = nullptr;  // [dim]
  const float* beta = nullptr;   // [dim]
  int dim = 0;
  static LayerNorm load(WeightStore& store, const std::string& scope, int dim);
  void forward(const Matrix& x, Matrix& y) const;
};

}  // namespace attnseq
