// Dense layers over weights owned by a WeightStore (row-major [out, in], PyTorch nn.Linear layout).
// F32 weights run the F32 kernel, I8 weights (kept int8) the I8 kernel on activations quantized to one
// int16 each (nn/kernels/: WebAssembly SIMD128 kernels, native fallbacks with the same arithmetic).
#pragma once

#include <string>

#include "attnseq/core/tensor.h"
#include "attnseq/io/weights.h"

namespace attnseq {

struct Linear {
  WeightMatrix w;            // [out, in], F32 or I8 (int8 + a scale per row)
  const float* b = nullptr;  // [out], or null without bias
  int out = 0;
  int in = 0;

  // Reads "<scope>.weight" and, when bias, "<scope>.bias".
  static Linear load(WeightStore& store, const std::string& scope, int out, int in, bool bias = true);
  // y [n, out] = x [n, in] · Wᵀ + b
  void forward(const Matrix& x, Matrix& y) const;
  // y [n, out] = x [n, in] · Wᵀ + b over raw row-major buffers (y must not alias x).
  void forward(const float* x, int n, float* y) const;
  uint64_t macs(int64_t rows) const { return static_cast<uint64_t>(rows) * out * in; }
};

struct Embedding {
  WeightMatrix w;  // [vocab, dim], F32 or I8 (int8 + a scale per row)
  int vocab = 0;
  int dim = 0;

  static Embedding load(WeightStore& store, const std::string& name, int vocab, int dim);
  // out [dim] = row `id` (dequantized when I8).
  void row(int id, float* out) const;
  // The tied output projection: logits [n, vocab] = x [n, dim] · Eᵀ + bias (bias [vocab] or null).
  void project(const Matrix& x, const float* bias, Matrix& logits) const;
};

struct LayerNorm {
  const float* gamma = nullptr;  // [dim]
  const float* beta = nullptr;   // [dim]
  int dim = 0;
  static LayerNorm load(WeightStore& store, const std::string& scope, int dim);
  void forward(const Matrix& x, Matrix& y) const;
};

}  // namespace attnseq
