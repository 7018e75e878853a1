// The 1-D convolution (cpp/attnseq/nn/kernels/conv1d.h, nn/conv1d.h): windows and products against
// hand-computed values, edge windows (zero padding, a kernel wider than the sequence), the window-major
// weight layout against a direct convolution over PyTorch's [out, in, kernel] layout, a padded batch
// against each sequence alone, and the layer loaded from a model file. Built natively by ctest and for
// WebAssembly (the SIMD128 products) by bench/kernels (attnseq_kernel_tests_wasm).
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <vector>

#include "attnseq/core/errors.h"
#include "attnseq/nn/conv1d.h"
#include "attnseq/nn/kernels/conv1d.h"
#include "helpers.h"

using namespace attnseq;
using namespace attnseq::kernels;

namespace {

std::vector<float> random_floats(std::mt19937& rng, size_t n, float lo, float hi) {
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(n);
  for (auto& x : v) x = d(rng);
  return v;
}

// PyTorch's Conv1d weight w_torch [m, channels, kernel] → the window-major [m, kernel · channels].
std::vector<float> window_major(const std::vector<float>& w_torch, int m, int channels, int kernel) {
  std::vector<float> w(w_torch.size());
  for (int o = 0; o < m; ++o)
    for (int c = 0; c < channels; ++c)
      for (int j = 0; j < kernel; ++j) w[(o * kernel + j) * channels + c] = w_torch[(o * channels + c) * kernel + j];
  return w;
}

// A direct convolution in double over PyTorch's layout (zero padding kernel / 2): y [seq, m], and
// mag [seq, m] = Σ |terms| (for the rounding bound).
std::vector<double> direct(const std::vector<float>& x, int seq, int channels, const std::vector<float>& w_torch,
                           int m, int kernel, const std::vector<float>& bias, std::vector<double>& mag) {
  const int p = kernel / 2;
  std::vector<double> y(static_cast<size_t>(seq) * m);
  mag.assign(y.size(), 0.0);
  for (int t = 0; t < seq; ++t)
    for (int o = 0; o < m; ++o) {
      double s = bias[o], a = std::fabs(bias[o]);
      for (int j = 0; j < kernel; ++j) {
        const int u = t - p + j;
        if (u < 0 || u >= seq) continue;
        for (int c = 0; c < channels; ++c) {
          const double term = static_cast<double>(w_torch[(o * channels + c) * kernel + j]) * x[u * channels + c];
          s += term;
          a += std::fabs(term);
        }
      }
      y[t * m + o] = s;
      mag[t * m + o] = a;
    }
  return y;
}

}  // namespace

TEST_CASE("conv1d windows: each position's neighbours side by side, zeros past either end", "[kernels][conv]") {
  const std::vector<float> x = {1, 2, 3, 4, 5, 6};  // 3 positions × 2 channels
  std::vector<float> w(3 * 6, -1.0f);
  conv1d_windows(x.data(), 1, 3, 2, nullptr, 3, w.data());
  CHECK(w == std::vector<float>({0, 0, 1, 2, 3, 4,  //
                                 1, 2, 3, 4, 5, 6,  //
                                 3, 4, 5, 6, 0, 0}));
  // kernel 5 over 3 positions: every window is wider than the sequence
  std::vector<float> w5(3 * 10, -1.0f);
  conv1d_windows(x.data(), 1, 3, 2, nullptr, 5, w5.data());
  CHECK(w5 == std::vector<float>({0, 0, 0, 0, 1, 2, 3, 4, 5, 6,  //
                                  0, 0, 1, 2, 3, 4, 5, 6, 0, 0,  //
                                  1, 2, 3, 4, 5, 6, 0, 0, 0, 0}));
  // kernel 1: the rows themselves; a single position with kernel 3: zero, itself, zero
  std::vector<float> w1(6, -1.0f);
  conv1d_windows(x.data(), 1, 3, 2, nullptr, 1, w1.data());
  CHECK(w1 == x);
  std::vector<float> single(6, -1.0f);
  conv1d_windows(x.data(), 1, 1, 2, nullptr, 3, single.data());
  CHECK(single == std::vector<float>({0, 0, 1, 2, 0, 0}));
}

