// The SIMD128 part of gemm_i8 (compiled only for WebAssembly with -msimd128): integer dot products of
// int16 activation rows with int8 weight rows. Per 8 columns: one i16x8.load8x8_s (load + sign-extend)
// per weight row, one i16x8 load per activation row, i32x4.dot_i16x8_s + i32x4.add per pair. A tile is
// R activation rows × WR weight rows with at most 8 accumulators (+ operands within x64's 16 vector
// registers); columns past the last multiple of 8 are added scalar. Lanes are summed in int64, so the
// result is exact and independent of the tiling. With k a multiple of 8 (every layer of the shipped
// models) i8_int16_product below runs instead; i8_block serves the other widths.
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>

#include "attnseq/nn/kernels/gemm_i8.h"
#include "attnseq/nn/kernels/simd128.h"

namespace attnseq::kernels {
namespace {

inline int64_t lanes(v128_t v) {
  return static_cast<int64_t>(wasm_i32x4_extract_lane(v, 0)) + wasm_i32x4_extract_lane(v, 1) +
         static_cast<int64_t>(wasm_i32x4_extract_lane(v, 2)) + wasm_i32x4_extract_lane(v, 3);
}

template <int R, int WR>
inline void tile(const int16_t* x, int kp, const int8_t* w, int k, int m, int c0, int c1, int64_t* acc) {
  v128_t a[R][WR];
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < WR; ++j) a[i][j] = wasm_i32x4_splat(0);
  const int c8 = c0 + ((c1 - c0) & ~7);
  for (int c = c0; c < c8; c += 8) {
    v128_t xv[R];
    for (int i = 0; i < R; ++i) xv[i] = wasm_v128_load(x + static_cast<long>(i) * kp + c);
    for (int j = 0; j < WR; ++j) {
      const v128_t wv = wasm_i16x8_load8x8(w + static_cast<long>(j) * k + c);
      for (int i = 0; i < R; ++i) a[i][j] = wasm_i32x4_add(a[i][j], wasm_i32x4_dot_i16x8(xv[i], wv));
    }
  }
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < WR; ++j) {
      const int16_t* xr = x + static_cast<long>(i) * kp;
      const int8_t* wr = w + static_cast<long>(j) * k;
      int32_t s = 0;
      for (int c = c8; c < c1; ++c) s += static_cast<int32_t>(wr[c]) * static_cast<int32_t>(xr[c]);
      acc[static_cast<long>(i) * m + j] += lanes(a[i][j]) + s;
    }
}

template <int R>
inline void rows(const int16_t* x, int kp, const int8_t* w, int k, int m, int c0, int c1, int64_t* acc) {
  constexpr int WR = 8 / R;  // 8 accumulators per tile
  int r = 0;
  for (; r + WR <= m; r += WR) tile<R, WR>(x, kp, w + static_cast<long>(r) * k, k, m, c0, c1, acc + r);
  for (; r < m; ++r) tile<R, 1>(x, kp, w + static_cast<long>(r) * k, k, m, c0, c1, acc + r);
}

// Int16 (one half), k a multiple of 8: R activation rows × WR (4 or 1) weight rows per tile, 4 i32x4
// accumulators a row (one per weight row), each summing a chunk of ≤ kI8Chunk columns exactly in i32; the 4
// lane sums of a chunk as one i32x4 (shuffles + adds, < 2³¹ by kI8Chunk's bound), widened to two f64x2
// and added in double (exact: integers below 2⁵³). Then y = float(sum · (sx · s_r)) + b_r, 4 outputs a
// store: the arithmetic of the portable path, so both give the same bits from the same hi.
template <int R>
inline void tile16x4(const int16_t* h, int kp, const float* sx, const int8_t* w, int k, const float* ws,
                     const float* bias, int m, float* y) {
  v128_t d[R][2];  // [i][0]: outputs 0, 1; [i][1]: outputs 2, 3 (f64x2)
  for (int i = 0; i < R; ++i) d[i][0] = d[i][1] = wasm_f64x2_splat(0.0);
  for (int c0 = 0; c0 < k; c0 += kI8Chunk) {
    const int c1 = c0 + kI8Chunk < k ? c0 + kI8Chunk : k;
    v128_t a[R][4];
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < 4; ++j) a[i][j] = wasm_i32x4_splat(0);
    for (int c = c0; c < c1; c += 8) {
      v128_t xv[R];
      for (int i = 0; i < R; ++i) xv[i] = wasm_v128_load(h + static_cast<long>(i) * kp + c);
      for (int j = 0; j < 4; ++j) {
        const v128_t wv = wasm_i16x8_load8x8(w + static_cast<long>(j) * k + c);
        for (int i = 0; i < R; ++i) a[i][j] = wasm_i32x4_add(a[i][j], wasm_i32x4_dot_i16x8(xv[i], wv));
      }
    }
    for (int i = 0; i < R; ++i) {
      const v128_t s = simd128::isum4(a[i]);
      d[i][0] = wasm_f64x2_add(d[i][0], wasm_f64x2_convert_low_i32x4(s));
      d[i][1] = wasm_f64x2_add(d[i][1], wasm_f64x2_convert_low_i32x4(wasm_i32x4_shuffle(s, s, 2, 3, 0, 1)));
    }
  }
  const v128_t wsv = wasm_v128_load(ws);
  const v128_t w01 = wasm_f64x2_promote_low_f32x4(wsv);
  const v128_t w23 = wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(wsv, wsv, 2, 3, 0, 1));
  for (int i = 0; i < R; ++i) {
    const v128_t sxv = wasm_f64x2_splat(static_cast<double>(sx[i]));
    const v128_t lo = wasm_f32x4_demote_f64x2_zero(wasm_f64x2_mul(d[i][0], wasm_f64x2_mul(sxv, w01)));
    const v128_t hi = wasm_f32x4_demote_f64x2_zero(wasm_f64x2_mul(d[i][1], wasm_f64x2_mul(sxv, w23)));
    v128_t v = wasm_i32x4_shuffle(lo, hi, 0, 1, 4, 5);
    if (bias) v = wasm_f32x4_add(v, wasm_v128_load(bias));
    wasm_v128_store(y + static_cast<long>(i) * m, v);
  }
}

