// The matrix-product kernels (cpp/attnseq/nn/kernels) against double-precision references on odd
// shapes, the I8 kernel within its quantization error bound, and the I8 weight store feeding Linear.
// Built natively (Eigen F32, portable I8) by ctest and for WebAssembly (the SIMD128 kernels) by
// bench/kernels (target attnseq_kernel_tests_wasm, run in Node by bench/kernels/run.sh).
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "attnseq/nn/kernels/gemm_f32.h"
#include "attnseq/nn/kernels/gemm_i8.h"
#include "attnseq/nn/kernels/reduce.h"
#include "attnseq/nn/linear.h"
#include "helpers.h"
#include "variants/bf16_layout.h"
#include "variants/gemm_bf16.h"
#include "variants/gemm_i8_x2.h"

using namespace attnseq;
using namespace attnseq::kernels;

namespace {

constexpr double kEps = std::numeric_limits<float>::epsilon();

struct Shape {
  int n, k, m;
};
// rows 1..5, columns and outputs around the SIMD widths (4, 8, 16) and the model sizes
const std::vector<Shape> kShapes = {{1, 1, 1},   {1, 3, 5},   {1, 4, 4},     {1, 7, 9},     {2, 8, 3},
                                    {3, 9, 7},   {1, 15, 17}, {2, 16, 16},   {4, 17, 13},   {5, 31, 33},
                                    {1, 129, 6}, {3, 255, 2}, {1, 128, 768}, {4, 256, 130}, {7, 33, 1}};

std::vector<float> random_floats(std::mt19937& rng, size_t n, float lo, float hi) {
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(n);
  for (auto& x : v) x = d(rng);
  return v;
}

std::vector<int8_t> random_i8(std::mt19937& rng, size_t n) {
  std::uniform_int_distribution<int> d(-128, 127);
  std::vector<int8_t> v(n);
  for (auto& x : v) x = static_cast<int8_t>(d(rng));
  return v;
}

std::string shape_name(const Shape& s) {
  return "n=" + std::to_string(s.n) + " k=" + std::to_string(s.k) + " m=" + std::to_string(s.m);
}

// The I8 product the layers run (one int16 per activation) and the two-halves variant of
// bench/variants/ (kept for measurements), side by side where the tests check both.
enum class I8Activations { Int16, Int16x2 };
void i8_product(const float* x, int n, int k, const int8_t* w, const float* wscale, int m, const float* bias, float* y,
                I8Activations acts) {
  if (acts == I8Activations::Int16) gemm_i8(x, n, k, w, wscale, m, bias, y);
  else gemm_i8_x2(x, n, k, w, wscale, m, bias, y);
}
double i8_bound(I8Activations acts, double sx, double sum_w, double sum_wx, double abs_y) {
  return acts == I8Activations::Int16 ? gemm_i8_error_bound(sx, sum_w, sum_wx, abs_y)
                                      : gemm_i8_x2_error_bound(sx, sum_w, sum_wx, abs_y);
}

}  // namespace

TEST_CASE("gemm_f32 equals a double-precision reference on odd shapes", "[kernels]") {
  std::mt19937 rng(1);
  for (const Shape& s : kShapes)
    for (bool with_bias : {true, false}) {
      INFO(shape_name(s) << " bias " << with_bias << " impl " << gemm_f32_impl());
      const auto x = random_floats(rng, static_cast<size_t>(s.n) * s.k, -2, 2);
      const auto w = random_floats(rng, static_cast<size_t>(s.m) * s.k, -1, 1);
      const auto b = random_floats(rng, s.m, -1, 1);
      std::vector<float> y(static_cast<size_t>(s.n) * s.m, std::numeric_limits<float>::quiet_NaN());
      gemm_f32(x.data(), s.n, s.k, w.data(), s.m, with_bias ? b.data() : nullptr, y.data());
      for (int i = 0; i < s.n; ++i)
        for (int r = 0; r < s.m; ++r) {
          double ref = with_bias ? b[r] : 0.0, mag = std::fabs(ref);
          for (int c = 0; c < s.k; ++c) {
            ref += static_cast<double>(x[i * s.k + c]) * w[r * s.k + c];
            mag += std::fabs(static_cast<double>(x[i * s.k + c]) * w[r * s.k + c]);
          }
          // float summation of k + 1 terms in any order: |error| ≤ (k + 1)·eps·Σ|terms|
          INFO("row " << i << " output " << r);
          REQUIRE(std::fabs(y[i * s.m + r] - ref) <= (s.k + 2) * kEps * mag);
        }
    }
}