TEST_CASE("conv1d on hand-computed examples: taps, edges, bias, window-major channels", "[kernels][conv]") {
  // one channel, taps (x[t-1], x[t], x[t+1]) weighted 1, 10, 100, bias 0.5, x = 1 2 3 4
  const std::vector<float> x = {1, 2, 3, 4}, w = {1, 10, 100}, b = {0.5f};
  std::vector<float> win(4 * 3), y(4, -1.0f);
  conv1d_f32(x.data(), 1, 4, 1, nullptr, 3, w.data(), 1, b.data(), win.data(), y.data());
  CHECK(y == std::vector<float>({210.5f, 321.5f, 432.5f, 43.5f}));  // 0+10+200, 1+20+300, 2+30+400, 3+40+0
  // two channels: output 0 reads channel 0 at tap 0 (x[t-1]), output 1 channel 1 at tap 2 (x[t+1]);
  // in PyTorch's layout w[o, c, j]: w[0, 0, 0] = 1, w[1, 1, 2] = 1; window-major: columns j·2 + c = 0 and 5
  const std::vector<float> x2 = {1, 2, 3, 4, 5, 6};
  std::vector<float> w_torch(2 * 2 * 3, 0.0f);
  w_torch[(0 * 2 + 0) * 3 + 0] = 1;
  w_torch[(1 * 2 + 1) * 3 + 2] = 1;
  const std::vector<float> w2 = window_major(w_torch, 2, 2, 3);
  CHECK(w2 == std::vector<float>({1, 0, 0, 0, 0, 0,  //
                                  0, 0, 0, 0, 0, 1}));
  std::vector<float> win2(3 * 6), y2(3 * 2, -1.0f);
  conv1d_f32(x2.data(), 1, 3, 2, nullptr, 3, w2.data(), 2, nullptr, win2.data(), y2.data());
  CHECK(y2 == std::vector<float>({0, 4,  //  x[-1][0] = 0 (padding), x[1][1] = 4
                                  1, 6,  //
                                  3, 0}));  // x[3][1] = 0 (padding)
}

TEST_CASE("conv1d equals a direct convolution over PyTorch's weight layout", "[kernels][conv]") {
  std::mt19937 rng(21);
  struct Case { int seq, channels, kernel, m; };
  for (const Case& k : {Case{1, 3, 3, 2}, Case{2, 5, 5, 3}, Case{7, 4, 3, 6}, Case{9, 16, 5, 32}, Case{20, 24, 3, 48},
                        Case{4, 8, 7, 5}}) {
    INFO("seq " << k.seq << " channels " << k.channels << " kernel " << k.kernel << " m " << k.m);
    const auto x = random_floats(rng, static_cast<size_t>(k.seq) * k.channels, -2, 2);
    const auto w_torch = random_floats(rng, static_cast<size_t>(k.m) * k.channels * k.kernel, -1, 1);
    const auto b = random_floats(rng, k.m, -1, 1);
    const auto w = window_major(w_torch, k.m, k.channels, k.kernel);
    std::vector<float> win(static_cast<size_t>(k.seq) * k.kernel * k.channels), y(static_cast<size_t>(k.seq) * k.m);
    conv1d_f32(x.data(), 1, k.seq, k.channels, nullptr, k.kernel, w.data(), k.m, b.data(), win.data(), y.data());
    std::vector<double> mag;
    const auto ref = direct(x, k.seq, k.channels, w_torch, k.m, k.kernel, b, mag);
    // float summation of kernel · channels + 1 terms in any order: |error| ≤ (terms + 1)·eps·Σ|terms|
    const int terms = k.kernel * k.channels + 1;
    for (size_t i = 0; i < y.size(); ++i) {
      INFO("output " << i);
      REQUIRE(std::fabs(y[i] - ref[i]) <= (terms + 1) * 1.1920929e-7 * mag[i]);
    }
  }
}

