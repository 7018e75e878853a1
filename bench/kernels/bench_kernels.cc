// Kernel microbenchmark: GF/s (2·n·m·k flops per product; for I8, integer multiply-adds counted alike)
// of gemm_f32, gemm_i8 and gemm_bf16 on the shapes the shipped model runs (models/en-fr-gru-attn.i8.safetensors:
// emb 128, GRU hidden 256 (encoder 128 per direction), attention 256, vocabulary 4000; plus a
// d_model-256 Transformer FFN), against the baseline of the same product through Eigen (F32 weights;
// for I8 on the weights dequantized to F32, which is what the layers did before the kernels), and
// against the machine's mul+add peak measured by a register-only loop (no FMA: WebAssembly has none).
// Columns: F32 kernel / Eigen (× = speed-up); I8 kernel as the layers run it (gemm_i8, activations as one
// int16 each), with two int16 halves (2×int16: gemm_i8_x2), the same int8 values held as bfloat16
// (gemm_bf16) — the last two are bench/variants/, built here and in the tests only, not into the
// WebAssembly module or the CLI — and the Eigen baseline on dequantized weights
// (× = speed-up of the I8 kernel); %peak = kernel GF/s over the measured peak.
// Then the conv encoder's convolution (nn/kernels/conv1d.h: im2col windows + the same kernels) against a
// direct convolution through Eigen, and one decoder step of the default model.
// Usage: attnseq_bench_kernels [seconds per measurement, default 0.05] [MB]
// MB: the decoder step is then timed step by step, each after a sweep over MB megabytes (as a translation's
// other work comes between two steps): e.g. 4 leaves the weights in L3, 64 sends them back to memory.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "attnseq/core/tensor.h"
#include "attnseq/nn/kernels/conv1d.h"
#include "attnseq/nn/kernels/gemm_f32.h"
#include "attnseq/nn/kernels/gemm_i8.h"
#include "variants/bf16_layout.h"
#include "variants/gemm_bf16.h"
#include "variants/gemm_i8_x2.h"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

using namespace attnseq::kernels;
using Clock = std::chrono::steady_clock;

namespace {

volatile float g_sink;
volatile float g_one = 1.0f, g_tiny = 1e-7f;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Best rate (GF/s) of fn over windows of about 2 ms, as many as fit in `budget` seconds (at least 15):
// on a shared machine (here: 2 cores next to two training processes) a window that saw no preemption
// is the closest to an unloaded machine, and short windows are the likeliest to see none.
template <class F>
double gflops(double flops, double budget, F&& fn) {
  for (int w = 0; w < 20; ++w) fn();  // warm-up (and JIT tier-up in Node)
  long reps = 1;
  for (;;) {
    const auto t0 = Clock::now();
    for (long r = 0; r < reps; ++r) fn();
    if (seconds_since(t0) > 0.002) break;
    reps *= 2;
  }
  const int trials = std::max(15, static_cast<int>(budget / 0.002));
  double best = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const auto t0 = Clock::now();
    for (long r = 0; r < reps; ++r) fn();
    best = std::max(best, flops * reps / seconds_since(t0) / 1e9);
  }
  return best;
}

// Peak of independent multiply and add streams held in registers: 6 multiply chains and 6 add chains
// (enough in flight for 2 multiply + 2 add pipes at 3-4 cycles latency; 7+7 already spills on x64's 16
// vector registers), 12 vector ops of 4 (wasm) or 8 (native, GCC vectors) lanes per iteration. The body
// is a separate, often-called function: V8 compiles a function with its optimizing tier only from a later
// call (no on-stack replacement for wasm), so a single long-running call would time the baseline tier.
#if defined(__wasm_simd128__)
using PeakVec = v128_t;
constexpr int kPeakLanes = 4;
inline PeakVec pmul(PeakVec a, PeakVec b) { return wasm_f32x4_mul(a, b); }
inline PeakVec padd(PeakVec a, PeakVec b) { return wasm_f32x4_add(a, b); }
inline PeakVec psplat(float x) { return wasm_f32x4_splat(x); }
inline float pfirst(PeakVec a) { return wasm_f32x4_extract_lane(a, 0); }
#else
typedef float PeakVec __attribute__((vector_size(32)));
constexpr int kPeakLanes = 8;
inline PeakVec pmul(PeakVec a, PeakVec b) { return a * b; }
inline PeakVec padd(PeakVec a, PeakVec b) { return a + b; }
inline PeakVec psplat(float x) { return PeakVec{} + x; }
inline float pfirst(PeakVec a) { return a[0]; }
#endif