TEST_CASE("gemm_f32 rows of a batch equal the single-row product (beam rows = greedy) in the SIMD kernel",
          "[kernels]") {
  if (std::string(gemm_f32_impl()) != "wasm-simd128") return;  // Eigen picks GEMV vs GEMM kernels by shape
  std::mt19937 rng(2);
  const int n = 5, k = 37, m = 11;
  const auto x = random_floats(rng, n * k, -1, 1), w = random_floats(rng, m * k, -1, 1), b = random_floats(rng, m, -1, 1);
  std::vector<float> all(n * m), one(m);
  gemm_f32(x.data(), n, k, w.data(), m, b.data(), all.data());
  for (int i = 0; i < n; ++i) {
    gemm_f32(x.data() + i * k, 1, k, w.data(), m, b.data(), one.data());
    for (int r = 0; r < m; ++r) REQUIRE(all[i * m + r] == one[r]);
  }
}

TEST_CASE("pack_i8_bf16 holds every int8 exactly, in the kernel's lane order", "[kernels]") {
  // every int8 value round-trips exactly
  std::vector<int8_t> all(256);
  for (int v = -128; v < 128; ++v) all[v + 128] = static_cast<int8_t>(v);
  std::vector<uint16_t> packed(256);
  pack_i8_bf16(all.data(), 32, 8, packed.data());
  for (int i = 0; i < 256; ++i) CHECK(bf16_packed_at(packed.data(), 8, i / 8, i % 8) == static_cast<float>(all[i]));
  // layout of one row of 10 columns: a block of 8 as c, c+4, c+1, c+5, ..., then 8 and 9 in order
  const std::vector<int8_t> row = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  std::vector<uint16_t> p(10);
  pack_i8_bf16(row.data(), 1, 10, p.data());
  const int order[10] = {0, 4, 1, 5, 2, 6, 3, 7, 8, 9};
  for (int i = 0; i < 10; ++i) CHECK(f32_of_bf16(p[i]) == static_cast<float>(order[i]));
  CHECK(bf16_of_int8(1) == 0x3F80);  // 1.0f = 0x3F800000
  CHECK(bf16_of_int8(-128) == 0xC300);  // -128.0f = 0xC3000000
}

TEST_CASE("gemm_bf16 equals a double-precision reference of the dequantized product on odd shapes",
          "[kernels]") {
  std::mt19937 rng(5);
  for (const Shape& s : kShapes)
    for (bool with_bias : {true, false}) {
      INFO(shape_name(s) << " bias " << with_bias << " impl " << gemm_bf16_impl());
      const auto x = random_floats(rng, static_cast<size_t>(s.n) * s.k, -2, 2);
      const auto q = random_i8(rng, static_cast<size_t>(s.m) * s.k);
      const auto sc = random_floats(rng, s.m, 1e-4f, 1e-2f);
      const auto b = random_floats(rng, s.m, -1, 1);
      std::vector<uint16_t> w(q.size());
      pack_i8_bf16(q.data(), s.m, s.k, w.data());
      std::vector<float> y(static_cast<size_t>(s.n) * s.m, std::numeric_limits<float>::quiet_NaN());
      gemm_bf16(x.data(), s.n, s.k, w.data(), sc.data(), s.m, with_bias ? b.data() : nullptr, y.data());
      for (int i = 0; i < s.n; ++i)
        for (int r = 0; r < s.m; ++r) {
          double dot = 0, mag = 0;
          for (int c = 0; c < s.k; ++c) {
            dot += static_cast<double>(x[i * s.k + c]) * q[r * s.k + c];
            mag += std::fabs(static_cast<double>(x[i * s.k + c]) * q[r * s.k + c]);
          }
          const double bias = with_bias ? b[r] : 0.0;
          const double ref = dot * sc[r] + bias;
          // the products x·q are exact in F32 (q has 8 significant bits, x 24: 32 > 24, so one rounding
          // each); k + 1 roundings of the sum, one of the scale, one of the bias
          INFO("row " << i << " output " << r);
          REQUIRE(std::fabs(y[i * s.m + r] - ref) <= (s.k + 3) * kEps * (mag * sc[r] + std::fabs(bias)));
        }
    }
}

