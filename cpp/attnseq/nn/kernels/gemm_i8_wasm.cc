// The SIMD128 part of gemm_i8 (compiled only for WebAssembly with -msimd128): integer dot products of
// int16 activation rows (hi, and lo in Int16x2 mode) with int8 weight rows. Per 8 columns: one
// i16x8.load8x8_s (load + sign-extend) per weight row, one i16x8 load per activation row and half,
// i32x4.dot_i16x8_s + i32x4.add per pair. A tile is R activation rows × WR weight rows with at most 8
// accumulators (+ operands within x64's 16 vector registers); columns past the last multiple of 8 are
// added scalar. Lanes are summed in int64, so the result is exact and independent of the tiling.
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>

#include "attnseq/nn/kernels/gemm_i8.h"

namespace attnseq::kernels {
namespace {

inline int64_t lanes(v128_t v) {
  return static_cast<int64_t>(wasm_i32x4_extract_lane(v, 0)) + wasm_i32x4_extract_lane(v, 1) +
         static_cast<int64_t>(wasm_i32x4_extract_lane(v, 2)) + wasm_i32x4_extract_lane(v, 3);
}

// H = 1: hi only; H = 2: hi and lo (x[1] = lo).
template <int H, int R, int WR>
inline void tile(const int16_t* const* x, int kp, const int8_t* w, int k, int m, int c0, int c1, int64_t* const* acc) {
  v128_t a[H][R][WR];
  for (int h = 0; h < H; ++h)
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < WR; ++j) a[h][i][j] = wasm_i32x4_splat(0);
  const int c8 = c0 + ((c1 - c0) & ~7);
  for (int c = c0; c < c8; c += 8) {
    v128_t xv[H][R];
    for (int h = 0; h < H; ++h)
      for (int i = 0; i < R; ++i) xv[h][i] = wasm_v128_load(x[h] + static_cast<long>(i) * kp + c);
    for (int j = 0; j < WR; ++j) {
      const v128_t wv = wasm_i16x8_load8x8(w + static_cast<long>(j) * k + c);
      for (int h = 0; h < H; ++h)
        for (int i = 0; i < R; ++i) a[h][i][j] = wasm_i32x4_add(a[h][i][j], wasm_i32x4_dot_i16x8(xv[h][i], wv));
    }
  }
  for (int h = 0; h < H; ++h)
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < WR; ++j) {
        const int16_t* xr = x[h] + static_cast<long>(i) * kp;
        const int8_t* wr = w + static_cast<long>(j) * k;
        int32_t s = 0;
        for (int c = c8; c < c1; ++c) s += static_cast<int32_t>(wr[c]) * static_cast<int32_t>(xr[c]);
        acc[h][static_cast<long>(i) * m + j] += lanes(a[h][i][j]) + s;
      }
}

template <int H, int R>
inline void rows(const int16_t* const* x, int kp, const int8_t* w, int k, int m, int c0, int c1, int64_t* const* acc) {
  constexpr int WR = 8 / (H * R);  // 8 accumulators per tile
  int r = 0;
  for (; r + WR <= m; r += WR) {
    int64_t* const at[2] = {acc[0] + r, H == 2 ? acc[1] + r : nullptr};
    tile<H, R, WR>(x, kp, w + static_cast<long>(r) * k, k, m, c0, c1, at);
  }
  for (; r < m; ++r) {
    int64_t* const at[2] = {acc[0] + r, H == 2 ? acc[1] + r : nullptr};
    tile<H, R, 1>(x, kp, w + static_cast<long>(r) * k, k, m, c0, c1, at);
  }
}

template <int H>
void block(const int16_t* hi, const int16_t* lo, int kp, int n, const int8_t* w, int k, int m, int c0, int c1,
           int64_t* acc_hi, int64_t* acc_lo) {
  int i = 0;
  for (; i + 2 <= n; i += 2) {
    const long xo = static_cast<long>(i) * kp, yo = static_cast<long>(i) * m;
    const int16_t* const x[2] = {hi + xo, H == 2 ? lo + xo : nullptr};
    int64_t* const acc[2] = {acc_hi + yo, H == 2 ? acc_lo + yo : nullptr};
    rows<H, 2>(x, kp, w, k, m, c0, c1, acc);
  }
  if (i < n) {
    const long xo = static_cast<long>(i) * kp, yo = static_cast<long>(i) * m;
    const int16_t* const x[2] = {hi + xo, H == 2 ? lo + xo : nullptr};
    int64_t* const acc[2] = {acc_hi + yo, H == 2 ? acc_lo + yo : nullptr};
    rows<H, 1>(x, kp, w, k, m, c0, c1, acc);
  }
}

}  // namespace

namespace detail {
void i8_block(const int16_t* hi, const int16_t* lo, int kp, int n, const int8_t* w, int k, int m, int c0, int c1,
              int64_t* acc_hi, int64_t* acc_lo) {
  if (lo)
    block<2>(hi, lo, kp, n, w, k, m, c0, c1, acc_hi, acc_lo);
  else
    block<1>(hi, nullptr, kp, n, w, k, m, c0, c1, acc_hi, nullptr);
}
}  // namespace detail

const char* gemm_i8_impl() { return "wasm-simd128"; }

}  // namespace attnseq::kernels
#endif
