#include "variants/gemm_bf16.h"

#include "variants/bf16_layout.h"

namespace attnseq::kernels {

#if !defined(__wasm_simd128__)
// The SIMD kernel's arithmetic per output, in its lane order: 4 lane sums over the whole blocks of 8
// (lane l adds x[c+l]·w[c+l] + x[c+4+l]·w[c+4+l] per block), reduced as (l0 + l2) + (l1 + l3), the
// leftover columns added in order, then · scale, + bias.
void gemm_bf16(const float* x, int n, int k, const uint16_t* w, const float* scale, int m, const float* bias,
               float* y) {
  const int k8 = k & ~7;
  for (int i = 0; i < n; ++i) {
    const float* xi = x + static_cast<long>(i) * k;
    for (int r = 0; r < m; ++r) {
      const uint16_t* wr = w + static_cast<long>(r) * k;
      float lane[4] = {0, 0, 0, 0};
      for (int c = 0; c < k8; c += 8)
        for (int l = 0; l < 4; ++l) {
          const float a = xi[c + l] * f32_of_bf16(wr[c + 2 * l]);
          const float b = xi[c + 4 + l] * f32_of_bf16(wr[c + 2 * l + 1]);
          lane[l] += a + b;
        }
      float s = (lane[0] + lane[2]) + (lane[1] + lane[3]);
      for (int c = k8; c < k; ++c) s += xi[c] * f32_of_bf16(wr[c]);
      s *= scale[r];
      y[static_cast<long>(i) * m + r] = bias ? s + bias[r] : s;
    }
  }
}
const char* gemm_bf16_impl() { return "portable"; }
#endif

}  // namespace attnseq::kernels
