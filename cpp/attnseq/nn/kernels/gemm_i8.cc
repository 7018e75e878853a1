#include "attnseq/nn/kernels/gemm_i8.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace attnseq::kernels {

void quantize_row_i16(const float* x, int k, int kp, int16_t* hi, int16_t* lo, float* scale) {
  float maxabs = 0.0f;
  bool finite = true;
  for (int c = 0; c < k; ++c) {
    const float a = std::fabs(x[c]);
    finite = finite && std::isfinite(a);
    maxabs = std::max(maxabs, a);
  }
  std::fill(hi, hi + kp, int16_t{0});
  if (lo) std::fill(lo, lo + kp, int16_t{0});
  if (!finite) {
    *scale = std::numeric_limits<float>::quiet_NaN();
    return;
  }
  if (maxabs == 0.0f) {
    *scale = 0.0f;
    return;
  }
  const float inv = static_cast<float>(kActivationMax) / maxabs;
  for (int c = 0; c < k; ++c) {
    // |v| ≤ 32767 up to the rounding of inv; the clamp keeps a last-ulp overshoot from wrapping
    const float v = std::min(std::max(x[c] * inv, -32767.0f), 32767.0f);
    const float h = std::nearbyint(v);
    hi[c] = static_cast<int16_t>(h);
    // v − h is exact (Sterbenz), |v − h| ≤ 1/2, and the scaling by 2¹⁵ is exact
    if (lo) lo[c] = static_cast<int16_t>(std::nearbyint((v - h) * 32768.0f));
  }
  *scale = maxabs / static_cast<float>(kActivationMax);
}

void gemm_i8(const float* x, int n, int k, const int8_t* w, const float* wscale, int m, const float* bias,
             float* y, I8Activations acts) {
  if (n <= 0 || m <= 0) return;
  const bool split = acts == I8Activations::Int16x2;
  const int kp = (k + 15) & ~15;  // activation rows padded to 16 values (32 bytes)
  thread_local std::vector<int16_t> hi, lo;
  thread_local std::vector<float> xs;
  thread_local std::vector<int64_t> acc_hi, acc_lo;
  const size_t nq = static_cast<size_t>(n) * kp, ny = static_cast<size_t>(n) * m;
  hi.resize(nq);
  xs.resize(static_cast<size_t>(n));
  acc_hi.assign(ny, 0);
  if (split) {
    lo.resize(nq);
    acc_lo.assign(ny, 0);
  }
  for (int i = 0; i < n; ++i)
    quantize_row_i16(x + static_cast<size_t>(i) * k, k, kp, hi.data() + static_cast<size_t>(i) * kp,
                     split ? lo.data() + static_cast<size_t>(i) * kp : nullptr, &xs[i]);
  for (int c0 = 0; c0 < k; c0 += kI8Chunk)
    detail::i8_block(hi.data(), split ? lo.data() : nullptr, kp, n, w, k, m, c0, std::min(k, c0 + kI8Chunk),
                     acc_hi.data(), split ? acc_lo.data() : nullptr);
  for (int i = 0; i < n; ++i) {
    const double sx = xs[i];
    const int64_t* ah = acc_hi.data() + static_cast<size_t>(i) * m;
    const int64_t* al = split ? acc_lo.data() + static_cast<size_t>(i) * m : nullptr;
    float* yr = y + static_cast<size_t>(i) * m;
    for (int r = 0; r < m; ++r) {
      double a = static_cast<double>(ah[r]);
      if (al) a += static_cast<double>(al[r]) * (1.0 / 32768);
      const float v = static_cast<float>(a * (sx * static_cast<double>(wscale[r])));
      yr[r] = bias ? v + bias[r] : v;
    }
  }
}

double gemm_i8_error_bound(I8Activations acts, double sx, double sum_abs_w, double sum_abs_wx, double abs_y) {
  const double eps = std::numeric_limits<float>::epsilon();  // 2u
  const double half_step = acts == I8Activations::Int16x2 ? 0.5 / 32768 : 0.5;
  return half_step * sx * sum_abs_w + 4 * eps * sum_abs_wx + eps * abs_y;
}

#if !defined(__wasm_simd128__)
namespace detail {
void i8_block(const int16_t* hi, const int16_t* lo, int kp, int n, const int8_t* w, int k, int m, int c0, int c1,
              int64_t* acc_hi, int64_t* acc_lo) {
  for (int i = 0; i < n; ++i) {
    const int16_t* h = hi + static_cast<size_t>(i) * kp;
    const int16_t* l = lo ? lo + static_cast<size_t>(i) * kp : nullptr;
    for (int r = 0; r < m; ++r) {
      const int8_t* wr = w + static_cast<size_t>(r) * k;
      int32_t sh = 0, sl = 0;
      if (l) {
        for (int c = c0; c < c1; ++c) {
          sh += static_cast<int32_t>(wr[c]) * h[c];
          sl += static_cast<int32_t>(wr[c]) * l[c];
        }
        acc_lo[static_cast<size_t>(i) * m + r] += sl;
      } else {
        for (int c = c0; c < c1; ++c) sh += static_cast<int32_t>(wr[c]) * h[c];
      }
      acc_hi[static_cast<size_t>(i) * m + r] += sh;
    }
  }
}
}  // namespace detail
const char* gemm_i8_impl() { return "portable"; }
#endif

}  // namespace attnseq::kernels
