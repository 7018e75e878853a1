// Named weights of one model file, looked up by hierarchical scope ("decoder.layers.0.ffn.fc1.weight",
// the same names as the PyTorch reference's state_dict). Immutable once the model is built.
#pragma once

#include <deque>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "attnseq/core/tensor.h"
#include "attnseq/io/safetensors.h"

namespace attnseq {

using Bytes = std::vector<uint8_t>;

// A weight matrix [rows, cols] for a kernel, exactly one of: F32 (f32 set), run by gemm_f32; or I8 with
// per-row scales (q and scale set; W[r, c] = q[r, c] · scale[r]), kept int8 (pointing into the file
// bytes) and run by gemm_i8 on activations quantized to one int16 each: the same integers, and so the
// same bits, natively and in WebAssembly. The pointers stay valid as long as the store.
struct WeightMatrix {
  const float* f32 = nullptr;
  const int8_t* q = nullptr;
  const float* scale = nullptr;
  int64_t rows = 0;
  int64_t cols = 0;
  bool quantized() const { return q != nullptr; }
  static WeightMatrix of_f32(const float* w, int64_t rows, int64_t cols) {
    WeightMatrix m;
    m.f32 = w;
    m.rows = rows;
    m.cols = cols;
    return m;
  }
};

class WeightStore {
 public:
  // Parses and validates the safetensors structure of `bytes` (kept alive by the store).
  explicit WeightStore(std::shared_ptr<const Bytes> bytes);

  const SafetensorsFile& file() const { return file_; }

  // The F32 matrix `name` of exactly [rows, cols]. F32 data aligned to 4 bytes is mapped without a
  // copy; I8 data (with its `name.scale` per-row scales) is dequantized once. Throws ModelBadTensor
  // naming the tensor when it is missing, of another shape, or holds non-finite values.
  ConstMatrixMap matrix(const std::string& name, int64_t rows, int64_t cols);
  // The matrix `name` of exactly [rows, cols] for a kernel: F32 (mapped), or I8 kept int8 (pointing into
  // the file bytes) with its F32 per-row scales. Same checks as matrix().
  WeightMatrix weight(const std::string& name, int64_t rows, int64_t cols);
  ConstVectorMap vector(const std::string& name, int64_t n);
  // The 1-D U8 tensor `name` (a byte blob stored in the file), or throws ModelBadTensor.
  std::string_view blob(const std::string& name);
  bool has(const std::string& name) const { return file_.find(name) != nullptr; }

  // Throws ModelBadTensor listing tensors of the file that no part of the model asked for.
  void check_all_used() const;

  // Whether any weight matrix was stored as I8.
  bool quantized() const { return quantized_; }

 private:
  const float* f32_data(const TensorView& t);
  const float* f32_vector(const TensorView& t);  // F32 data (re-aligned if needed), checked finite
  const float* i8_scales(const TensorView& t);    // the per-row scales of I8 matrix t, checked
  const TensorView& require(const std::string& name, const std::vector<int64_t>& shape);

  std::shared_ptr<const Bytes> bytes_;
  SafetensorsFile file_;
  // dequantized or re-aligned copies (stable addresses; not zero-filled: every element is written)
  std::deque<std::unique_ptr<float[]>> owned_;
  float* own(size_t n);
  std::set<std::string> used_;
  bool quantized_ = false;
};

}  // namespace attnseq