struct PeakState {
  PeakVec a[6], b[6];
};

__attribute__((noinline)) void peak_body(PeakState* s, long iters) {
  const PeakVec m = psplat(g_one), c = psplat(g_tiny);
  PeakVec a0 = s->a[0], a1 = s->a[1], a2 = s->a[2], a3 = s->a[3], a4 = s->a[4], a5 = s->a[5];
  PeakVec b0 = s->b[0], b1 = s->b[1], b2 = s->b[2], b3 = s->b[3], b4 = s->b[4], b5 = s->b[5];
  for (long i = 0; i < iters; ++i) {
    a0 = pmul(a0, m); a1 = pmul(a1, m); a2 = pmul(a2, m); a3 = pmul(a3, m); a4 = pmul(a4, m); a5 = pmul(a5, m);
    b0 = padd(b0, c); b1 = padd(b1, c); b2 = padd(b2, c); b3 = padd(b3, c); b4 = padd(b4, c); b5 = padd(b5, c);
  }
  s->a[0] = a0; s->a[1] = a1; s->a[2] = a2; s->a[3] = a3; s->a[4] = a4; s->a[5] = a5;
  s->b[0] = b0; s->b[1] = b1; s->b[2] = b2; s->b[3] = b3; s->b[4] = b4; s->b[5] = b5;
}

double peak_mul_add(double budget) {
  PeakState s;
  for (int i = 0; i < 6; ++i) {
    s.a[i] = psplat(1.0f + 0.1f * i);
    s.b[i] = psplat(0.1f * i);
  }
  const long inner = 1 << 10;
  for (int w = 0; w < 50; ++w) peak_body(&s, 256);  // tier-up
  const double rate = gflops(12.0 * kPeakLanes * inner, budget, [&] { peak_body(&s, inner); });
  float z = 0;
  for (int i = 0; i < 6; ++i) z += pfirst(s.a[i]) + pfirst(s.b[i]);
  g_sink = z;
  return rate;
}

struct Shape {
  const char* what;
  int n, k, m;  // y [n, m] = x [n, k] · Wᵀ
};

const Shape kShapes[] = {
    {"dec GRU W_hh (greedy)", 1, 256, 768},
    {"dec GRU W_hh (beam 4)", 4, 256, 768},
    {"dec GRU W_ih", 1, 128, 768},
    {"attn query", 1, 256, 256},
    {"combine", 1, 512, 128},
    {"out proj (greedy)", 1, 128, 4000},
    {"out proj (beam 4)", 4, 128, 4000},
    {"enc GRU W_hh", 1, 128, 384},
    {"enc GRU W_ih (S=20)", 20, 128, 384},
    {"attn keys (S=20)", 20, 256, 256},
    {"T d256 FFN fc1", 1, 256, 1024},
    {"T d256 FFN fc1 (S=20)", 20, 256, 1024},
};

// One decoder step of the default model (en-fr-transformer: d_model 128, FFN 512, 2 decoder layers,
// 4000-entry tied output projection) as the runtime runs it: every product of the step on its own
// weights, in order (per layer: self-attention q, k, v, out; cross-attention q, out; fc1, fc2; then the
// output projection), so each weight matrix comes from memory once per step rather than staying in
// cache as in the per-shape rows. F32 weights: 3.6 MB per step.
struct StepProduct {
  int k, m;
  std::vector<float> w, b;
  std::vector<int8_t> q;      // w quantized to int8 per row (scale)
  std::vector<uint16_t> w16;  // q held as packed bfloat16
  std::vector<float> scale;
};

