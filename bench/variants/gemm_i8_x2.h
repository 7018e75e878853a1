// A variant of the I8 product kept for measurements and tests only (built into bench/ and tests/, not
// into the WebAssembly module or the CLI): activations as two int16 halves instead of one.
//   v = x · (32767 / max|x|), hi = nearbyint(v), lo = nearbyint((v − hi) · 32768) (|lo| ≤ 16384),
//   so x ≈ (hi + lo / 32768) · sx, and y = float((Σ q·hi + Σ q·lo / 32768) · (sx · s_r)) + b_r.
// The activation error is then ~1e-9 of max|x|, below float rounding: the product deviates from the
// dequantized F32 product by float-level rounding only, for two integer dots per weight. The product
// the layers run (attnseq/nn/kernels/gemm_i8.h) takes one half: as exact where it matters for
// translation (docs/benchmarks.md), and faster.
#pragma once

#include <cstdint>

namespace attnseq::kernels {

// Quantizes x [k] into hi [kp] and lo [kp] (padding 0); scale as quantize_row_i16 gives it (the same hi).
void quantize_row_i16x2(const float* x, int k, int kp, int16_t* hi, int16_t* lo, float* scale);

// bias may be null. y must not alias x.
void gemm_i8_x2(const float* x, int n, int k, const int8_t* w, const float* wscale, int m, const float* bias, float* y);

// Its error bound: gemm_i8_error_bound with the half-step of two halves (1/2 / 32768).
double gemm_i8_x2_error_bound(double sx, double sum_abs_w, double sum_abs_wx, double abs_y);

}  // namespace attnseq::kernels
