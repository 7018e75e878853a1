// 1-D convolution over token positions as one matrix product (im2col). The window of output position
// t is the `kernel` input rows centred on it, x[t − p] … x[t + p] (p = kernel / 2, kernel odd), laid
// side by side as one row of kernel · channels values; the convolution is then
//   y [positions, m] = windows [positions, kernel · channels] · Wᵀ + b
// with W [m, kernel · channels] stored window-major: W[o, j · channels + c] is tap j (position t − p + j)
// of input channel c, i.e. PyTorch's Conv1d weight [m, channels, kernel] transposed to [m, kernel,
// channels], which is how the model file stores it (docs/model-format.md, "conv"). The product is
// the dense layers' kernel (gemm_f32 or gemm_i8), so WebAssembly runs the SIMD128 paths, and each
// window row of the I8 path is quantized like any activation row (its own max |x| / 32767): the same
// integers in both builds.
//
// Batches: x [batch, seq, channels] row-major, sequence b valid at positions 0 .. lengths[b] − 1. A window
// reads zeros outside them (before 0, at or past lengths[b]): the zero padding of p positions at either
// end, and whatever pads a shorter sequence, so each sequence of a padded batch computes what it
// computes alone. Rows of positions past a sequence's length are zero in the windows and in y.
#pragma once

#include <cstdint>

#include "attnseq/nn/kernels/gemm_i8.h"

namespace attnseq::kernels {

// windows [batch · seq, kernel · channels] as above. lengths null: every sequence has `seq` positions.
void conv1d_windows(const float* x, int batch, int seq, int channels, const int* lengths, int kernel, float* windows);

// Zeroes the rows of y [batch · seq, m] at positions ≥ lengths[b] (lengths null: none).
void conv1d_zero_padding(int batch, int seq, const int* lengths, int m, float* y);

// y [batch · seq, m] = conv1d(x) with F32 weights w [m, kernel · channels] and bias [m] (may be null);
// windows: scratch of batch · seq · kernel · channels floats. y must not alias x or windows.
void conv1d_f32(const float* x, int batch, int seq, int channels, const int* lengths, int kernel, const float* w,
                int m, const float* bias, float* windows, float* y);

// The same with I8 weights q [m, kernel · channels] and per-row scales wscale [m] (gemm_i8).
void conv1d_i8(const float* x, int batch, int seq, int channels, const int* lengths, int kernel, const int8_t* w,
               const float* wscale, int m, const float* bias, float* windows, float* y);

}  // namespace attnseq::kernels