TEST_CASE("gemm_bf16 rows of a batch equal the single-row product (beam rows = greedy)", "[kernels]") {
  std::mt19937 rng(6);
  const int n = 5, k = 37, m = 11;
  const auto x = random_floats(rng, n * k, -1, 1), sc = random_floats(rng, m, 0.01f, 0.02f), b = random_floats(rng, m, -1, 1);
  const auto q = random_i8(rng, m * k);
  std::vector<uint16_t> w(q.size());
  pack_i8_bf16(q.data(), m, k, w.data());
  std::vector<float> all(n * m), one(m);
  gemm_bf16(x.data(), n, k, w.data(), sc.data(), m, b.data(), all.data());
  for (int i = 0; i < n; ++i) {
    gemm_bf16(x.data() + i * k, 1, k, w.data(), sc.data(), m, b.data(), one.data());
    for (int r = 0; r < m; ++r) REQUIRE(all[i * m + r] == one[r]);
  }
}

TEST_CASE("activations quantize per row to int16 with max |x| at 32767 (the variant: plus a low half)", "[kernels]") {
  const std::vector<float> x = {0.5f, -2.0f, 1.0f, 0.25f, -0.0001f};
  std::vector<int16_t> hi(8, 99), lo(8, 99);
  float scale = 0;
  quantize_row_i16x2(x.data(), 5, 8, hi.data(), lo.data(), &scale);  // the variant: hi and the low half
  CHECK(scale == 2.0f / 32767);
  // v = x · 16383.5 = [8191.75, -32767, 16383.5, 4095.875, -1.63835]
  CHECK(hi[0] == 8192);
  CHECK(lo[0] == -8192);  // -0.25 · 32768
  CHECK(hi[1] == -32767);
  CHECK(lo[1] == 0);
  CHECK(hi[2] == 16384);  // 16383.5: ties to even
  CHECK(lo[2] == -16384);
  CHECK(hi[3] == 4096);
  CHECK(lo[3] == -4096);
  CHECK(hi[4] == -2);
  const float v4 = -0.0001f * 16383.5f;
  CHECK(std::fabs(hi[4] + lo[4] / 32768.0 - v4) <= 0.5 / 32768);
  CHECK(lo[4] > 0);
  for (int c = 5; c < 8; ++c) {
    CHECK(hi[c] == 0);
    CHECK(lo[c] == 0);
  }
  std::vector<int16_t> only(8, 99);
  quantize_row_i16(x.data(), 5, 8, only.data(), &scale);  // the layers': hi only, the same
  CHECK(only == std::vector<int16_t>({8192, -32767, 16384, 4096, -2, 0, 0, 0}));

  const std::vector<float> zero(3, 0.0f);
  quantize_row_i16x2(zero.data(), 3, 3, hi.data(), lo.data(), &scale);
  CHECK(scale == 0.0f);
  CHECK(hi[0] == 0);
  CHECK(lo[0] == 0);
}

TEST_CASE("gemm_i8 on a hand-computed example", "[kernels]") {
  // W = q · s: q = [[1, -2, 3], [127, -128, 0]], s = [0.5, 0.25]; x = [1, 0.5, -0.25], sx = 1/32767
  // v = [32767, 16383.5, -8191.75]: hi = [32767, 16384 (ties to even), -8192], lo = [0, -16384, 8192]
  // row 0: hi 32767 - 32768 - 24576 = -24577, lo 32768 + 24576 = 57344 (1.75 steps): -24575.25 = -0.75 · 32767
  // row 1: hi 127·32767 - 128·16384 = 2064257, lo 2097152 (64 steps): 2064321 = 63 · 32767
  const std::vector<int8_t> q = {1, -2, 3, 127, -128, 0};
  const std::vector<float> s = {0.5f, 0.25f}, x = {1.0f, 0.5f, -0.25f}, b = {1.0f, -1.0f};
  const double sx = static_cast<double>(1.0f / 32767);
  float y[2];
  gemm_i8(x.data(), 1, 3, q.data(), s.data(), 2, nullptr, y);
  CHECK(y[0] == static_cast<float>(-24577.0 * (sx * 0.5)));
  CHECK(y[1] == static_cast<float>(2064257.0 * (sx * 0.25)));
  CHECK(std::fabs(y[0] + 0.375) < 1e-4);  // exact: -0.375, 15.75
  CHECK(std::fabs(y[1] - 15.75) < 1e-3);
  gemm_i8_x2(x.data(), 1, 3, q.data(), s.data(), 2, nullptr, y);  // the two-halves variant
  CHECK(y[0] == static_cast<float>(-24575.25 * (sx * 0.5)));
  CHECK(y[1] == static_cast<float>(2064321.0 * (sx * 0.25)));
  CHECK(std::fabs(y[0] + 0.375) < 1e-7);
  CHECK(std::fabs(y[1] - 15.75) < 4e-6);
  gemm_i8_x2(x.data(), 1, 3, q.data(), s.data(), 2, b.data(), y);
  CHECK(y[0] == static_cast<float>(-24575.25 * (sx * 0.5)) + 1.0f);
  CHECK(y[1] == static_cast<float>(2064321.0 * (sx * 0.25)) - 1.0f);
}

