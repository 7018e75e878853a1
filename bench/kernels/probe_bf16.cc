// Probe (WebAssembly only): is one decoder step of the default model bound by the bytes of its weights?
// The step's 17 matrix-vector products (2 decoder layers: self-attention Q, K, V, O, cross-attention Q
// and O 128×128, FFN 128→512→128; the 128→4000 output projection: 3.88 MB of F32 weights) run with
// F32 weights and with bfloat16 weights (each float's upper 16 bits, 1.94 MB, widened to F32 in
// registers by a shift or a mask) and with int8 weights (0.97 MB, widened and converted in registers),
// with the same simple 1×4-row SIMD128 loop, alternating, 3 repeats.
// It first checks the bfloat16 kernel against a scalar product over the same bfloat16 weights.
// Not used by the runtime (docs/benchmarks.md says what it measured). Built by bench/kernels/run.sh.
#include <wasm_simd128.h>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>
#include <random>
#include <cmath>
#include <algorithm>

static void gemv_f32(const float* x, int k, const float* w, int m, float* y) {
  for (int r = 0; r < m; r += 4) {
    v128_t a0 = wasm_f32x4_splat(0), a1 = a0, a2 = a0, a3 = a0;
    const float *w0 = w + (long)r * k, *w1 = w0 + k, *w2 = w1 + k, *w3 = w2 + k;
    for (int c = 0; c < k; c += 4) {
      v128_t xv = wasm_v128_load(x + c);
      a0 = wasm_f32x4_add(a0, wasm_f32x4_mul(xv, wasm_v128_load(w0 + c)));
      a1 = wasm_f32x4_add(a1, wasm_f32x4_mul(xv, wasm_v128_load(w1 + c)));
      a2 = wasm_f32x4_add(a2, wasm_f32x4_mul(xv, wasm_v128_load(w2 + c)));
      a3 = wasm_f32x4_add(a3, wasm_f32x4_mul(xv, wasm_v128_load(w3 + c)));
    }
    float t[4]; v128_t s[4] = {a0, a1, a2, a3};
    for (int j = 0; j < 4; ++j) { float b[4]; wasm_v128_store(b, s[j]); t[j] = (b[0] + b[2]) + (b[1] + b[3]); }
    std::memcpy(y + r, t, sizeof t);
  }
}

// bf16: 8 weights per 128-bit load; low half widened by shifting left 16, high half by masking.
static void gemv_bf16(const float* x, int k, const uint16_t* w, int m, float* y) {
  const v128_t hi_mask = wasm_i32x4_splat((int)0xFFFF0000);
  for (int r = 0; r < m; r += 4) {
    v128_t a[4] = {wasm_f32x4_splat(0), wasm_f32x4_splat(0), wasm_f32x4_splat(0), wasm_f32x4_splat(0)};
    for (int c = 0; c < k; c += 8) {
      // x in the same interleaved order as the widened weights: even lanes, then odd lanes
      v128_t x0 = wasm_v128_load(x + c), x1 = wasm_v128_load(x + c + 4);
      v128_t xe = wasm_i32x4_shuffle(x0, x1, 0, 2, 4, 6), xo = wasm_i32x4_shuffle(x0, x1, 1, 3, 5, 7);
      for (int j = 0; j < 4; ++j) {
        v128_t p = wasm_v128_load(w + (long)(r + j) * k + c);
        v128_t we = wasm_i32x4_shl(p, 16), wo = wasm_v128_and(p, hi_mask);
        a[j] = wasm_f32x4_add(a[j], wasm_f32x4_add(wasm_f32x4_mul(xe, we), wasm_f32x4_mul(xo, wo)));
      }
    }
    for (int j = 0; j < 4; ++j) { float b[4]; wasm_v128_store(b, a[j]); y[r + j] = (b[0] + b[2]) + (b[1] + b[3]); }
  }
}

// int8 weights with a per-row scale (the I8 file's layout), widened to F32 in registers (load8x8 to
// int16, extend to int32, convert) and multiplied with the F32 activations; the row's scale is applied
// once to the sum: y[r] = s[r] · Σ q[r, c] · x[c]. A quarter of the F32 bytes, three more instructions
// per four weights.
static void gemv_i8f32(const float* x, int k, const int8_t* w, const float* scale, int m, float* y) {
  for (int r = 0; r < m; r += 4) {
    v128_t a[4] = {wasm_f32x4_splat(0), wasm_f32x4_splat(0), wasm_f32x4_splat(0), wasm_f32x4_splat(0)};
    for (int c = 0; c < k; c += 8) {
      v128_t x0 = wasm_v128_load(x + c), x1 = wasm_v128_load(x + c + 4);
      for (int j = 0; j < 4; ++j) {
        v128_t q = wasm_i16x8_load8x8(w + (long)(r + j) * k + c);
        v128_t w0 = wasm_f32x4_convert_i32x4(wasm_i32x4_extend_low_i16x8(q));
        v128_t w1 = wasm_f32x4_convert_i32x4(wasm_i32x4_extend_high_i16x8(q));
        a[j] = wasm_f32x4_add(a[j], wasm_f32x4_add(wasm_f32x4_mul(x0, w0), wasm_f32x4_mul(x1, w1)));
      }
    }
    for (int j = 0; j < 4; ++j) { float b[4]; wasm_v128_store(b, a[j]); y[r + j] = scale[r + j] * ((b[0] + b[2]) + (b[1] + b[3])); }
  }
}

