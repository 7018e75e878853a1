#include "attnseq/nn/kernels/reduce.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>

#include "attnseq/nn/kernels/simd128.h"
#endif

namespace attnseq::kernels {
namespace {

// Cephes expf: x = n·ln2 + r, |r| ≤ ln2/2, exp(r) by a degree-7 polynomial, times 2^n from the bits.
constexpr float kLog2e = 1.44269504088896341f;
constexpr float kC1 = 0.693359375f;       // ln2, high part (exact in float)
constexpr float kC2 = -2.12194440e-4f;    // ln2 − kC1
constexpr float kP0 = 1.9875691500e-4f, kP1 = 1.3981999507e-3f, kP2 = 8.3334519073e-3f;
constexpr float kP3 = 4.1665795894e-2f, kP4 = 1.6666665459e-1f, kP5 = 5.0000001201e-1f;
constexpr float kLo = -87.33654f, kHi = 88.37626f;  // exp is 0 / +inf (as a float) beyond

#if defined(__wasm_simd128__)
inline v128_t exp4(v128_t x) {
  const v128_t lo = wasm_f32x4_splat(kLo);
  const v128_t under = wasm_f32x4_lt(x, lo);
  x = wasm_f32x4_min(wasm_f32x4_splat(kHi), wasm_f32x4_max(lo, x));  // min/max keep a NaN (pmin/pmax would not)
  const v128_t n = wasm_f32x4_nearest(wasm_f32x4_mul(x, wasm_f32x4_splat(kLog2e)));
  v128_t r = wasm_f32x4_sub(x, wasm_f32x4_mul(n, wasm_f32x4_splat(kC1)));
  r = wasm_f32x4_sub(r, wasm_f32x4_mul(n, wasm_f32x4_splat(kC2)));
  const v128_t r2 = wasm_f32x4_mul(r, r);
  v128_t p = wasm_f32x4_splat(kP0);
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(kP1));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(kP2));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(kP3));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(kP4));
  p = wasm_f32x4_add(wasm_f32x4_mul(p, r), wasm_f32x4_splat(kP5));
  p = wasm_f32x4_add(wasm_f32x4_add(wasm_f32x4_mul(p, r2), r), wasm_f32x4_splat(1.0f));
  // 2^n: n in [−126, 127] after the clamp; (n + 127) << 23 are the bits of 2^n
  const v128_t e = wasm_i32x4_shl(wasm_i32x4_add(wasm_i32x4_trunc_sat_f32x4(n), wasm_i32x4_splat(127)), 23);
  return wasm_v128_andnot(wasm_f32x4_mul(p, e), under);  // x below the range: 0
}
#endif

}  // namespace

float exp_poly(float x) {
  if (std::isnan(x)) return x;
  if (x < kLo) return 0.0f;
  if (x > kHi) return std::numeric_limits<float>::infinity();
  const float n = std::nearbyint(x * kLog2e);
  float r = x - n * kC1;
  r = r - n * kC2;
  const float r2 = r * r;
  float p = kP0;
  p = p * r + kP1;
  p = p * r + kP2;
  p = p * r + kP3;
  p = p * r + kP4;
  p = p * r + kP5;
  p = p * r2 + r + 1.0f;
  const int32_t bits = (static_cast<int32_t>(n) + 127) << 23;
  float scale;
  std::memcpy(&scale, &bits, sizeof scale);
  return p * scale;
}

int argmax(const float* x, int n) {
  // The maximum (NaNs skipped), then the first index that holds it.
  float m = -std::numeric_limits<float>::infinity();
  int i = 0;
#if defined(__wasm_simd128__)
  v128_t vm = wasm_f32x4_splat(m);
  for (; i + 4 <= n; i += 4) vm = wasm_f32x4_pmax(vm, wasm_v128_load(x + i));  // pmax: NaN in x is not taken
  for (int l = 0; l < 4; ++l) {
    const float v = wasm_f32x4_extract_lane(vm, 0);
    m = v > m ? v : m;
    vm = wasm_i32x4_shuffle(vm, vm, 1, 2, 3, 0);
  }
#else
  float acc[8];
  for (float& a : acc) a = m;
  for (; i + 8 <= n; i += 8)
    for (int l = 0; l < 8; ++l) acc[l] = x[i + l] > acc[l] ? x[i + l] : acc[l];
  for (float a : acc) m = a > m ? a : m;
#endif
  for (; i < n; ++i) m = x[i] > m ? x[i] : m;
  for (int j = 0; j < n; ++j)
    if (x[j] == m) return j;
  return 0;  // all NaN
}

float dot(const float* a, const float* b, int n) {
  int i = 0;
  float sum;
#if defined(__wasm_simd128__)
  v128_t acc = wasm_f32x4_splat(0.0f);
  for (; i + 4 <= n; i += 4) acc = wasm_f32x4_add(acc, wasm_f32x4_mul(wasm_v128_load(a + i), wasm_v128_load(b + i)));
  sum = simd128::hsum(acc);  // (l0 + l2) + (l1 + l3), as the portable loop sums
#else
  float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (; i + 4 <= n; i += 4)
    for (int l = 0; l < 4; ++l) acc[l] += a[i + l] * b[i + l];
  sum = (acc[0] + acc[2]) + (acc[1] + acc[3]);
#endif
  for (; i < n; ++i) sum += a[i] * b[i];
  return sum;
}

float log_sum_exp(const float* x, int n) {
  const float m = x[argmax(x, n)];  // a NaN in x makes the sum NaN below
  if (std::isinf(m)) return m;       // +inf: +inf; all −inf: −inf
  float sum = 0.0f;
  int i = 0;
#if defined(__wasm_simd128__)
  const v128_t vm = wasm_f32x4_splat(m);
  v128_t acc = wasm_f32x4_splat(0.0f);
  for (; i + 4 <= n; i += 4) acc = wasm_f32x4_add(acc, exp4(wasm_f32x4_sub(wasm_v128_load(x + i), vm)));
  sum = simd128::hsum(acc);  // (l0 + l2) + (l1 + l3), as the portable loop sums
#else
  float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  for (; i + 4 <= n; i += 4)
    for (int l = 0; l < 4; ++l) acc[l] += exp_poly(x[i + l] - m);
  sum = (acc[0] + acc[2]) + (acc[1] + acc[3]);
#endif
  for (; i < n; ++i) sum += exp_poly(x[i] - m);
  return m + std::log(sum);
}

}  // namespace attnseq::kernels
