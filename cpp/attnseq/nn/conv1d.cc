#include "attnseq/nn/conv1d.h"

#include "attnseq/core/errors.h"
#include "attnseq/nn/kernels/conv1d.h"

namespace attnseq {

Conv1d Conv1d::load(WeightStore& store, const std::string& scope, int out, int in, int kernel) {
  const std::string name = scope + ".weight";
  if (const TensorView* t = store.file().find(name); t && t->shape == std::vector<int64_t>{out, in, kernel})
    throw Error(ErrorCode::ModelBadTensor,
                "model file tensor '" + name + "' has PyTorch's Conv1d shape " + t->shape_string() +
                    " (out, in, kernel), but the model file stores a convolution window-major as [" +
                    std::to_string(out) + ", " + std::to_string(kernel * in) +
                    "] (docs/model-format.md): export the checkpoint with train/export.py");
  Conv1d c;
  c.in = in;
  c.out = out;
  c.kernel = kernel;
  c.taps = Linear::load(store, scope, out, kernel * in);
  return c;
}

void Conv1d::forward(const float* x, int batch, int seq, const int* lengths, float* windows, float* y) const {
  kernels::conv1d_windows(x, batch, seq, in, lengths, kernel, windows);
  taps.forward(windows, batch * seq, y);  // the dense layers' F32 / I8 kernels
  kernels::conv1d_zero_padding(batch, seq, lengths, out, y);
}

void Conv1d::forward(const Matrix& x, Matrix& windows, Matrix& y) const {
  const int S = static_cast<int>(x.rows());
  windows.resize(S, static_cast<Eigen::Index>(kernel) * in);
  y.resize(S, out);
  forward(x.data(), 1, S, nullptr, windows.data(), y.data());
}

}  // namespace attnseq
