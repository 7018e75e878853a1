// I8 matrix products: y [n, m] = x [n, k] · Wᵀ + b with W stored as int8 q [m, k] and per-row scales
// s [m] (W[r, c] = q[r, c] · s[r], the model file's I8 layout), kept int8 in memory.
//
// Each input row is quantized on the fly with its own scale sx = max|x| / 32767 (quantize_row_i16):
//   v = x · (32767 / max|x|),  hi = nearbyint(v) (int16), so x ≈ hi · sx.
// The products q_w · hi are exact integers, accumulated in i32 (i32x4.dot_i16x8_s in WebAssembly; plain
// C++ loops natively, which compilers vectorize), summed in int64 and dequantized once per output:
// y[i, r] = float(acc · (sx_i · s_r)) + b[r] (in double).
//
// This is what every I8 matrix of a model runs, in both builds. A single int16 activation is a step
// function of x, so two builds agree only if their inputs agree to the last bit: an input that differs in
// its last bit (native x86 with FMA vs WebAssembly, different libm) can move by a whole step (max|x| /
// 32767) and the outputs by ~3e-5 relative. The builds therefore run the same float code around the
// kernel (own exp and tanh, -ffp-contract=off natively), and tests/js/parity.test.js requires equal bits
// on I8 files. (The variants it was measured against, two int16 halves per activation and the int8 values
// held as bfloat16, are bench/variants/: built into the benchmarks and tests only.)
#pragma once

#include <cstdint>

namespace attnseq::kernels {

// Largest |int16| an activation is quantized to.
constexpr int kActivationMax = 32767;
// Columns summed in one i32 before spilling to int64: |q_w| ≤ 128 and |hi| ≤ 32767, so even a single
// accumulator for the whole chunk stays below 2³¹ (512 · 128 · 32767 = 2 147 418 112).
constexpr int kI8Chunk = 512;

// Quantizes x [k] as above into hi [kp]; entries k..kp are 0 (padding). An all-zero row gives scale 0
// and zeros; a non-finite input gives a NaN scale (the products then give NaN, as the F32 path would).
void quantize_row_i16(const float* x, int k, int kp, int16_t* hi, float* scale);

// bias may be null. y must not alias x.
void gemm_i8(const float* x, int n, int k, const int8_t* w, const float* wscale, int m, const float* bias, float* y);

// Bound of |gemm_i8 − exact dequantized product| for one output, given the activation scale sx, the
// row's Σ_c |W[r,c]| (dequantized), Σ_c |W[r,c] x[c]| and |y|; half_step: the activations' rounding
// half-step in units of sx (1/2 here). Derivation (u = 2⁻²⁴, eps = 2u):
//   v = fl(x · inv) = x · inv · (1 + δ), |δ| ≤ u, and inv · sx = 1 ± 2u (both rounded once), so
//   |x̂ − x| ≤ sx · h + 3u|x| with h the rounding half-step;
//   summed with weights: sx · h · Σ|W| + 3u · Σ|W x|; the dequantization in double and the final
//   float conversion and bias addition add ≤ eps · |y| (+ a double-rounding term below 2u · Σ|W x|).
double gemm_i8_error_bound(double sx, double sum_abs_w, double sum_abs_wx, double abs_y, double half_step = 0.5);

// Which implementation gemm_i8 runs ("wasm-simd128" or "portable").
const char* gemm_i8_impl();

namespace detail {
// acc[i·m + r] += Σ_{c0 ≤ c < c1} w[r·k + c] · hi[i·kp + c] (c1 − c0 ≤ kI8Chunk): the per-platform part.
void i8_block(const int16_t* hi, int kp, int n, const int8_t* w, int k, int m, int c0, int c1, int64_t* acc);
// The whole Int16 product y = dequantized(Σ w · hi) + b from quantized rows hi [n, kp] with scales sx [n],
// where a platform has a faster path than i8_block (WebAssembly: for k a multiple of 8); false where not.
bool i8_int16_product(const int16_t* hi, int kp, const float* sx, int n, const int8_t* w, int k, const float* wscale,
                      int m, const float* bias, float* y);
}  // namespace detail

}  // namespace attnseq::kernels
