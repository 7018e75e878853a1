// A 1-D convolution layer over token positions (the kernel: nn/kernels/conv1d.h), weights from a
// WeightStore: "<scope>.weight" [out, kernel · in], window-major (W[o, j · in + c] = tap j of input
// channel c; docs/model-format.md, "conv"), and "<scope>.bias" [out]. Zero padding of kernel / 2
// positions at either end; F32 weights run gemm_f32, I8 weights the I8 kernel, as a Linear does.
#pragma once

#include <string>

#include "attnseq/nn/linear.h"

namespace attnseq {

struct Conv1d {
  Linear taps;  // [out, kernel · in] + bias [out]: one weight row per output channel over a whole window
  int in = 0;
  int out = 0;
  int kernel = 0;  // odd

  // Throws ModelBadTensor naming the tensor when it is missing or of another shape (and says so when
  // it has PyTorch's Conv1d shape [out, in, kernel]: a file not written by train/export.py).
  static Conv1d load(WeightStore& store, const std::string& scope, int out, int in, int kernel);
  // y [batch · seq, out] from x [batch, seq, in] (row-major); rows past lengths[b] are zero (lengths null:
  // every sequence has seq positions). windows: scratch of batch · seq · kernel · in floats.
  void forward(const float* x, int batch, int seq, const int* lengths, float* windows, float* y) const;
  // One sequence: x [S, in] → y [S, out]; windows (scratch) becomes [S, kernel · in].
  void forward(const Matrix& x, Matrix& windows, Matrix& y) const;
  uint64_t macs(int64_t positions) const { return taps.macs(positions); }
};

}  // namespace attnseq
