// Numerical building blocks against hand-computed values.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <vector>

#include "attnseq/nn/kv_cache.h"
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

TEST_CASE("tanh_f32 and sigmoid (our own, the same bits in every build) follow the exact functions", "[ops]") {
  // relative error against the double-precision functions: below 3e-7 (Cephes tanhf's documented 1.3e-7 plus
  // exp_poly's); at 0 and beyond ±44 exact; odd; NaN stays NaN
  double worst_tanh = 0, worst_sigmoid = 0;
  for (int i = -200000; i <= 200000; ++i) {
    const float x = static_cast<float>(i) * 2.5e-4f;  // −50 … 50 through the 0.625 switch
    const double t = std::tanh(static_cast<double>(x)), s = 1.0 / (1.0 + std::exp(-static_cast<double>(x)));
    if (t != 0) worst_tanh = std::max(worst_tanh, std::fabs(attnseq::tanh_f32(x) - t) / std::fabs(t));
    worst_sigmoid = std::max(worst_sigmoid, std::fabs(attnseq::sigmoid(x) - s) / s);
    REQUIRE(attnseq::tanh_f32(-x) == -attnseq::tanh_f32(x));
  }
  CHECK(worst_tanh < 3e-7);
  CHECK(worst_sigmoid < 3e-7);
  CHECK(attnseq::tanh_f32(0.0f) == 0.0f);
  CHECK(attnseq::tanh_f32(1e-30f) == 1e-30f);
  CHECK(attnseq::tanh_f32(45.0f) == 1.0f);
  CHECK(attnseq::tanh_f32(-1e30f) == -1.0f);
  CHECK(std::isnan(attnseq::tanh_f32(std::nanf(""))));
  CHECK(attnseq::sigmoid(-1e30f) == 0.0f);
  CHECK(attnseq::sigmoid(1e30f) == 1.0f);
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

namespace {

// A MultiHeadAttention of width d whose q and out projections are the identity (k and v unused:
// the tests pass keys and values directly), so what it computes can be checked by hand.
struct IdentityAttention {
  std::vector<float> eye;
  attnseq::MultiHeadAttention mha;
  IdentityAttention(int d, int heads) : eye(static_cast<size_t>(d) * d, 0.0f) {
    for (int i = 0; i < d; ++i) eye[static_cast<size_t>(i) * d + i] = 1.0f;
    const auto w = attnseq::WeightMatrix::of_f32(eye.data(), d, d);
    mha.heads = heads;
    mha.dim = d;
    mha.q = mha.out = attnseq::Linear{w, nullptr, d, d};
  }
};

}  // namespace

TEST_CASE("scaled dot-product attention: scores, weights and context by hand", "[ops][attention]") {
  // one head, dh = 2: q = [1, 0]; keys [1, 0], [0, 1], [1, 1]; scores q·k / sqrt(2) = [0.7071, 0, 0.7071]
  IdentityAttention a(2, 1);
  attnseq::Matrix x(1, 2), K(3, 2), V(3, 2), y;
  x << 1, 0;
  K << 1, 0, 0, 1, 1, 1;
  V << 1, 0, 0, 1, 2, 2;
  float w[3], scores[3], context[2];
  attnseq::AttentionRecord rec;
  rec.weights = w, rec.scores = scores, rec.stride = 3, rec.context = context, rec.context_stride = 2;
  attnseq::AttentionScratch scratch;
  uint64_t macs = 0;
  a.mha.cross_attention(x, K, V, scratch, y, rec, macs);
  const double r = 1 / std::sqrt(2.0), e = std::exp(r), z = 2 * e + 1;
  CHECK(scores[0] == Approx(r));
  CHECK(scores[1] == Approx(0.0).margin(1e-7));
  CHECK(scores[2] == Approx(r));
  CHECK(w[0] == Approx(e / z));
  CHECK(w[1] == Approx(1 / z));
  CHECK(w[2] == Approx(e / z));
  CHECK(context[0] == Approx((e + 2 * e) / z));  // Σ w_j v_j: 1*w0 + 0*w1 + 2*w2
  CHECK(context[1] == Approx((1 + 2 * e) / z));
  CHECK(y(0, 0) == Approx(context[0]));  // the identity out projection
  CHECK(macs == 4 + 12 + 4);              // q, the attention, out
}

TEST_CASE("two heads attend independently over their slices", "[ops][attention]") {
  IdentityAttention a(2, 2);  // dh = 1, scale 1
  attnseq::Matrix x(1, 2), K(2, 2), V(2, 2), y;
  x << 1, -1;
  K << 0, 0, 2, 2;
  V << 10, 20, 30, 40;
  float w[4], scores[4];
  attnseq::AttentionRecord rec;
  rec.weights = w, rec.scores = scores, rec.stride = 4;
  attnseq::AttentionScratch scratch;
  uint64_t macs = 0;
  a.mha.cross_attention(x, K, V, scratch, y, rec, macs);
  // head 0: scores [0, 2]; head 1: scores [0, -2]
  CHECK(scores[1] == Approx(2.0));
  CHECK(scores[3] == Approx(-2.0));
  const double s = 1 / (1 + std::exp(2.0));
  CHECK(w[0] == Approx(s));
  CHECK(w[1] == Approx(1 - s));
  CHECK(w[2] == Approx(1 - s));
  CHECK(w[3] == Approx(s));
  CHECK(y(0, 0) == Approx(10 * s + 30 * (1 - s)));
  CHECK(y(0, 1) == Approx(20 * (1 - s) + 40 * s));
}

TEST_CASE("the KV cache appends per row, reorders for beams and keeps what it held when it grows", "[ops][kvcache]") {
  attnseq::KVCache c;
  c.reset(2, 3, 2);  // 2 rows, dim 3, room for 2 positions
  attnseq::Matrix k(2, 3), v(2, 3);
  for (int p = 0; p < 5; ++p) {  // grows past its capacity twice
    k << p, p, p, 10 + p, 10 + p, 10 + p;
    v = -k;
    c.append(k, v);
  }
  REQUIRE(c.length() == 5);
  CHECK(c.keys(0)[3 * 4] == 4.0f);
  CHECK(c.keys(1)[3 * 2 + 1] == 12.0f);
  CHECK(c.values(1)[0] == -10.0f);
  c.reorder({1, 1, 0});  // three beams: two continue row 1
  REQUIRE(c.rows() == 3);
  for (int p = 0; p < 5; ++p) {
    CHECK(c.keys(0)[3 * p] == 10.0f + p);
    CHECK(c.keys(1)[3 * p + 2] == 10.0f + p);
    CHECK(c.values(2)[3 * p] == -static_cast<float>(p));
  }
  attnseq::Matrix k3(3, 3), v3(3, 3);
  k3.setConstant(7), v3.setConstant(8);
  c.append(k3, v3);
  CHECK(c.keys(2)[3 * 5] == 7.0f);
  CHECK(c.keys(2)[3 * 4] == 4.0f);
}