// One weight row, R activation rows (leftover rows of the 4-row tiles).
template <int R>
inline void tile16x1(const int16_t* h, int kp, const float* sx, const int8_t* w, int k, const float* ws,
                     const float* bias, int m, float* y) {
  int64_t t[R] = {};
  for (int c0 = 0; c0 < k; c0 += kI8Chunk) {
    const int c1 = c0 + kI8Chunk < k ? c0 + kI8Chunk : k;
    v128_t a[R];
    for (int i = 0; i < R; ++i) a[i] = wasm_i32x4_splat(0);
    for (int c = c0; c < c1; c += 8) {
      const v128_t wv = wasm_i16x8_load8x8(w + c);
      for (int i = 0; i < R; ++i)
        a[i] = wasm_i32x4_add(a[i], wasm_i32x4_dot_i16x8(wasm_v128_load(h + static_cast<long>(i) * kp + c), wv));
    }
    for (int i = 0; i < R; ++i) t[i] += lanes(a[i]);
  }
  for (int i = 0; i < R; ++i) {
    const float v = static_cast<float>(static_cast<double>(t[i]) * (static_cast<double>(sx[i]) * static_cast<double>(*ws)));
    y[static_cast<long>(i) * m] = bias ? v + *bias : v;
  }
}

template <int R>
inline void rows16(const int16_t* h, int kp, const float* sx, const int8_t* w, int k, const float* ws, const float* bias,
                   int m, float* y) {
  int r = 0;
  for (; r + 4 <= m; r += 4)
    tile16x4<R>(h, kp, sx, w + static_cast<long>(r) * k, k, ws + r, bias ? bias + r : nullptr, m, y + r);
  for (; r < m; ++r)
    tile16x1<R>(h, kp, sx, w + static_cast<long>(r) * k, k, ws + r, bias ? bias + r : nullptr, m, y + r);
}

}  // namespace

namespace detail {
bool i8_int16_product(const int16_t* hi, int kp, const float* sx, int n, const int8_t* w, int k, const float* wscale,
                      int m, const float* bias, float* y) {
  if (k % 8 != 0) return false;
  int i = 0;
  for (; i + 2 <= n; i += 2)
    rows16<2>(hi + static_cast<long>(i) * kp, kp, sx + i, w, k, wscale, bias, m, y + static_cast<long>(i) * m);
  if (i < n) rows16<1>(hi + static_cast<long>(i) * kp, kp, sx + i, w, k, wscale, bias, m, y + static_cast<long>(i) * m);
  return true;
}

void i8_block(const int16_t* hi, int kp, int n, const int8_t* w, int k, int m, int c0, int c1, int64_t* acc) {
  int i = 0;
  for (; i + 2 <= n; i += 2)
    rows<2>(hi + static_cast<long>(i) * kp, kp, w, k, m, c0, c1, acc + static_cast<long>(i) * m);
  if (i < n) rows<1>(hi + static_cast<long>(i) * kp, kp, w, k, m, c0, c1, acc + static_cast<long>(i) * m);
}
}  // namespace detail

const char* gemm_i8_impl() { return "wasm-simd128"; }

}  // namespace attnseq::kernels
#endif
