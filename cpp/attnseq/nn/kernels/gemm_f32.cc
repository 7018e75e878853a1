#include "attnseq/nn/kernels/gemm_f32.h"

#include "attnseq/core/tensor.h"

namespace attnseq::kernels {

void gemm_f32_eigen(const float* x, int n, int k, const float* w, int m, const float* bias, float* y) {
  ConstMatrixMap X(x, n, k), W(w, m, k);
  MatrixMap Y(y, n, m);
  Y.noalias() = X * W.transpose();
  if (bias) Y.rowwise() += Eigen::Map<const RowVector>(bias, m);
}

#if !defined(__wasm_simd128__)
void gemm_f32(const float* x, int n, int k, const float* w, int m, const float* bias, float* y) {
  gemm_f32_eigen(x, n, k, w, m, bias, y);
}
const char* gemm_f32_impl() { return "eigen"; }
#endif

}  // namespace attnseq::kernels
