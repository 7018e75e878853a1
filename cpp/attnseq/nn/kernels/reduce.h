// Reductions over one row of logits, run once per decoder step over the whole vocabulary:
//   argmax       the greedy choice;
//   log_sum_exp  log Σ exp(x_i), so that log p_i = x_i − lse without writing a log-probability row.
// Both are SIMD128 loops in WebAssembly and plain loops the compiler vectorizes natively; exp is a
// float polynomial (Cephes expf: |relative error| < 2e-7 on [−87, 88]) instead of libm's double exp,
// which WebAssembly runs as software (it was ~10% of a greedy step there).
#pragma once

namespace attnseq::kernels {

// Index of the largest value; the lowest index wins ties; NaNs are never chosen unless all are NaN
// (then 0). n ≥ 1.
int argmax(const float* x, int n);

// log Σ_i exp(x_i) (max-shifted, float accumulation in 4 interleaved partial sums). n ≥ 1; +inf if
// any x_i is +inf, NaN if any is NaN.
float log_sum_exp(const float* x, int n);

// exp(x) by the same polynomial (scalar), for tests and the tails of the vector loops.
float exp_poly(float x);

// Σ a_i · b_i over n values: 4 partial sums (i mod 4) added as (s0 + s2) + (s1 + s3), then the last n mod 4
// products in order: one f32x4 multiply-add a step in WebAssembly, the same arithmetic natively, so both
// builds give the same bits. The attention scores' dot products (query · key).
float dot(const float* a, const float* b, int n);

}  // namespace attnseq::kernels
