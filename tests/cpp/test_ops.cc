// Numerical building blocks against hand-computed values.
#include <catch2/catch.hpp>
#include <cmath>

#include "attnseq/nn/multi_head_attention.h"
#include "attnseq/nn/ops.h"


TEST_CASE("softmax of [1, 2, 3]", "[ops]") {
  float x[3] = {1, 2, 3};
  attnseq::softmax_inplace(x, 3);
  // e^-2 : e^-1 : 1 over (e^-2 + e^-1 + 1) = 1.5032147
  CHECK(x[0] == Approx(0.0900306).epsilon(1e-5));
  CHECK(x[1] == Approx(0.2447285).epsilon(1e-5));
  CHECK(x[2] == Approx(0.6652410).epsilon(1e-5));
}

TEST_CASE("softmax is stable for large logits and log-softmax matches", "[ops]") {
  float x[2] = {1000, 1000};
  attnseq::softmax_inplace(x, 2);
  CHECK(x[0] == Approx(0.5));
  float y[2] = {0, std::log(3.0f)};  // probabilities 1/4, 3/4
  attnseq::log_softmax_inplace(y, 2);
  CHECK(y[0] == Approx(std::log(0.25)));
  CHECK(y[1] == Approx(std::log(0.75)));
}

TEST_CASE("layer norm of [1, 2, 3, 4]", "[ops]") {
  attnseq::Matrix x(1, 4), y;
  x << 1, 2, 3, 4;  // mean 2.5, biased variance 1.25
  float g[4] = {1, 1, 2, 1}, b[4] = {0, 0, 0, 1};
  attnseq::layer_norm(x, g, b, 0.0f, y);
  const float s = 1.0f / std::sqrt(1.25f);
  CHECK(y(0, 0) == Approx(-1.5 * s));
  CHECK(y(0, 2) == Approx(2 * 0.5 * s));
  CHECK(y(0, 3) == Approx(1.5 * s + 1));
}

TEST_CASE("sinusoidal positions", "[ops]") {
  auto pe = attnseq::sinusoidal_positions(3, 4);
  CHECK(pe(0, 0) == 0.0f);
  CHECK(pe(0, 1) == 1.0f);
  CHECK(pe(2, 0) == Approx(std::sin(2.0)));
  CHECK(pe(2, 3) == Approx(std::cos(2.0 / 100.0)));  // 10000^(2/4) = 100
}

TEST_CASE("scaled dot-product attention weights, by hand", "[ops][attention]") {
  // one head, dh = 2: q = [1, 0]; keys [1, 0], [0, 1], [1, 1]; scores / sqrt(2) = [0.7071, 0, 0.7071]
  attnseq::MultiHeadAttention mha;
  mha.heads = 1;
  mha.dim = 2;
  const float q[2] = {1, 0};
  const float K[6] = {1, 0, 0, 1, 1, 1};
  const float V[6] = {1, 0, 0, 1, 2, 2};
  float out[2], w[3];
  uint64_t macs = 0;
  mha.attend(q, K, V, 3, out, w, macs);
  const double e = std::exp(1 / std::sqrt(2.0)), z = 2 * e + 1;
  CHECK(w[0] == Approx(e / z));
  CHECK(w[1] == Approx(1 / z));
  CHECK(w[2] == Approx(e / z));
  CHECK(out[0] == Approx((e + 2 * e) / z));  // 1*w0 + 0*w1 + 2*w2
  CHECK(out[1] == Approx((1 + 2 * e) / z));
  CHECK(macs == 12);
}

TEST_CASE("two heads attend independently over their slices", "[ops][attention]") {
  attnseq::MultiHeadAttention mha;
  mha.heads = 2;
  mha.dim = 2;  // dh = 1, scale 1
  const float q[2] = {1, -1};
  const float K[4] = {0, 0, 2, 2};
  const float V[4] = {10, 20, 30, 40};
  float out[2], w[4];
  uint64_t macs = 0;
  mha.attend(q, K, V, 2, out, w, macs);
  // head 0: scores [0, 2]; head 1: scores [0, -2]
  const double s = 1 / (1 + std::exp(2.0));
  CHECK(w[0] == Approx(s));
  CHECK(w[1] == Approx(1 - s));
  CHECK(w[2] == Approx(1 - s));
  CHECK(w[3] == Approx(s));
  CHECK(out[0] == Approx(10 * s + 30 * (1 - s)));
  CHECK(out[1] == Approx(20 * (1 - s) + 40 * s));
}
