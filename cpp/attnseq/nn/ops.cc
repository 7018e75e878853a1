#include "attnseq/nn/ops.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "attnseq/nn/kernels/reduce.h"

namespace attnseq {

void softmax_inplace(float* x, int n) {
  if (n <= 0) return;
  const float m = *std::max_element(x, x + n);
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) {
    x[i] = kernels::exp_poly(x[i] - m);
    sum += x[i];
  }
  const float inv = 1.0f / sum;
  for (int i = 0; i < n; ++i) x[i] *= inv;
}

void softmax_inplace(float* x, int n, const uint8_t* keep) {
  if (!keep) return softmax_inplace(x, n);
  float m = -std::numeric_limits<float>::infinity();
  for (int i = 0; i < n; ++i)
    if (keep[i]) m = std::max(m, x[i]);
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) {
    x[i] = keep[i] ? kernels::exp_poly(x[i] - m) : 0.0f;
    sum += x[i];
  }
  const float inv = 1.0f / sum;
  for (int i = 0; i < n; ++i) x[i] *= inv;
}

float sigmoid(float x) { return 1.0f / (1.0f + kernels::exp_poly(-x)); }

float tanh_f32(float x) {
  const float z = std::fabs(x);
  if (std::isnan(x)) return x;
  if (z > 0.625f) {
    if (z > 44.0f) return x > 0 ? 1.0f : -1.0f;  // 1 − tanh(44) < 2⁻¹²⁶
    const float t = 1.0f - 2.0f / (kernels::exp_poly(2.0f * z) + 1.0f);
    return x < 0 ? -t : t;
  }
  if (z == 0.0f) return x;  // ±0 keeps its sign
  const float s = x * x;
  return ((((-5.70498872745e-3f * s + 2.06390887954e-2f) * s - 5.37397155531e-2f) * s + 1.33314422036e-1f) * s -
          3.33332819422e-1f) * s * x + x;
}

void log_softmax_inplace(float* x, int n) {
  if (n <= 0) return;
  const float lse = kernels::log_sum_exp(x, n);
  for (int i = 0; i < n; ++i) x[i] -= lse;
}

void layer_norm(const Matrix& x, const float* gamma, const float* beta, float eps, Matrix& y) {
  const int n = static_cast<int>(x.cols());
  y.resize(x.rows(), x.cols());
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    const float* in = x.row(r).data();
    float* out = y.row(r).data();
    float mean = 0.0f;
    for (int i = 0; i < n; ++i) mean += in[i];
    mean /= static_cast<float>(n);
    float var = 0.0f;
    for (int i = 0; i < n; ++i) var += (in[i] - mean) * (in[i] - mean);
    var /= static_cast<float>(n);
    const float inv = 1.0f / std::sqrt(var + eps);
    for (int i = 0; i < n; ++i) out[i] = (in[i] - mean) * inv * gamma[i] + beta[i];
  }
}

Matrix sinusoidal_positions(int n, int d) {
  Matrix pe(n, d);
  for (int p = 0; p < n; ++p)
    for (int i = 0; i < d; i += 2) {
      const double angle = p / std::pow(10000.0, static_cast<double>(i) / d);
      pe(p, i) = static_cast<float>(std::sin(angle));
      if (i + 1 < d) pe(p, i + 1) = static_cast<float>(std::cos(angle));
    }
  return pe;
}

}  // namespace attnseq