TEST_CASE("conv1d of a padded batch computes what each sequence computes alone", "[kernels][conv]") {
  std::mt19937 rng(22);
  const int seq = 6, C = 8, K = 3, m = 10;
  const int lengths[3] = {6, 3, 1};
  auto x = random_floats(rng, 3 * seq * C, -1, 1);
  for (int b = 1; b < 3; ++b)  // what pads the shorter sequences must not leak into their windows
    for (int t = lengths[b]; t < seq; ++t)
      for (int c = 0; c < C; ++c) x[(b * seq + t) * C + c] = 99.0f;
  const auto w = random_floats(rng, m * K * C, -1, 1), b = random_floats(rng, m, -1, 1);
  std::vector<int8_t> q(w.size());
  std::vector<float> sc(m);
  for (int r = 0; r < m; ++r) {
    sc[r] = 1.0f / 127;
    for (int c = 0; c < K * C; ++c) q[r * K * C + c] = static_cast<int8_t>(std::lrint(w[r * K * C + c] * 127));
  }
  std::vector<float> win(3 * seq * K * C), y(3 * seq * m), yq(3 * seq * m);
  conv1d_f32(x.data(), 3, seq, C, lengths, K, w.data(), m, b.data(), win.data(), y.data());
  conv1d_i8(x.data(), 3, seq, C, lengths, K, q.data(), sc.data(), m, b.data(), win.data(), yq.data());
  for (int s = 0; s < 3; ++s) {
    INFO("sequence " << s << " of length " << lengths[s]);
    const int n = lengths[s];
    std::vector<float> alone(n * m), alone_q(n * m), win1(n * K * C);
    conv1d_f32(x.data() + s * seq * C, 1, n, C, nullptr, K, w.data(), m, b.data(), win1.data(), alone.data());
    conv1d_i8(x.data() + s * seq * C, 1, n, C, nullptr, K, q.data(), sc.data(), m, b.data(), win1.data(), alone_q.data());
    for (int t = 0; t < seq; ++t)
      for (int o = 0; o < m; ++o) {
        const float got = y[(s * seq + t) * m + o], got_q = yq[(s * seq + t) * m + o];
        if (t >= n) {  // padding positions: zero
          REQUIRE(got == 0.0f);
          REQUIRE(got_q == 0.0f);
          continue;
        }
        // I8: each window is quantized on its own, so equal windows give equal bits in any batch
        REQUIRE(got_q == alone_q[t * m + o]);
        // F32: Eigen may pick another product kernel for another number of rows (natively)
        REQUIRE(got == Approx(alone[t * m + o]).margin(1e-5));
      }
  }
}

TEST_CASE("Conv1d reads its window-major weight from a model file and says what to do with PyTorch's layout",
          "[conv]") {
  // in 2 channels, out 2, kernel 3: the hand example above (x[t-1][0], x[t+1][1]) plus biases 10, 20
  const std::vector<float> w = {1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
  auto bytes = std::make_shared<Bytes>(testing::make_f32_file(
      {{"conv.weight", {2, 6}, w}, {"conv.bias", {2}, {10, 20}}}, nullptr));
  WeightStore store(bytes);
  const Conv1d conv = Conv1d::load(store, "conv", 2, 2, 3);
  store.check_all_used();
  Matrix x(3, 2), win, y;
  x << 1, 2, 3, 4, 5, 6;
  conv.forward(x, win, y);
  REQUIRE(y.rows() == 3);
  REQUIRE(y.cols() == 2);
  CHECK(y(0, 0) == 10);
  CHECK(y(0, 1) == 24);
  CHECK(y(1, 0) == 11);
  CHECK(y(1, 1) == 26);
  CHECK(y(2, 0) == 13);
  CHECK(y(2, 1) == 20);
  CHECK(conv.macs(3) == 3 * 2 * 6);

  auto torch_layout = std::make_shared<Bytes>(testing::make_f32_file(
      {{"conv.weight", {2, 2, 3}, w}, {"conv.bias", {2}, {10, 20}}}, nullptr));
  WeightStore store2(torch_layout);
  try {
    Conv1d::load(store2, "conv", 2, 2, 3);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::ModelBadTensor);
    CHECK_THAT(e.what(), Catch::Contains("conv.weight") && Catch::Contains("PyTorch's Conv1d shape [2, 2, 3]") &&
                             Catch::Contains("[2, 6]") && Catch::Contains("train/export.py"));
  }
  WeightStore store3(bytes);
  try {
    Conv1d::load(store3, "conv", 2, 2, 5);  // a config with another kernel than the file's weights
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::ModelBadTensor);
    CHECK_THAT(e.what(), Catch::Contains("conv.weight") && Catch::Contains("[2, 10]"));
  }
}
