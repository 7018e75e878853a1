// Horizontal sums and the tile store shared by the SIMD128 kernels (WebAssembly with -msimd128 only). Both sum a vector's
// lanes in the order (v0 + v2) + (v1 + v3), so every output of a kernel sums its columns alike.
#pragma once
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>

namespace attnseq::kernels::simd128 {

// The sum of v's 4 lanes.
inline float hsum(v128_t v) {
  const v128_t s = wasm_f32x4_add(v, wasm_i32x4_shuffle(v, v, 2, 3, 0, 1));
  return wasm_f32x4_extract_lane(s, 0) + wasm_f32x4_extract_lane(s, 1);
}

// The 4 lane sums of a[0..3] as one vector (lane j = (a[j]0 + a[j]2) + (a[j]1 + a[j]3)), by shuffles and
// `add` (f32x4 or i32x4).
template <class Add>
inline v128_t lane_sums4(const v128_t* a, Add add) {
  const v128_t ab = add(wasm_i32x4_shuffle(a[0], a[1], 0, 4, 1, 5), wasm_i32x4_shuffle(a[0], a[1], 2, 6, 3, 7));
  const v128_t cd = add(wasm_i32x4_shuffle(a[2], a[3], 0, 4, 1, 5), wasm_i32x4_shuffle(a[2], a[3], 2, 6, 3, 7));
  return add(wasm_i32x4_shuffle(ab, cd, 0, 1, 4, 5), wasm_i32x4_shuffle(ab, cd, 2, 3, 6, 7));
}

// The 4 lane sums of a[0..3] as one vector (lane j = hsum(a[j]), bit for bit).
inline v128_t hsum4(const v128_t* a) { return lane_sums4(a, [](v128_t x, v128_t y) { return wasm_f32x4_add(x, y); }); }

// The same for i32x4 lanes (exact while the sums fit in int32).
inline v128_t isum4(const v128_t* a) { return lane_sums4(a, [](v128_t x, v128_t y) { return wasm_i32x4_add(x, y); }); }

// Writes a tile's outputs y[i·m + j] from its accumulators acc[R][WR] (each a 4-lane partial sum):
// when `whole` (no leftover columns) and WR is a multiple of 4, 4 outputs per vector store; otherwise per
// output hsum, then tail(i, j, s) adds the leftover columns in order. Then · scale[j] (when scale is
// not null), + bias[j] (when bias is not null).
template <int R, int WR, class Tail>
inline void store_tile(v128_t (&acc)[R][WR], bool whole, const float* scale, const float* bias, int m, float* y,
                       Tail tail) {
  if (WR % 4 == 0 && whole) {
    for (int i = 0; i < R; ++i)
      for (int j = 0; j < WR; j += 4) {
        v128_t sum = hsum4(&acc[i][j]);
        if (scale) sum = wasm_f32x4_mul(sum, wasm_v128_load(scale + j));
        if (bias) sum = wasm_f32x4_add(sum, wasm_v128_load(bias + j));
        wasm_v128_store(y + static_cast<long>(i) * m + j, sum);
      }
    return;
  }
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < WR; ++j) {
      float s = tail(i, j, hsum(acc[i][j]));
      if (scale) s *= scale[j];
      y[static_cast<long>(i) * m + j] = bias ? s + bias[j] : s;
    }
}

}  // namespace attnseq::kernels::simd128
#endif
