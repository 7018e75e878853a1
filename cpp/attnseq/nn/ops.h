// Elementwise and row-wise operations on row-major float buffers.
#pragma once

#include <cstdint>

#include "attnseq/core/tensor.h"

namespace attnseq {

// In-place numerically stable softmax over n values.
void softmax_inplace(float* x, int n);
// The softmax over the values whose keep[i] is non-zero (keep null: all of them, as above): the others
// get weight 0 and the kept ones' weights sum to 1, as a softmax with -inf at the left-out scores.
// At least one must be kept (apply_masks checks it).
void softmax_inplace(float* x, int n, const uint8_t* keep);
// In-place log-softmax over n values.
void log_softmax_inplace(float* x, int n);
// Row-wise layer norm: y = (x - mean) / sqrt(var + eps) * gamma + beta (biased variance, as PyTorch).
void layer_norm(const Matrix& x, const float* gamma, const float* beta, float eps, Matrix& y);
// The transcendental functions of the layers are our own float code (kernels::exp_poly, Cephes tanhf), not
// libm's: the native (glibc) and WebAssembly (musl) libms round some results differently, and the builds
// then give different bits (the I8 path, which quantizes activations, would turn such bits into
// different int16 steps). With -ffp-contract=off natively, both builds compute the same bits.
float sigmoid(float x);
// tanh(x): Cephes tanhf (an odd polynomial below |x| = 0.625, 1 − 2 / (exp(2|x|) + 1) above;
// relative error below 3e-7 against the exact value).
float tanh_f32(float x);
// pe [n, d]: pe[p, 2i] = sin(p / 10000^(2i/d)), pe[p, 2i+1] = cos(p / 10000^(2i/d)) (computed in double).
Matrix sinusoidal_positions(int n, int d);

}  // namespace attnseq