TEST_CASE("gemm_i8 stays within the quantization error bound of the dequantized F32 product", "[kernels]") {
  std::mt19937 rng(3);
  std::vector<Shape> shapes = kShapes;
  shapes.push_back({2, kI8Chunk + 77, 5});      // more than one i32 chunk
  shapes.push_back({1, 3 * kI8Chunk + 9, 3});
  for (const I8Activations acts : {I8Activations::Int16, I8Activations::Int16x2})
  for (const Shape& s : shapes)
    for (bool with_bias : {true, false}) {
      const bool split = acts == I8Activations::Int16x2;
      INFO(shape_name(s) << " bias " << with_bias << " impl " << gemm_i8_impl() << " split " << split);
      const auto x = random_floats(rng, static_cast<size_t>(s.n) * s.k, -3, 3);
      const auto q = random_i8(rng, static_cast<size_t>(s.m) * s.k);
      const auto sc = random_floats(rng, s.m, 1e-3f, 2e-2f);
      const auto b = random_floats(rng, s.m, -1, 1);
      std::vector<float> y(static_cast<size_t>(s.n) * s.m, std::numeric_limits<float>::quiet_NaN());
      i8_product(x.data(), s.n, s.k, q.data(), sc.data(), s.m, with_bias ? b.data() : nullptr, y.data(), acts);
      for (int i = 0; i < s.n; ++i) {
        double maxabs = 0;
        for (int c = 0; c < s.k; ++c) maxabs = std::max(maxabs, std::fabs(static_cast<double>(x[i * s.k + c])));
        const double sx = maxabs / 32767;
        for (int r = 0; r < s.m; ++r) {
          // the reference: the dequantized weights (as WeightStore::matrix gives them) times x, in double
          double ref = with_bias ? b[r] : 0.0, sum_w = 0, sum_wx = 0;
          for (int c = 0; c < s.k; ++c) {
            const double wd = static_cast<float>(q[r * s.k + c]) * sc[r];
            ref += wd * x[i * s.k + c];
            sum_w += std::fabs(wd);
            sum_wx += std::fabs(wd * x[i * s.k + c]);
          }
          const double bound = i8_bound(acts, sx, sum_w, sum_wx, std::fabs(ref));
          INFO("row " << i << " output " << r << " ref " << ref << " bound " << bound);
          REQUIRE(std::fabs(y[i * s.m + r] - ref) <= bound);
          // the bound is not vacuous: Int16 ~1.5e-5 of max|x|·Σ|W|; Int16x2 float rounding level
          if (split)
            REQUIRE(bound <= 1e-9 * maxabs * sum_w + 5e-7 * sum_wx + 2e-7 * std::fabs(ref));
          else
            REQUIRE(bound <= 2e-5 * maxabs * sum_w + 5e-7 * sum_wx + 2e-7 * std::fabs(ref));
        }
      }
    }
}

TEST_CASE("gemm_i8 does not overflow at the extremes and is exact and batch-invariant", "[kernels]") {
  for (const I8Activations acts : {I8Activations::Int16, I8Activations::Int16x2}) {
    // every weight -128, every activation at ±max: each product is ∓128 · 32767 (lo: 0), summed over k
    // k = 2 · kI8Chunk and 4 · kI8Chunk: several full i32 chunks; m = 5: a 4-row tile and a leftover row
    for (int k : {kI8Chunk - 1, kI8Chunk, kI8Chunk + 1, 2 * kI8Chunk, 4 * kI8Chunk, 4 * kI8Chunk + 3}) {
      INFO("k " << k << " split " << (acts == I8Activations::Int16x2));
      const int m = 5;
      const std::vector<int8_t> q(static_cast<size_t>(k) * m, -128);
      const std::vector<float> sc = {1.0f, 0.5f, 0.25f, 2.0f, 4.0f};
      std::vector<float> x(static_cast<size_t>(k) * 3, 1.0f);
      std::fill(x.begin() + k, x.begin() + 2 * k, -1.0f);
      float y[3 * m];
      i8_product(x.data(), 3, k, q.data(), sc.data(), m, nullptr, y, acts);
      const double sx = static_cast<double>(1.0f / 32767);
      for (int i = 0; i < 3; ++i) {
        const double sign = i == 1 ? -1.0 : 1.0;
        for (int r = 0; r < m; ++r)
          CHECK(y[m * i + r] == static_cast<float>(sign * -128.0 * 32767 * k * (sx * static_cast<double>(sc[r]))));
      }
    }
    std::mt19937 rng(4);
    const int n = 6, k = 45, m = 9;
    const auto x = random_floats(rng, n * k, -1, 1), sc = random_floats(rng, m, 0.01f, 0.02f);
    const auto q = random_i8(rng, m * k);
    std::vector<float> all(n * m), one(m);
    i8_product(x.data(), n, k, q.data(), sc.data(), m, nullptr, all.data(), acts);
    for (int i = 0; i < n; ++i) {
      i8_product(x.data() + i * k, 1, k, q.data(), sc.data(), m, nullptr, one.data(), acts);
      for (int r = 0; r < m; ++r) REQUIRE(all[i * m + r] == one[r]);
    }
  }
}

