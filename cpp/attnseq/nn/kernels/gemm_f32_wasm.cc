// The SIMD128 F32 kernel of gemm_f32 (compiled only for WebAssembly with -msimd128).
// Each output is the dot product of an input row with a weight row (both contiguous). A tile computes
// R input rows × 4 weight rows: per 4 columns one load per input row and per weight row, R·4 multiplies
// and adds into R·4 f32x4 accumulators (at most 8 + 4 + 2 live vectors: fits x64's 16 registers).
// (1 × 8 tiles for the GEMV, 8 chains instead of 4, measured no faster in V8: bench/kernels.)
// When the columns are a multiple of 4, the 4 accumulators of a tile reduce to one vector of 4 outputs
// (shuffles + adds, bias added, one store); otherwise per output, the leftover columns added scalar.
// Leftover weight rows run as 1-row tiles. Every output sums its columns in the same order.
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>

#include "attnseq/nn/kernels/gemm_f32.h"
#include "attnseq/nn/kernels/simd128.h"

namespace attnseq::kernels {
namespace {

// R input rows × WR weight rows.
template <int R, int WR>
inline void tile(const float* x, int k, const float* w, const float* bias, int m, float* y) {
  v128_t acc[R][WR];
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < WR; ++j) acc[i][j] = wasm_f32x4_splat(0.0f);
  const int k4 = k & ~3;
  for (int c = 0; c < k4; c += 4) {
    v128_t xv[R];
    for (int i = 0; i < R; ++i) xv[i] = wasm_v128_load(x + static_cast<long>(i) * k + c);
    for (int j = 0; j < WR; ++j) {
      const v128_t wv = wasm_v128_load(w + static_cast<long>(j) * k + c);
      for (int i = 0; i < R; ++i) acc[i][j] = wasm_f32x4_add(acc[i][j], wasm_f32x4_mul(xv[i], wv));
    }
  }
  // 4 accumulators → one vector of 4 sums, each lane (v0 + v2) + (v1 + v3) as hsum; bias added, stored
  simd128::store_tile(acc, k4 == k, nullptr, bias, m, y, [&](int i, int j, float s) {
    const float* xr = x + static_cast<long>(i) * k;
    const float* wr = w + static_cast<long>(j) * k;
    for (int c = k4; c < k; ++c) s += xr[c] * wr[c];
    return s;
  });
}

template <int R>
inline void rows(const float* x, int k, const float* w, int m, const float* bias, float* y) {
  int r = 0;
  for (; r + 4 <= m; r += 4) tile<R, 4>(x, k, w + static_cast<long>(r) * k, bias ? bias + r : nullptr, m, y + r);
  for (; r < m; ++r) tile<R, 1>(x, k, w + static_cast<long>(r) * k, bias ? bias + r : nullptr, m, y + r);
}

}  // namespace

void gemm_f32(const float* x, int n, int k, const float* w, int m, const float* bias, float* y) {
  int i = 0;
  for (; i + 2 <= n; i += 2) rows<2>(x + static_cast<long>(i) * k, k, w, m, bias, y + static_cast<long>(i) * m);
  if (i < n) rows<1>(x + static_cast<long>(i) * k, k, w, m, bias, y + static_cast<long>(i) * m);
}

const char* gemm_f32_impl() { return "wasm-simd128"; }

}  // namespace attnseq::kernels
#endif
