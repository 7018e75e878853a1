// F32 matrix products of the dense layers: y [n, m] = x [n, k] · Wᵀ + b, W row-major [m, k] (PyTorch
// nn.Linear layout), all row-major and densely packed. n = 1 is the decoder's GEMV (greedy, sampling),
// a few rows the beam, n = source length the encoder's GEMM.
//   WebAssembly (-msimd128): hand-written SIMD128 kernel (kernels/gemm_f32_wasm.cc): tiles of 4 weight
//     rows × 1 or 2 input rows, f32x4 multiply + add (wasm has no FMA), horizontal sums at the end.
//   native: Eigen (with -march=native its AVX2/FMA product kernels).
#pragma once

namespace attnseq::kernels {

// bias may be null. y must not alias x or w.
void gemm_f32(const float* x, int n, int k, const float* w, int m, const float* bias, float* y);

// The same product through Eigen's generic product (what the layers used before the kernels): the
// baseline of bench/kernels. In WebAssembly this is Eigen's scalar path auto-vectorized by clang.
void gemm_f32_eigen(const float* x, int n, int k, const float* w, int m, const float* bias, float* y);

// Which implementation gemm_f32 runs ("wasm-simd128" or "eigen").
const char* gemm_f32_impl();

}  // namespace attnseq::kernels