TEST_CASE("gemm_i8 Int16 gives the bits of its documented formula (the same on every build)", "[kernels]") {
  // y = float(double(Σ q · hi) · (double(sx) · double(s))) + b, with hi = nearbyint(clamp(x · 32767/max|x|)):
  // WebAssembly runs SIMD128 code for both steps (k a multiple of 8: the 4-row tiles), natively the
  // portable loops; both must equal this scalar reference exactly, so native = WebAssembly given equal x.
  std::mt19937 rng(11);
  // k a multiple of 8 (WebAssembly's SIMD path: 4-row tiles, leftover rows, several chunks) and not (its fallback)
  for (const Shape s : {Shape{1, 128, 4000}, Shape{2, 256, 7}, Shape{3, 1024, 9}, Shape{20, 136, 5}, Shape{1, 24, 3},
                        Shape{2, 45, 6}, Shape{3, 13, 4}, Shape{1, 1030, 5}}) {
    INFO(shape_name(s) << " impl " << gemm_i8_impl());
    auto x = random_floats(rng, static_cast<size_t>(s.n) * s.k, -4, 4);
    for (size_t c = 0; c < x.size(); c += 7) x[c] = std::round(x[c] * 64) / 64;  // ties after scaling, some
    const auto q = random_i8(rng, static_cast<size_t>(s.m) * s.k);
    const auto sc = random_floats(rng, s.m, 1e-3f, 2e-2f), b = random_floats(rng, s.m, -1, 1);
    std::vector<float> y(static_cast<size_t>(s.n) * s.m);
    gemm_i8(x.data(), s.n, s.k, q.data(), sc.data(), s.m, b.data(), y.data());
    for (int i = 0; i < s.n; ++i) {
      float maxabs = 0;
      for (int c = 0; c < s.k; ++c) maxabs = std::max(maxabs, std::fabs(x[i * s.k + c]));
      const float inv = 32767.0f / maxabs, sx = maxabs / 32767.0f;
      std::vector<int> hi(static_cast<size_t>(s.k));
      for (int c = 0; c < s.k; ++c)
        hi[c] = static_cast<int>(std::nearbyint(std::min(std::max(x[i * s.k + c] * inv, -32767.0f), 32767.0f)));
      for (int r = 0; r < s.m; ++r) {
        int64_t acc = 0;
        for (int c = 0; c < s.k; ++c) acc += static_cast<int64_t>(q[r * s.k + c]) * hi[c];
        const float ref = static_cast<float>(static_cast<double>(acc) * (static_cast<double>(sx) * static_cast<double>(sc[r]))) + b[r];
        INFO("row " << i << " output " << r);
        REQUIRE(y[i * s.m + r] == ref);
      }
    }
  }
}

TEST_CASE("gemm_i8: a row of values too small to scale is a zero row (no NaN, no overflow)", "[kernels]") {
  // 32767 / max|x| overflows to infinity below max|x| ≈ 9.6e-35: the row gives the bias alone
  const int k = 16, m = 5;
  const std::vector<int8_t> q(static_cast<size_t>(m) * k, 7);
  const std::vector<float> sc(m, 0.1f), b = {0.5f, -0.5f, 1.0f, 2.0f, -3.0f};
  for (const I8Activations acts : {I8Activations::Int16, I8Activations::Int16x2}) {
    std::vector<float> x(k, 0.0f);
    x[0] = 1e-40f;
    x[5] = -5e-41f;
    x[k - 1] = 3e-36f;
    float y[m];
    i8_product(x.data(), 1, k, q.data(), sc.data(), m, nullptr, y, acts);
    for (int r = 0; r < m; ++r) CHECK(y[r] == 0.0f);  // exact: 7 · 0.1 · Σx ≈ 2.1e-36
    i8_product(x.data(), 1, k, q.data(), sc.data(), m, b.data(), y, acts);
    for (int r = 0; r < m; ++r) CHECK(y[r] == b[r]);
  }
}

