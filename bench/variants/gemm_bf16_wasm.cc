// The SIMD128 kernel of gemm_bf16 (compiled only for WebAssembly with -msimd128).
// A tile computes R input rows × 4 weight rows. Per block of 8 columns: two loads per input row (x[c..c+3],
// x[c+4..c+7]), one load per weight row (8 packed bfloat16), widened in registers (shift left by 16:
// columns c..c+3; mask of the high halves: c+4..c+7; the layout of bf16_layout.h), R·4 pairs of multiplies and adds
// into R·4 f32x4 accumulators (at most 8 + 4 + 3 live vectors: fits x64's 16 registers). Half the
// weight bytes of gemm_f32 for two more integer operations per 8 weights.
// When the columns are a multiple of 8, the 4 accumulators of a tile reduce to one vector of 4 outputs
// (shuffles + adds), scaled, bias added, one store; otherwise per output, the leftover columns added
// scalar. Leftover weight rows run as 1-row tiles. Every output sums its columns in the same order, the
// order of the portable version in gemm_bf16.cc.
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>

#include "variants/bf16_layout.h"
#include "variants/gemm_bf16.h"
#include "attnseq/nn/kernels/simd128.h"

namespace attnseq::kernels {
namespace {

template <int R, int WR>
inline void tile(const float* x, int k, const uint16_t* w, const float* scale, const float* bias, int m, float* y) {
  const v128_t high = wasm_i32x4_splat(static_cast<int>(0xFFFF0000u));
  v128_t acc[R][WR];
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < WR; ++j) acc[i][j] = wasm_f32x4_splat(0.0f);
  const int k8 = k & ~7;
  for (int c = 0; c < k8; c += 8) {
    v128_t xa[R], xb[R];
    for (int i = 0; i < R; ++i) {
      xa[i] = wasm_v128_load(x + static_cast<long>(i) * k + c);
      xb[i] = wasm_v128_load(x + static_cast<long>(i) * k + c + 4);
    }
    for (int j = 0; j < WR; ++j) {
      const v128_t p = wasm_v128_load(w + static_cast<long>(j) * k + c);
      const v128_t wa = wasm_i32x4_shl(p, 16), wb = wasm_v128_and(p, high);
      for (int i = 0; i < R; ++i)
        acc[i][j] = wasm_f32x4_add(acc[i][j], wasm_f32x4_add(wasm_f32x4_mul(xa[i], wa), wasm_f32x4_mul(xb[i], wb)));
    }
  }
  simd128::store_tile(acc, k8 == k, scale, bias, m, y, [&](int i, int j, float s) {
    const float* xr = x + static_cast<long>(i) * k;
    const uint16_t* wr = w + static_cast<long>(j) * k;
    for (int c = k8; c < k; ++c) s += xr[c] * f32_of_bf16(wr[c]);
    return s;
  });
}

template <int R>
inline void rows(const float* x, int k, const uint16_t* w, const float* scale, int m, const float* bias, float* y) {
  int r = 0;
  for (; r + 4 <= m; r += 4)
    tile<R, 4>(x, k, w + static_cast<long>(r) * k, scale + r, bias ? bias + r : nullptr, m, y + r);
  for (; r < m; ++r) tile<R, 1>(x, k, w + static_cast<long>(r) * k, scale + r, bias ? bias + r : nullptr, m, y + r);
}

}  // namespace

void gemm_bf16(const float* x, int n, int k, const uint16_t* w, const float* scale, int m, const float* bias,
               float* y) {
  int i = 0;
  for (; i + 2 <= n; i += 2)
    rows<2>(x + static_cast<long>(i) * k, k, w, scale, m, bias, y + static_cast<long>(i) * m);
  if (i < n) rows<1>(x + static_cast<long>(i) * k, k, w, scale, m, bias, y + static_cast<long>(i) * m);
}

const char* gemm_bf16_impl() { return "wasm-simd128"; }

}  // namespace attnseq::kernels
#endif
