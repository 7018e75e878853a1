#include "variants/gemm_i8_x2.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "attnseq/nn/kernels/gemm_i8.h"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace attnseq::kernels {
namespace {

#if defined(__wasm_simd128__)
inline int64_t lanes(v128_t v) {
  return static_cast<int64_t>(wasm_i32x4_extract_lane(v, 0)) + wasm_i32x4_extract_lane(v, 1) +
         static_cast<int64_t>(wasm_i32x4_extract_lane(v, 2)) + wasm_i32x4_extract_lane(v, 3);
}

// R activation rows (hi and lo) × WR weight rows: 2·R·WR ≤ 8 accumulators, as the one-half kernel's tiles.
template <int R, int WR>
inline void tile(const int16_t* hi, const int16_t* lo, int kp, const int8_t* w, int k, int m, int c0, int c1,
                 int64_t* acc_hi, int64_t* acc_lo) {
  v128_t a[2][R][WR];
  for (int h = 0; h < 2; ++h)
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < WR; ++j) a[h][i][j] = wasm_i32x4_splat(0);
  const int c8 = c0 + ((c1 - c0) & ~7);
  const int16_t* x[2] = {hi, lo};
  for (int c = c0; c < c8; c += 8) {
    v128_t xv[2][R];
    for (int h = 0; h < 2; ++h)
      for (int i = 0; i < R; ++i) xv[h][i] = wasm_v128_load(x[h] + static_cast<long>(i) * kp + c);
    for (int j = 0; j < WR; ++j) {
      const v128_t wv = wasm_i16x8_load8x8(w + static_cast<long>(j) * k + c);
      for (int h = 0; h < 2; ++h)
        for (int i = 0; i < R; ++i) a[h][i][j] = wasm_i32x4_add(a[h][i][j], wasm_i32x4_dot_i16x8(xv[h][i], wv));
    }
  }
  int64_t* acc[2] = {acc_hi, acc_lo};
  for (int h = 0; h < 2; ++h)
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < WR; ++j) {
        const int16_t* xr = x[h] + static_cast<long>(i) * kp;
        const int8_t* wr = w + static_cast<long>(j) * k;
        int32_t s = 0;
        for (int c = c8; c < c1; ++c) s += static_cast<int32_t>(wr[c]) * static_cast<int32_t>(xr[c]);
        acc[h][static_cast<long>(i) * m + j] += lanes(a[h][i][j]) + s;
      }
}

template <int R>
inline void rows(const int16_t* hi, const int16_t* lo, int kp, const int8_t* w, int k, int m, int c0, int c1,
                 int64_t* acc_hi, int64_t* acc_lo) {
  constexpr int WR = 4 / R;
  int r = 0;
  for (; r + WR <= m; r += WR)
    tile<R, WR>(hi, lo, kp, w + static_cast<long>(r) * k, k, m, c0, c1, acc_hi + r, acc_lo + r);
  for (; r < m; ++r) tile<R, 1>(hi, lo, kp, w + static_cast<long>(r) * k, k, m, c0, c1, acc_hi + r, acc_lo + r);
}
#endif

// acc_hi[i·m + r] += Σ_c w[r·k + c] · hi[i·kp + c], and the same for lo into acc_lo.
void block(const int16_t* hi, const int16_t* lo, int kp, int n, const int8_t* w, int k, int m, int c0, int c1,
           int64_t* acc_hi, int64_t* acc_lo) {
#if defined(__wasm_simd128__)
  int i = 0;
  for (; i + 2 <= n; i += 2) {
    const long xo = static_cast<long>(i) * kp, yo = static_cast<long>(i) * m;
    rows<2>(hi + xo, lo + xo, kp, w, k, m, c0, c1, acc_hi + yo, acc_lo + yo);
  }
  if (i < n) {
    const long xo = static_cast<long>(i) * kp, yo = static_cast<long>(i) * m;
    rows<1>(hi + xo, lo + xo, kp, w, k, m, c0, c1, acc_hi + yo, acc_lo + yo);
  }
#else
  for (int i = 0; i < n; ++i) {
    const int16_t* h = hi + static_cast<size_t>(i) * kp;
    const int16_t* l = lo + static_cast<size_t>(i) * kp;
    for (int r = 0; r < m; ++r) {
      const int8_t* wr = w + static_cast<size_t>(r) * k;
      int32_t sh = 0, sl = 0;
      for (int c = c0; c < c1; ++c) {
        sh += static_cast<int32_t>(wr[c]) * h[c];
        sl += static_cast<int32_t>(wr[c]) * l[c];
      }
      acc_hi[static_cast<size_t>(i) * m + r] += sh;
      acc_lo[static_cast<size_t>(i) * m + r] += sl;
    }
  }
#endif
}

}  // namespace

void quantize_row_i16x2(const float* x, int k, int kp, int16_t* hi, int16_t* lo, float* scale) {
  quantize_row_i16(x, k, kp, hi, scale);  // the same hi and scale as the one-half kernel
  std::fill(lo, lo + kp, int16_t{0});
  if (!(*scale > 0.0f)) return;  // a zero row (also one too small to scale), or a non-finite one (NaN scale)
  // v as quantize_row_i16 made hi from: the same 32767 / max|x| (a maximum is exact in any order)
  float maxabs = 0.0f;
  for (int c = 0; c < k; ++c) maxabs = std::max(maxabs, std::fabs(x[c]));
  const float inv = static_cast<float>(kActivationMax) / maxabs;
  for (int c = 0; c < k; ++c) {
    const float v = std::min(std::max(x[c] * inv, -32767.0f), 32767.0f);
    // v − hi is exact (Sterbenz), |v − hi| ≤ 1/2, and the scaling by 2¹⁵ is exact
    lo[c] = static_cast<int16_t>(std::nearbyint((v - static_cast<float>(hi[c])) * 32768.0f));
  }
}

void gemm_i8_x2(const float* x, int n, int k, const int8_t* w, const float* wscale, int m, const float* bias, float* y) {
  if (n <= 0 || m <= 0) return;
  const int kp = (k + 15) & ~15;
  std::vector<int16_t> hi(static_cast<size_t>(n) * kp), lo(static_cast<size_t>(n) * kp);
  std::vector<float> xs(static_cast<size_t>(n));
  std::vector<int64_t> acc_hi(static_cast<size_t>(n) * m, 0), acc_lo(static_cast<size_t>(n) * m, 0);
  for (int i = 0; i < n; ++i)
    quantize_row_i16x2(x + static_cast<size_t>(i) * k, k, kp, hi.data() + static_cast<size_t>(i) * kp,
                       lo.data() + static_cast<size_t>(i) * kp, &xs[i]);
  for (int c0 = 0; c0 < k; c0 += kI8Chunk)
    block(hi.data(), lo.data(), kp, n, w, k, m, c0, std::min(k, c0 + kI8Chunk), acc_hi.data(), acc_lo.data());
  for (int i = 0; i < n; ++i) {
    const double sx = xs[i];
    for (int r = 0; r < m; ++r) {
      const size_t o = static_cast<size_t>(i) * m + r;
      const double a = static_cast<double>(acc_hi[o]) + static_cast<double>(acc_lo[o]) * (1.0 / 32768);
      const float v = static_cast<float>(a * (sx * static_cast<double>(wscale[r])));
      y[o] = bias ? v + bias[r] : v;
    }
  }
}

double gemm_i8_x2_error_bound(double sx, double sum_abs_w, double sum_abs_wx, double abs_y) {
  return gemm_i8_error_bound(sx, sum_abs_w, sum_abs_wx, abs_y, 0.5 / 32768);
}

}  // namespace attnseq::kernels