int main() {
  // the default model's decoder step: 2 layers x (self q,k,v,o 128x128; cross q,o 128x128; ffn 128->512, 512->128) + out proj 128->4000
  struct S { int k, m; };
  std::vector<S> shapes;
  for (int l = 0; l < 2; ++l) { for (int i = 0; i < 6; ++i) shapes.push_back({128, 128}); shapes.push_back({128, 512}); shapes.push_back({512, 128}); }
  shapes.push_back({128, 4000});
  std::mt19937 rng(1); std::uniform_real_distribution<float> u(-1, 1);
  std::vector<std::vector<float>> wf; std::vector<std::vector<uint16_t>> wb; std::vector<std::vector<int8_t>> wq; std::vector<std::vector<float>> sc; std::vector<std::vector<float>> xs, ys;
  size_t bytes = 0;
  for (auto s : shapes) {
    std::vector<float> w((size_t)s.k * s.m); for (auto& v : w) v = u(rng);
    std::vector<uint16_t> b(w.size()); for (size_t i = 0; i < w.size(); ++i) { uint32_t bits; std::memcpy(&bits, &w[i], 4); b[i] = bits >> 16; }
    bytes += w.size() * 4; wf.push_back(w); wb.push_back(b);
    std::vector<int8_t> q(w.size()); std::vector<float> srow(s.m);
    for (int r = 0; r < s.m; ++r) {
      float mx = 0; for (int c = 0; c < s.k; ++c) mx = std::max(mx, std::abs(w[(size_t)r * s.k + c]));
      srow[r] = mx / 127; for (int c = 0; c < s.k; ++c) q[(size_t)r * s.k + c] = (int8_t)std::lrint(w[(size_t)r * s.k + c] / srow[r]);
    }
    wq.push_back(q); sc.push_back(srow);
    std::vector<float> x(s.k); for (auto& v : x) v = u(rng); xs.push_back(x); ys.push_back(std::vector<float>(s.m));
  }
  auto run = [&](int kind) {  // 0 F32, 1 bfloat16, 2 int8 widened to F32
    for (size_t i = 0; i < shapes.size(); ++i)
      kind == 1 ? gemv_bf16(xs[i].data(), shapes[i].k, wb[i].data(), shapes[i].m, ys[i].data())
      : kind == 2 ? gemv_i8f32(xs[i].data(), shapes[i].k, wq[i].data(), sc[i].data(), shapes[i].m, ys[i].data())
                  : gemv_f32(xs[i].data(), shapes[i].k, wf[i].data(), shapes[i].m, ys[i].data());
  };
  // check: the bf16 kernel against a scalar product over the same truncated weights
  double worst = 0;
  for (size_t i = 0; i < shapes.size(); ++i) {
    gemv_bf16(xs[i].data(), shapes[i].k, wb[i].data(), shapes[i].m, ys[i].data());
    for (int r = 0; r < shapes[i].m; ++r) {
      double ref = 0, mag = 0;
      for (int c = 0; c < shapes[i].k; ++c) {
        uint32_t bits = (uint32_t)wb[i][(size_t)r * shapes[i].k + c] << 16; float w; std::memcpy(&w, &bits, 4);
        ref += (double)w * xs[i][c]; mag += std::abs((double)w * xs[i][c]);
      }
      worst = std::max(worst, std::abs(ref - ys[i][r]) / mag);
    }
  }
  std::printf("bf16 kernel vs scalar on the same bf16 weights: max |diff| / sum|w x| = %.2e\n", worst);
  worst = 0;
  for (size_t i = 0; i < shapes.size(); ++i) {
    gemv_i8f32(xs[i].data(), shapes[i].k, wq[i].data(), sc[i].data(), shapes[i].m, ys[i].data());
    for (int r = 0; r < shapes[i].m; ++r) {
      double ref = 0, mag = 0;
      for (int c = 0; c < shapes[i].k; ++c) {
        double w = (double)wq[i][(size_t)r * shapes[i].k + c] * sc[i][r];
        ref += w * xs[i][c]; mag += std::abs(w * xs[i][c]);
      }
      worst = std::max(worst, std::abs(ref - ys[i][r]) / mag);
    }
  }
  std::printf("int8 kernel vs scalar on the same int8 weights: max |diff| / sum|w x| = %.2e\n", worst);
  const char* names[3] = {"f32 ", "bf16", "int8 widened to f32 (not gemm_i8)"};
  const double div[3] = {1e6, 2e6, 4e6};
  for (int rep = 0; rep < 3; ++rep)
    for (int kind = 0; kind < 3; ++kind) {
      for (int i = 0; i < 200; ++i) run(kind);
      auto t0 = std::chrono::steady_clock::now();
      int n = 3000;
      for (int i = 0; i < n; ++i) run(kind);
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / n;
      std::printf("%s: %.4f ms per step (%.2f MB of weights)\n", names[kind], ms, bytes / div[kind]);
    }
  return 0;
}
