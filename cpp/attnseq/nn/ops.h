// Elementwise and row-wise operations on row-major float buffers.
#pragma once

#include "attnseq/core/tensor.h"

namespace attnseq {

// In-place numerically stable softmax over n values.
void softmax_inplace(float* x, int n);
// In-place log-softmax over n values.
void log_softmax_inplace(float* x, int n);
// Row-wise layer norm: y = (x - mean) / sqrt(var + eps) * gamma + beta (biased variance, as PyTorch).
void layer_norm(const Matrix& x, const float* gamma, const float* beta, float eps, Matrix& y);
inline float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }
// pe [n, d]: pe[p, 2i] = sin(p / 10000^(2i/d)), pe[p, 2i+1] = cos(p / 10000^(2i/d)) (computed in double).
Matrix sinusoidal_positions(int n, int d);

}  // namespace attnseq