TEST_CASE("gemm_i8: a NaN or infinity anywhere in a long row gives NaN for that row only", "[kernels]") {
  // the WebAssembly maximum runs 4 lanes at a time: a NaN in any lane must not be lost in the lane reduction
  const int k = 16, m = 4;
  const std::vector<int8_t> q(static_cast<size_t>(m) * k, 3);
  const std::vector<float> sc(m, 0.1f);
  for (const I8Activations acts : {I8Activations::Int16, I8Activations::Int16x2})
    for (int pos = 0; pos < k; ++pos)
      for (const float bad : {std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::infinity()}) {
        INFO("pos " << pos << " bad " << bad);
        std::vector<float> x(static_cast<size_t>(2) * k, 0.5f);
        x[pos] = bad;
        float y[2 * m];
        i8_product(x.data(), 2, k, q.data(), sc.data(), m, nullptr, y, acts);
        for (int r = 0; r < m; ++r) {
          CHECK(std::isnan(y[r]));
          CHECK(std::fabs(y[m + r] - 0.5 * 3 * 0.1 * k) < 1e-4);
        }
      }
}

TEST_CASE("gemm_i8: a zero input row gives the bias, a non-finite one NaN", "[kernels]") {
  const std::vector<int8_t> q = {5, -7, 9, 1, 2, 3};
  const std::vector<float> sc = {0.1f, 0.2f}, b = {0.5f, -0.5f};
  std::vector<float> x = {0, 0, 0, 1, std::numeric_limits<float>::infinity(), 2};
  float y[4];
  gemm_i8(x.data(), 2, 3, q.data(), sc.data(), 2, b.data(), y);
  CHECK(y[0] == 0.5f);
  CHECK(y[1] == -0.5f);
  CHECK(std::isnan(y[2]));
  CHECK(std::isnan(y[3]));
}

TEST_CASE("I8 weights run the one-int16 kernel, in every build", "[kernels][weights]") {
  const int m = 6, k = 16;
  std::vector<int8_t> q(static_cast<size_t>(m) * k);
  for (size_t i = 0; i < q.size(); ++i) q[i] = static_cast<int8_t>(static_cast<int>(i * 37 % 255) - 127);
  std::vector<float> sc(m);
  for (int r = 0; r < m; ++r) sc[r] = 0.001f * static_cast<float>(r + 1);
  std::vector<uint8_t> data(reinterpret_cast<const uint8_t*>(sc.data()), reinterpret_cast<const uint8_t*>(sc.data()) + 4 * m);
  data.insert(data.end(), reinterpret_cast<const uint8_t*>(q.data()), reinterpret_cast<const uint8_t*>(q.data()) + q.size());
  const std::string header = R"({"l.weight": {"dtype": "I8", "shape": [6, 16], "data_offsets": [24, 120]},
      "l.weight.scale": {"dtype": "F32", "shape": [6], "data_offsets": [0, 24]}})";
  WeightStore store(std::make_shared<Bytes>(testing::make_safetensors(header, data)));
  const Linear l = Linear::load(store, "l", m, k, false);
  REQUIRE(l.w.quantized());
  Matrix x(3, k), y;
  for (int i = 0; i < 3 * k; ++i) x.data()[i] = std::sin(0.37f * static_cast<float>(i)) * 1.7f;
  l.forward(x, y);
  std::vector<float> want(static_cast<size_t>(3) * m);
  gemm_i8(x.data(), 3, k, q.data(), sc.data(), m, nullptr, want.data());
  for (int i = 0; i < 3 * m; ++i) CHECK(y.data()[i] == want[i]);
}