std::vector<StepProduct> decoder_step_products(std::mt19937& rng) {
  std::uniform_real_distribution<float> uf(-0.1f, 0.1f);
  std::vector<StepProduct> ps;
  auto add = [&](int k, int m) {
    StepProduct p{k, m, std::vector<float>(static_cast<size_t>(k) * m), std::vector<float>(m)};
    for (auto& v : p.w) v = uf(rng);
    for (auto& v : p.b) v = uf(rng);
    std::vector<int8_t> q(p.w.size());
    p.scale.resize(m);
    for (int r = 0; r < m; ++r) {
      float mx = 0;
      for (int c = 0; c < k; ++c) mx = std::max(mx, std::fabs(p.w[static_cast<size_t>(r) * k + c]));
      p.scale[r] = mx / 127;
      for (int c = 0; c < k; ++c)
        q[static_cast<size_t>(r) * k + c] = static_cast<int8_t>(std::lrint(p.w[static_cast<size_t>(r) * k + c] / p.scale[r]));
    }
    p.w16.resize(p.w.size());
    attnseq::pack_i8_bf16(q.data(), m, k, p.w16.data());
    p.q = q;
    ps.push_back(std::move(p));
  };
  for (int layer = 0; layer < 2; ++layer) {
    for (int i = 0; i < 6; ++i) add(128, 128);  // self q, k, v, out; cross q, out
    add(128, 512);                              // fc1
    add(512, 128);                              // fc2
  }
  add(128, 4000);  // output projection
  return ps;
}

double g_evict_mb = 0;  // main(): the second argument

void print_decoder_step(double budget, double peak) {
  std::mt19937 rng(7);
  const std::vector<StepProduct> ps = decoder_step_products(rng);
  std::vector<float> x(512, 0.01f), y(4000);
  double flops = 0, bytes = 0;
  for (const auto& p : ps) {
    flops += 2.0 * p.k * p.m;
    bytes += 4.0 * p.w.size();
  }
  auto run_f32 = [&] {
    for (const auto& p : ps) gemm_f32(x.data(), 1, p.k, p.w.data(), p.m, p.b.data(), y.data());
  };
  auto run_bf16 = [&] {
    for (const auto& p : ps) gemm_bf16(x.data(), 1, p.k, p.w16.data(), p.scale.data(), p.m, p.b.data(), y.data());
  };
  auto run_i8 = [&] {
    for (const auto& p : ps)
      gemm_i8(x.data(), 1, p.k, p.q.data(), p.scale.data(), p.m, p.b.data(), y.data());
  };
  // g_evict_mb (the second argument, MB): between two steps, read and write a buffer of that size, as the rest of a
  // translation does between its decoder steps (attention, the vocabulary's log-softmax, the encoder's
  // weights), so the step's weights come from further out in the cache hierarchy.
  std::vector<float> evict(static_cast<size_t>(g_evict_mb * (1 << 20) / 4), 1.0f);
  if (!evict.empty()) std::printf("(each step after a sweep over %.1f MB)\n", evict.size() * 4.0 / (1 << 20));
  auto report = [&](const char* what, double weight_bytes, const std::function<void()>& run_step) {
    if (!evict.empty()) {
      // each step timed alone, after the sweep: median and best of the steps
      std::vector<double> ms;
      const auto t0 = Clock::now();
      while (seconds_since(t0) < std::max(0.25, budget * 4)) {
        for (size_t i = 0; i < evict.size(); i += 16) evict[i] += 1.0f;
        const auto a = Clock::now();
        run_step();
        ms.push_back(seconds_since(a) * 1e3);
      }
      std::sort(ms.begin(), ms.end());
      std::printf("one decoder step after the sweep, %s: median %.4f ms, best %.4f ms (%zu steps)\n", what, ms[ms.size() / 2], ms[0], ms.size());
      return;
    }
    const double step = gflops(flops, budget * 4, run_step);
    // the mean over a longer stretch as well: the best window can hide how often the weights miss the cache
    const auto t0 = Clock::now();
    long n = 0;
    for (; seconds_since(t0) < std::max(0.25, budget * 4); ++n) run_step();
    const double mean_ms = seconds_since(t0) * 1e3 / n;
    std::printf("one decoder step of the default model (%zu products, %.2f MB of %s weights, each read once): "
                "%.1f GF/s (%.0f%% of peak), %.1f GB/s of weights, %.3f ms per step (mean %.3f ms)\n",
                ps.size(), weight_bytes / 1e6, what, step, 100 * step / peak, step / flops * weight_bytes,
                flops / step / 1e6, mean_ms);
  };
  std::printf("\n");
  // alternating, twice: the machine's speed drifts; compare the lines of one round
  for (int round = 0; round < 2; ++round) {
    report("F32", bytes, run_f32);
    report("I8 as bfloat16 (gemm_bf16)", bytes / 2, run_bf16);
    report("I8 (gemm_i8, one int16 per activation)", bytes / 4, run_i8);
  }
}

