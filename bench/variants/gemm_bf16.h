// Products on bfloat16 weights: y [n, m] = (x [n, k] · Wᵀ) ⊙ s + b, with W [m, k] in the packed bfloat16
// layout of bf16_layout.h and an F32 per-row scale s [m]. A variant kept for measurements and tests only
// (bench/variants/: built into bench/ and tests/, not into the WebAssembly module or the CLI, whose I8
// matrices run attnseq/nn/kernels/gemm_i8.h).
//
// What it is for: an I8 matrix (int8 q with per-row scales, the model file's I8 layout) held as the
// bfloat16 of q, which is exact. The kernel computes y[i, r] = s[r] · Σ_c x[i, c] · q[r, c] + b[r] in
// F32: the dequantized product up to float rounding (the scale applied once per output instead of once
// per weight), on half the bytes of the dequantized F32 copy. One decoder step's products are bound by
// reading the weights (docs/benchmarks.md), so in WebAssembly this beats the F32 kernel on that copy.
//   WebAssembly (-msimd128): SIMD128 kernel (gemm_bf16_wasm.cc), tiles of 4 weight rows × 1 or
//     2 input rows, f32x4 multiply + add.
//   native: a portable loop with the same arithmetic in the same order.
#pragma once

#include <cstdint>

namespace attnseq::kernels {

// bias may be null, scale must not be. y must not alias x.
void gemm_bf16(const float* x, int n, int k, const uint16_t* w, const float* scale, int m, const float* bias,
               float* y);

// Which implementation gemm_bf16 runs ("wasm-simd128" or "portable").
const char* gemm_bf16_impl();

}  // namespace attnseq::kernels
