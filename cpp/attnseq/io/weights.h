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

// A weight matrix [rows, cols] for a kernel, exactly one of: F32 (f32 set); I8 with per-row scales (q
// and scale set; W[r, c] = q[r, c] · scale[r]); or the same I8 values as packed bfloat16 (bf16 and scale
// set; the layout of io/bf16_layout.h). The pointers stay valid as long as the store.
struct WeightMatrix {
  const float* f32 = nullptr;
  const int8_t* q = nullptr;
  const uint16_t* bf16 = nullptr;
  const float* scale = nullptr;
  bool q_one_int16 = false;  // q set: activations quantized to one int16 each (else two halves, see gemm_i8.h)
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

// How I8 matrices are held in memory for the kernels (docs/benchmarks.md has the measurements).
enum class I8Weights {
  Dequantized,  // F32 copies made at load, run by the F32 kernels (natively: Eigen's FMA kernels)
  Int8,         // kept int8 (4× less memory than F32), run by the integer I8 kernel on activations as two int16
                // halves (the dequantized product to float rounding): slower in WebAssembly
  Int8Int16,    // kept int8, run by the integer I8 kernel on activations as one int16 each (max|x|/32767
                // steps): the fastest in WebAssembly, and the same integer arithmetic natively
  Bf16,         // q as bfloat16 (exact), run by gemm_bf16: half the bytes of F32; in WebAssembly faster than
                // F32, slower than Int8Int16 (the WebAssembly default before Int8Int16)
};

struct WeightStoreOptions {
  // I8 matrices: Int8Int16 in both builds, so that native and WebAssembly quantize the same activations
  // the same way and sum the same integers (docs/benchmarks.md: Kernels).
  I8Weights i8 = I8Weights::Int8Int16;
};

class WeightStore {
 public:
  // Parses and validates the safetensors structure of `bytes` (kept alive by the store).
  explicit WeightStore(std::shared_ptr<const Bytes> bytes, WeightStoreOptions options = {});

  const SafetensorsFile& file() const { return file_; }

  // The F32 matrix `name` of exactly [rows, cols]. F32 data aligned to 4 bytes is mapped without a
  // copy; I8 data (with its `name.scale` per-row scales) is dequantized once. Throws ModelBadTensor
  // naming the tensor when it is missing, of another shape, or holds non-finite values.
  ConstMatrixMap matrix(const std::string& name, int64_t rows, int64_t cols);
  // The matrix `name` of exactly [rows, cols] for a kernel: F32 (mapped), or I8 held as
  // WeightStoreOptions::i8 says: dequantized as by matrix(), kept int8 (pointing into the file bytes), or
  // packed as bfloat16 (a copy), the last two with their F32 per-row scales. Same checks as matrix().
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
  WeightStoreOptions options_;
  SafetensorsFile file_;
  // dequantized or re-aligned copies (stable addresses; not zero-filled: every element is written)
  std::deque<std::unique_ptr<float[]>> owned_;
  std::deque<std::unique_ptr<uint16_t[]>> owned_bf16_;  // packed bfloat16 copies of I8 matrices
  float* own(size_t n);
  std::set<std::string> used_;
  bool quantized_ = false;
};

}  // namespace attnseq