TEST_CASE("I8 weights stay int8 in the store and Linear runs the I8 kernel on them", "[kernels][weights]") {
  // w: I8 [3, 5] with per-row scales, bias F32 [3]
  const int m = 3, k = 5;
  const std::vector<int8_t> q = {1, -2, 3, -4, 5, 127, -128, 0, 64, -64, 7, 7, 7, 7, -7};
  const float sc[3] = {0.01f, 0.002f, 0.1f}, bias[3] = {0.5f, -0.25f, 0.0f};
  // F32 tensors first, then I8: contiguous, as the safetensors format requires
  std::vector<uint8_t> data(reinterpret_cast<const uint8_t*>(sc), reinterpret_cast<const uint8_t*>(sc) + 12);
  data.insert(data.end(), reinterpret_cast<const uint8_t*>(bias), reinterpret_cast<const uint8_t*>(bias) + 12);
  data.insert(data.end(), reinterpret_cast<const uint8_t*>(q.data()), reinterpret_cast<const uint8_t*>(q.data()) + 15);
  const std::string header = R"({"l.weight": {"dtype": "I8", "shape": [3, 5], "data_offsets": [24, 39]},
      "l.weight.scale": {"dtype": "F32", "shape": [3], "data_offsets": [0, 12]},
      "l.bias": {"dtype": "F32", "shape": [3], "data_offsets": [12, 24]}})";
  WeightStore store(std::make_shared<Bytes>(testing::make_safetensors(header, data)));
  const Linear l = Linear::load(store, "l", m, k);
  REQUIRE(l.w.quantized());
  CHECK(l.w.f32 == nullptr);
  for (int i = 0; i < m * k; ++i) CHECK(l.w.q[i] == q[i]);
  CHECK(l.w.scale[1] == 0.002f);
  CHECK(store.quantized());
  store.check_all_used();

  const auto deq = store.matrix("l.weight", m, k);  // the dequantized-F32 view, for the reference
  Matrix x(2, k);
  x << 0.3f, -1.2f, 0.7f, 2.0f, -0.01f, 0, 0, 0, 0, 0;
  Matrix y;
  l.forward(x, y);
  REQUIRE(y.rows() == 2);
  REQUIRE(y.cols() == m);
  const double sx = 2.0 / 32767;
  for (int r = 0; r < m; ++r) {
    double ref = bias[r], sum_w = 0, sum_wx = 0;
    for (int c = 0; c < k; ++c) {
      ref += static_cast<double>(deq(r, c)) * x(0, c);
      sum_w += std::fabs(deq(r, c));
      sum_wx += std::fabs(static_cast<double>(deq(r, c)) * x(0, c));
    }
    CHECK(std::fabs(y(0, r) - ref) <= gemm_i8_error_bound(sx, sum_w, sum_wx, std::fabs(ref)));
    CHECK(y(1, r) == bias[r]);
  }

  // the same file's F32 view feeds the F32 kernel: the same outputs up to float rounding
  Linear f = l;
  f.w = WeightMatrix::of_f32(deq.data(), m, k);
  Matrix yf;
  f.forward(x, yf);
  for (int r = 0; r < m; ++r) CHECK(std::fabs(yf(0, r) - y(0, r)) <= 1e-4);  // one int16 step: max|x| / 32767 · Σ|W|
}

TEST_CASE("Embedding rows dequantize I8 rows and project through the I8 kernel", "[kernels][weights]") {
  const std::vector<int8_t> q = {10, -20, 30, 127, 0, -128};  // [2 tokens, 3 dims]
  const float sc[2] = {0.5f, 0.125f};
  std::vector<uint8_t> data(reinterpret_cast<const uint8_t*>(sc), reinterpret_cast<const uint8_t*>(sc) + 8);
  data.insert(data.end(), reinterpret_cast<const uint8_t*>(q.data()), reinterpret_cast<const uint8_t*>(q.data()) + 6);
  WeightStore store(std::make_shared<Bytes>(testing::make_safetensors(
      R"({"e": {"dtype": "I8", "shape": [2, 3], "data_offsets": [8, 14]},
          "e.scale": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}})", data)));
  const Embedding e = Embedding::load(store, "e", 2, 3);
  float row[3];
  e.row(1, row);
  CHECK(row[0] == 15.875f);
  CHECK(row[1] == 0.0f);
  CHECK(row[2] == -16.0f);
  Matrix x(1, 3), logits;
  x << 1.0f, 0.0f, 0.0f;
  const float bias[2] = {0.25f, 0.0f};
  e.project(x, bias, logits);
  // x quantizes exactly (1 → 32767): logits = [10·0.5 + 0.25, 127·0.125] up to the dequantization rounding
  CHECK(std::fabs(logits(0, 0) - 5.25f) <= 4e-6f);
  CHECK(std::fabs(logits(0, 1) - 15.875f) <= 4e-6f);
}

TEST_CASE("exp_poly is within 2 float ulps of exp over the range, 0 below it, inf above", "[kernels][reduce]") {
  double worst = 0.0;
  for (float x = -87.0f; x <= 88.0f; x += 0.0137f) {
    const double ref = std::exp(static_cast<double>(x));
    worst = std::max(worst, std::abs(exp_poly(x) - ref) / ref);
  }
  INFO("max relative error " << worst);
  CHECK(worst < 2 * kEps);
  CHECK(exp_poly(0.0f) == 1.0f);
  CHECK(exp_poly(-100.0f) == 0.0f);
  CHECK(std::isinf(exp_poly(100.0f)));
  CHECK(std::isnan(exp_poly(std::nanf(""))));
}

