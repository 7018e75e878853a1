#include "attnseq/nn/kernels/conv1d.h"

#include <algorithm>
#include <cstring>

#include "attnseq/nn/kernels/gemm_f32.h"

namespace attnseq::kernels {

void conv1d_windows(const float* x, int batch, int seq, int channels, const int* lengths, int kernel, float* windows) {
  const int p = kernel / 2;
  const size_t row = static_cast<size_t>(kernel) * channels;  // floats per window
  for (int b = 0; b < batch; ++b) {
    const int len = lengths ? std::clamp(lengths[b], 0, seq) : seq;
    const float* xb = x + static_cast<size_t>(b) * seq * channels;
    for (int t = 0; t < seq; ++t) {
      float* out = windows + (static_cast<size_t>(b) * seq + t) * row;
      if (t >= len) {  // a padding position: no window
        std::fill(out, out + row, 0.0f);
        continue;
      }
      // taps j with 0 ≤ t − p + j < len are input rows lo .. hi − 1, contiguous in x: one copy
      const int lo = std::max(0, t - p), hi = std::min(len, t + p + 1);
      const size_t before = static_cast<size_t>(lo - (t - p)) * channels;
      const size_t inside = static_cast<size_t>(hi - lo) * channels;
      std::fill(out, out + before, 0.0f);
      std::memcpy(out + before, xb + static_cast<size_t>(lo) * channels, inside * sizeof(float));
      std::fill(out + before + inside, out + row, 0.0f);
    }
  }
}

void conv1d_zero_padding(int batch, int seq, const int* lengths, int m, float* y) {
  if (!lengths) return;
  for (int b = 0; b < batch; ++b)
    for (int t = std::clamp(lengths[b], 0, seq); t < seq; ++t) {
      float* r = y + (static_cast<size_t>(b) * seq + t) * m;
      std::fill(r, r + m, 0.0f);
    }
}

void conv1d_f32(const float* x, int batch, int seq, int channels, const int* lengths, int kernel, const float* w,
                int m, const float* bias, float* windows, float* y) {
  conv1d_windows(x, batch, seq, channels, lengths, kernel, windows);
  gemm_f32(windows, batch * seq, kernel * channels, w, m, bias, y);
  conv1d_zero_padding(batch, seq, lengths, m, y);
}

void conv1d_i8(const float* x, int batch, int seq, int channels, const int* lengths, int kernel, const int8_t* w,
               const float* wscale, int m, const float* bias, float* windows, float* y) {
  conv1d_windows(x, batch, seq, channels, lengths, kernel, windows);
  gemm_i8(windows, batch * seq, kernel * channels, w, wscale, m, bias, y);
  conv1d_zero_padding(batch, seq, lengths, m, y);
}

}  // namespace attnseq::kernels