// The conv encoder's convolutions (en-fr-conv: hidden 224, kernel 3, so 448 outputs over windows of
// 3 · 224 = 672 values) on sources of 20 and 60 tokens, as Conv1d runs them: the im2col windows and one
// product by gemm_f32 or gemm_i8 (one int16 per activation). The baseline is a direct convolution with
// no windows: one Eigen product per tap (the input rows shifted, the tap's columns of the weight) added
// into the output, F32. GF/s count 2 · S · m · k · C; "windows" is the share of the F32 time spent
// building the windows (conv1d_windows alone).
void direct_conv_eigen(const float* x, int S, int C, int K, const float* w, int m, const float* bias, float* y) {
  using Strided = Eigen::Map<const attnseq::Matrix, 0, Eigen::OuterStride<>>;
  attnseq::ConstMatrixMap X(x, S, C);
  attnseq::MatrixMap Y(y, S, m);
  Y.rowwise() = Eigen::Map<const attnseq::RowVector>(bias, m);
  const int p = K / 2;
  for (int j = 0; j < K; ++j) {
    const int shift = j - p;  // output t reads input t + shift
    const int t0 = std::max(0, -shift), t1 = std::min(S, S - shift);
    if (t1 <= t0) continue;
    Strided Wj(w + static_cast<size_t>(j) * C, m, C, Eigen::OuterStride<>(K * C));
    Y.middleRows(t0, t1 - t0).noalias() += X.middleRows(t0 + shift, t1 - t0) * Wj.transpose();
  }
}