TEST_CASE("dot sums in its documented lane order (the same bits in every build)", "[kernels][reduce]") {
  std::mt19937 rng(5);
  for (int n : {0, 1, 3, 4, 5, 8, 31, 32, 64, 67, 256}) {
    INFO("n " << n);
    const auto a = random_floats(rng, static_cast<size_t>(n), -2, 2), b = random_floats(rng, static_cast<size_t>(n), -2, 2);
    float s[4] = {0, 0, 0, 0};
    int i = 0;
    for (; i + 4 <= n; i += 4)
      for (int l = 0; l < 4; ++l) s[l] += a[i + l] * b[i + l];
    float ref = (s[0] + s[2]) + (s[1] + s[3]);
    for (; i < n; ++i) ref += a[i] * b[i];
    REQUIRE(dot(a.data(), b.data(), n) == ref);
    double exact = 0, mag = 0;
    for (int c = 0; c < n; ++c) {
      exact += static_cast<double>(a[c]) * b[c];
      mag += std::fabs(static_cast<double>(a[c]) * b[c]);
    }
    CHECK(std::fabs(dot(a.data(), b.data(), n) - exact) <= 1e-6 * mag + 1e-30);
  }
}

TEST_CASE("log_sum_exp equals a double-precision reference on rows of odd lengths", "[kernels][reduce]") {
  std::mt19937 rng(7);
  for (int n : {1, 2, 3, 4, 5, 7, 8, 9, 33, 4000, 4001}) {
    for (float spread : {1.0f, 30.0f}) {
      const std::vector<float> x = random_floats(rng, n, -spread, spread);
      double m = x[0];
      for (float v : x) m = std::max(m, static_cast<double>(v));
      double s = 0.0;
      for (float v : x) s += std::exp(v - m);
      const double ref = m + std::log(s);
      INFO("n=" << n << " spread=" << spread);
      CHECK(std::abs(log_sum_exp(x.data(), n) - ref) <= 4 * kEps * std::max(1.0, std::abs(ref)));
    }
  }
  // hand-computed: log(e^0 + e^log3) = log 4; a very negative entry adds nothing
  const float two[3] = {0.0f, std::log(3.0f), -1000.0f};
  CHECK(log_sum_exp(two, 3) == Approx(std::log(4.0)).epsilon(1e-6));
  const float big[5] = {1000.0f, 1000.0f, 1000.0f, 1000.0f, 1000.0f};  // max-shifted: no overflow
  CHECK(log_sum_exp(big, 5) == Approx(1000.0 + std::log(5.0)).epsilon(1e-7));
}

TEST_CASE("log_sum_exp of infinities and NaN", "[kernels][reduce]") {
  const float inf = std::numeric_limits<float>::infinity();
  const float with_inf[6] = {1.0f, 2.0f, inf, 3.0f, 4.0f, 5.0f};
  CHECK(log_sum_exp(with_inf, 6) == inf);
  const float all_neg[5] = {-inf, -inf, -inf, -inf, -inf};
  CHECK(log_sum_exp(all_neg, 5) == -inf);
  const float some_neg[5] = {-inf, 0.0f, -inf, -inf, -inf};
  CHECK(log_sum_exp(some_neg, 5) == 0.0f);
  std::vector<float> nan_row(9, 1.0f);
  for (int at : {0, 3, 8}) {
    std::vector<float> r = nan_row;
    r[at] = std::nanf("");
    INFO("NaN at " << at);
    CHECK(std::isnan(log_sum_exp(r.data(), 9)));
  }
}

TEST_CASE("argmax: the lowest index among ties, NaNs skipped, at every position of odd lengths", "[kernels][reduce]") {
  for (int n : {1, 3, 4, 5, 8, 9, 17, 4001})
    for (int at : {0, n / 2, n - 1}) {
      std::vector<float> x(n, -1.0f);
      x[at] = 2.0f;
      INFO("n=" << n << " at=" << at);
      CHECK(argmax(x.data(), n) == at);
      if (at + 1 < n) {
        x[n - 1] = 2.0f;  // a tie later on
        CHECK(argmax(x.data(), n) == at);
      }
    }
  const float nan = std::nanf("");
  const float with_nan[6] = {nan, 1.0f, nan, 3.0f, nan, 2.0f};
  CHECK(argmax(with_nan, 6) == 3);
  const float all_nan[5] = {nan, nan, nan, nan, nan};
  CHECK(argmax(all_nan, 5) == 0);
  const float neg[5] = {-5.0f, -3.0f, -4.0f, -3.0f, -9.0f};
  CHECK(argmax(neg, 5) == 1);
}
