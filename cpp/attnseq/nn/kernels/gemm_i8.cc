#include "attnseq/nn/kernels/gemm_i8.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace attnseq::kernels {
namespace {

// max |x[c]| over c < k, and whether every x[c] is finite.
float max_abs(const float* x, int k, bool* finite) {
  float maxabs = 0.0f;
  bool fin = true;
  int c = 0;
#if defined(__wasm_simd128__)
  // f32x4.max returns NaN when either lane is NaN, so a NaN shows as a non-finite maximum
  v128_t m = wasm_f32x4_splat(0.0f);
  for (; c + 4 <= k; c += 4) m = wasm_f32x4_max(m, wasm_f32x4_abs(wasm_v128_load(x + c)));
  const float m0 = wasm_f32x4_extract_lane(m, 0), m1 = wasm_f32x4_extract_lane(m, 1);
  const float m2 = wasm_f32x4_extract_lane(m, 2), m3 = wasm_f32x4_extract_lane(m, 3);
  fin = std::isfinite(m0) && std::isfinite(m1) && std::isfinite(m2) && std::isfinite(m3);
  maxabs = std::max(std::max(m0, m1), std::max(m2, m3));
#endif
  for (; c < k; ++c) {
    const float a = std::fabs(x[c]);
    fin = fin && std::isfinite(a);
    maxabs = std::max(maxabs, a);
  }
  *finite = fin;
  return maxabs;
}

// hi[c] = nearbyint(v) for v = clamp(x[c] · inv, ±32767), c < k: eight at a time in WebAssembly
// (f32x4.nearest rounds half to even, as nearbyint does), so both builds give the same integers.
void quantize_values(const float* x, int k, float inv, int16_t* hi) {
  int c = 0;
#if defined(__wasm_simd128__)
  const v128_t vinv = wasm_f32x4_splat(inv), top = wasm_f32x4_splat(32767.0f), bottom = wasm_f32x4_splat(-32767.0f);
  for (; c + 8 <= k; c += 8) {
    v128_t h[2];
    for (int j = 0; j < 2; ++j)
      h[j] = wasm_f32x4_nearest(wasm_f32x4_min(wasm_f32x4_max(wasm_f32x4_mul(wasm_v128_load(x + c + 4 * j), vinv), bottom), top));
    wasm_v128_store(hi + c, wasm_i16x8_narrow_i32x4(wasm_i32x4_trunc_sat_f32x4(h[0]), wasm_i32x4_trunc_sat_f32x4(h[1])));
  }
#endif
  for (; c < k; ++c) {
    // |v| ≤ 32767 up to the rounding of inv; the clamp keeps a last-ulp overshoot from wrapping
    const float v = std::min(std::max(x[c] * inv, -32767.0f), 32767.0f);
    hi[c] = static_cast<int16_t>(std::nearbyint(v));
  }
}

}  // namespace

void quantize_row_i16(const float* x, int k, int kp, int16_t* hi, float* scale) {
  bool finite = true;
  const float maxabs = max_abs(x, k, &finite);
  std::fill(hi + k, hi + kp, int16_t{0});  // padding
  // 32767 / max|x| overflows below max|x| ≈ 9.6e-35 (then 0 · inf would be NaN): such a row is a zero row,
  // its products at most ~1e-34 · Σ|W|
  const float inv = static_cast<float>(kActivationMax) / maxabs;
  if (!finite || maxabs == 0.0f || !std::isfinite(inv)) {
    std::fill(hi, hi + k, int16_t{0});
    *scale = finite ? 0.0f : std::numeric_limits<float>::quiet_NaN();
    return;
  }
  quantize_values(x, k, inv, hi);
  *scale = maxabs / static_cast<float>(kActivationMax);
}

void gemm_i8(const float* x, int n, int k, const int8_t* w, const float* wscale, int m, const float* bias, float* y) {
  if (n <= 0 || m <= 0) return;
  const int kp = (k + 15) & ~15;  // activation rows padded to 16 values (32 bytes)
  thread_local std::vector<int16_t> hi;
  thread_local std::vector<float> xs;
  thread_local std::vector<int64_t> acc;
  const size_t nq = static_cast<size_t>(n) * kp, ny = static_cast<size_t>(n) * m;
  // grown, never shrunk: a resize up again would zero the new part at every call (the products alternate
  // between k = d_model and k = d_ff); quantize_row_i16 writes every entry it uses
  if (hi.size() < nq) hi.resize(nq);
  if (xs.size() < static_cast<size_t>(n)) xs.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i)
    quantize_row_i16(x + static_cast<size_t>(i) * k, k, kp, hi.data() + static_cast<size_t>(i) * kp, &xs[i]);
  if (detail::i8_int16_product(hi.data(), kp, xs.data(), n, w, k, wscale, m, bias, y)) return;
  acc.assign(ny, 0);
  for (int c0 = 0; c0 < k; c0 += kI8Chunk)
    detail::i8_block(hi.data(), kp, n, w, k, m, c0, std::min(k, c0 + kI8Chunk), acc.data());
  for (int i = 0; i < n; ++i) {
    const double sx = xs[i];
    const int64_t* a = acc.data() + static_cast<size_t>(i) * m;
    float* yr = y + static_cast<size_t>(i) * m;
    for (int r = 0; r < m; ++r) {
      const float v = static_cast<float>(static_cast<double>(a[r]) * (sx * static_cast<double>(wscale[r])));
      yr[r] = bias ? v + bias[r] : v;
    }
  }
}

double gemm_i8_error_bound(double sx, double sum_abs_w, double sum_abs_wx, double abs_y, double half_step) {
  const double eps = std::numeric_limits<float>::epsilon();  // 2u
  return half_step * sx * sum_abs_w + 4 * eps * sum_abs_wx + eps * abs_y;
}

#if !defined(__wasm_simd128__)
namespace detail {
void i8_block(const int16_t* hi, int kp, int n, const int8_t* w, int k, int m, int c0, int c1, int64_t* acc) {
  for (int i = 0; i < n; ++i) {
    const int16_t* h = hi + static_cast<size_t>(i) * kp;
    for (int r = 0; r < m; ++r) {
      const int8_t* wr = w + static_cast<size_t>(r) * k;
      int32_t s = 0;
      for (int c = c0; c < c1; ++c) s += static_cast<int32_t>(wr[c]) * h[c];
      acc[static_cast<size_t>(i) * m + r] += s;
    }
  }
}
bool i8_int16_product(const int16_t*, int, const float*, int, const int8_t*, int, const float*, int, const float*,
                      float*) {
  return false;
}
}  // namespace detail
const char* gemm_i8_impl() { return "portable"; }
#endif

}  // namespace attnseq::kernels