void print_conv1d(double budget, double peak) {
  const int C = 224, K = 3, m = 448;
  std::printf("\n| conv1d (en-fr-conv layer) | S×(k·C)→m | F32 im2col + kernel | F32 direct (Eigen, per tap) | ×  | I8 im2col + kernel | × | windows | F32 %%peak | I8 %%peak |\n");
  std::printf("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  std::mt19937 rng(9);
  std::uniform_real_distribution<float> uf(-1, 1);
  double worst_f32 = 0, worst_i8 = 0;
  for (int S : {20, 60}) {
    std::vector<float> x(static_cast<size_t>(S) * C), w(static_cast<size_t>(m) * K * C), b(m), scale(m),
        win(static_cast<size_t>(S) * K * C), y1(static_cast<size_t>(S) * m), y2(y1.size());
    std::vector<int8_t> q(w.size());
    for (auto& v : x) v = uf(rng);
    for (auto& v : b) v = uf(rng);
    for (int r = 0; r < m; ++r) {
      scale[r] = 0.001f * (1 + (r % 7));
      for (int c = 0; c < K * C; ++c) {
        q[static_cast<size_t>(r) * K * C + c] = static_cast<int8_t>(std::lrint(uf(rng) * 127));
        w[static_cast<size_t>(r) * K * C + c] = q[static_cast<size_t>(r) * K * C + c] * scale[r];
      }
    }
    const double flops = 2.0 * S * m * K * C;
    conv1d_f32(x.data(), 1, S, C, nullptr, K, w.data(), m, b.data(), win.data(), y1.data());
    direct_conv_eigen(x.data(), S, C, K, w.data(), m, b.data(), y2.data());
    for (size_t i = 0; i < y1.size(); ++i) worst_f32 = std::max(worst_f32, static_cast<double>(std::fabs(y1[i] - y2[i])));
    conv1d_i8(x.data(), 1, S, C, nullptr, K, q.data(), scale.data(), m, b.data(), win.data(), y1.data());
    for (size_t i = 0; i < y1.size(); ++i) worst_i8 = std::max(worst_i8, static_cast<double>(std::fabs(y1[i] - y2[i])));
    const double f32k = gflops(flops, budget, [&] {
      conv1d_f32(x.data(), 1, S, C, nullptr, K, w.data(), m, b.data(), win.data(), y1.data());
    });
    const double f32d = gflops(flops, budget, [&] { direct_conv_eigen(x.data(), S, C, K, w.data(), m, b.data(), y2.data()); });
    const double i8k = gflops(flops, budget, [&] {
      conv1d_i8(x.data(), 1, S, C, nullptr, K, q.data(), scale.data(), m, b.data(), win.data(), y1.data());
    });
    // the windows alone, as a share of the F32 convolution's time (rate in "flops" of the whole product)
    const double winr = gflops(flops, budget, [&] { conv1d_windows(x.data(), 1, S, C, nullptr, K, win.data()); });
    g_sink = y1[0] + y2[0] + win[0];
    std::printf("| conv1d k=3 (S=%d) | %d×%d→%d | %.1f | %.1f | %.2f | %.1f | %.2f | %.0f%% | %.0f%% | %.0f%% |\n", S, S, K * C, m,
                f32k, f32d, f32k / f32d, i8k, i8k / f32d, 100 * f32k / winr, 100 * f32k / peak, 100 * i8k / peak);
  }
  std::printf("\nmax |conv1d − direct|: F32 %.2g, I8 %.2g (activation quantization to one int16)\n", worst_f32, worst_i8);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "--peak") {  // the peak alone, as JSON (bench/compare/run.mjs)
    const double b = argc > 2 ? std::atof(argv[2]) : 0.2;
    std::printf("{\"peak_gflops\": %.2f}\n", peak_mul_add(b * 4));
    return 0;
  }
  const double budget = argc > 1 ? std::atof(argv[1]) : 0.05;
  g_evict_mb = argc > 2 ? std::atof(argv[2]) : 0;
#if defined(__wasm_simd128__)
  const char* build = "WebAssembly SIMD128 (Node)";
  const char* peak_what = "f32x4 mul+add";
#else
  const char* build = "native";
  const char* peak_what = "8-lane vector mul+add (no FMA)";
#endif
  const double peak = peak_mul_add(budget * 4);
  std::printf("build: %s; gemm_f32: %s, gemm_i8: %s, gemm_bf16: %s; baseline: Eigen product (I8: on dequantized F32)\n",
              build, gemm_f32_impl(), gemm_i8_impl(), gemm_bf16_impl());
  std::printf("peak (%s, registers only): %.1f GF/s\n\n", peak_what, peak);
  std::printf("| shape | n×k→m | F32 kernel | F32 Eigen | ×  | I8 kernel | I8 2×int16 | I8 as bf16 | I8 baseline | ×  | F32 %%peak | I8 %%peak |\n");
  std::printf("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> uf(-1, 1);
  std::uniform_int_distribution<int> ui(-127, 127);
  double worst_f32 = 0, worst_i8 = 0, worst_bf16 = 0;
  for (const Shape& s : kShapes) {
    std::vector<float> x(static_cast<size_t>(s.n) * s.k), w(static_cast<size_t>(s.m) * s.k), b(s.m),
        scale(s.m), wdeq(w.size()), y1(static_cast<size_t>(s.n) * s.m), y2(y1.size());
    std::vector<int8_t> q(w.size());
    for (auto& v : x) v = uf(rng);
    for (auto& v : w) v = uf(rng) * 0.1f;
    for (auto& v : b) v = uf(rng);
    for (int r = 0; r < s.m; ++r) {
      scale[r] = 0.001f * (1 + (r % 7));
      for (int c = 0; c < s.k; ++c) {
        q[r * s.k + c] = static_cast<int8_t>(ui(rng));
        wdeq[r * s.k + c] = q[r * s.k + c] * scale[r];
      }
    }
    const double flops = 2.0 * s.n * s.m * s.k;
    // sanity: kernels agree with the baselines before they are timed
    gemm_f32(x.data(), s.n, s.k, w.data(), s.m, b.data(), y1.data());
    gemm_f32_eigen(x.data(), s.n, s.k, w.data(), s.m, b.data(), y2.data());
    for (size_t i = 0; i < y1.size(); ++i) worst_f32 = std::max(worst_f32, static_cast<double>(std::fabs(y1[i] - y2[i])));
    gemm_i8(x.data(), s.n, s.k, q.data(), scale.data(), s.m, b.data(), y1.data());
    gemm_f32_eigen(x.data(), s.n, s.k, wdeq.data(), s.m, b.data(), y2.data());
    for (size_t i = 0; i < y1.size(); ++i) worst_i8 = std::max(worst_i8, static_cast<double>(std::fabs(y1[i] - y2[i])));
    std::vector<uint16_t> w16(q.size());
    attnseq::pack_i8_bf16(q.data(), s.m, s.k, w16.data());
    gemm_bf16(x.data(), s.n, s.k, w16.data(), scale.data(), s.m, b.data(), y1.data());
    for (size_t i = 0; i < y1.size(); ++i) worst_bf16 = std::max(worst_bf16, static_cast<double>(std::fabs(y1[i] - y2[i])));

    const double f32k = gflops(flops, budget, [&] { gemm_f32(x.data(), s.n, s.k, w.data(), s.m, b.data(), y1.data()); });
    const double f32e = gflops(flops, budget, [&] { gemm_f32_eigen(x.data(), s.n, s.k, w.data(), s.m, b.data(), y2.data()); });
    const double i8k = gflops(flops, budget, [&] {
      gemm_i8(x.data(), s.n, s.k, q.data(), scale.data(), s.m, b.data(), y1.data());
    });
    const double i8s = gflops(flops, budget, [&] {
      gemm_i8_x2(x.data(), s.n, s.k, q.data(), scale.data(), s.m, b.data(), y1.data());
    });
    const double i8b = gflops(flops, budget, [&] {
      gemm_bf16(x.data(), s.n, s.k, w16.data(), scale.data(), s.m, b.data(), y1.data());
    });
    const double i8e = gflops(flops, budget, [&] { gemm_f32_eigen(x.data(), s.n, s.k, wdeq.data(), s.m, b.data(), y2.data()); });
    g_sink = y1[0] + y2[0];
    std::printf("| %s | %d×%d→%d | %.1f | %.1f | %.2f | %.1f | %.1f | %.1f | %.1f | %.2f | %.0f%% | %.0f%% |\n", s.what,
                s.n, s.k, s.m, f32k, f32e, f32k / f32e, i8k, i8s, i8b, i8e, i8k / i8e, 100 * f32k / peak, 100 * i8k / peak);
  }
  std::printf("\nmax |kernel − baseline|: F32 %.2g, I8 %.2g (activation quantization to one int16), I8 as bf16 %.2g\n", worst_f32,
              worst_i8, worst_bf16);
  print_conv1d(budget, peak);
  print_decoder_step(budget, peak);
  return 0;
}
