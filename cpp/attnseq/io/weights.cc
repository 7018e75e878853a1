#include "attnseq/io/weights.h"

#include <cmath>
#include <cstring>

#include "attnseq/core/errors.h"

namespace attnseq {
namespace {

std::string shape_string(const std::vector<int64_t>& shape) {
  TensorView t;
  t.shape = shape;
  return t.shape_string();
}

[[noreturn]] void bad_tensor(const std::string& name, const std::string& what) {
  throw Error(ErrorCode::ModelBadTensor, "model file tensor '" + name + "': " + what);
}

void check_finite(const std::string& name, const float* p, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (!std::isfinite(p[i]))
      bad_tensor(name, "value " + std::to_string(i) + " is not a finite number (the file is damaged; download it again)");
}

}  // namespace

WeightStore::WeightStore(std::shared_ptr<const Bytes> bytes)
    : bytes_(std::move(bytes)), file_(SafetensorsFile::parse(bytes_->data(), bytes_->size())) {}

const TensorView& WeightStore::require(const std::string& name, const std::vector<int64_t>& shape) {
  const TensorView* t = file_.find(name);
  if (!t) bad_tensor(name, "missing; the model config expects it with shape " + shape_string(shape));
  if (t->dtype == DType::U8) bad_tensor(name, "is U8 (a byte blob); weights are F32 or I8");
  if (t->shape != shape)
    bad_tensor(name, "has shape " + t->shape_string() + " but the model config expects " + shape_string(shape));
  used_.insert(name);
  return *t;
}

float* WeightStore::own(size_t n) {
  owned_.emplace_back(new float[n]);  // default-initialized: no zero fill of what is overwritten next
  return owned_.back().get();
}

std::string_view WeightStore::blob(const std::string& name) {
  const TensorView* t = file_.find(name);
  if (!t) bad_tensor(name, "missing");
  if (t->dtype != DType::U8 || t->shape.size() != 1)
    bad_tensor(name, "must be a 1-D U8 tensor (a byte blob), got " + std::string(dtype_name(t->dtype)) + " " + t->shape_string());
  used_.insert(name);
  return {reinterpret_cast<const char*>(t->data), t->nbytes};
}

const float* WeightStore::f32_vector(const TensorView& t) {
  const size_t n = static_cast<size_t>(t.numel());
  const float* p = reinterpret_cast<const float*>(t.data);
  if (reinterpret_cast<uintptr_t>(t.data) % alignof(float) != 0) {
    float* copy = own(n);
    std::memcpy(copy, t.data, t.nbytes);
    p = copy;
  }
  check_finite(t.name, p, n);
  return p;
}

const float* WeightStore::i8_scales(const TensorView& t) {
  if (t.shape.size() != 2) bad_tensor(t.name, "I8 tensors must be 2-D matrices with per-row scales");
  const TensorView& s = require(t.name + ".scale", {t.shape[0]});
  if (s.dtype != DType::F32) bad_tensor(s.name, "scales must be F32");
  quantized_ = true;
  return f32_vector(s);
}

const float* WeightStore::f32_data(const TensorView& t) {
  if (t.dtype == DType::F32) return f32_vector(t);
  // I8 with per-row scales: W[r, c] = q[r, c] * scale[r]
  const float* scale = i8_scales(t);
  const int64_t rows = t.shape[0], cols = t.shape[1];
  float* out = own(static_cast<size_t>(t.numel()));
  const int8_t* q = reinterpret_cast<const int8_t*>(t.data);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) out[r * cols + c] = static_cast<float>(q[r * cols + c]) * scale[r];
  return out;
}

WeightMatrix WeightStore::weight(const std::string& name, int64_t rows, int64_t cols) {
  const TensorView& t = require(name, {rows, cols});
  WeightMatrix m;
  m.rows = rows;
  m.cols = cols;
  if (t.dtype == DType::F32) {
    m.f32 = f32_vector(t);
  } else {
    m.scale = i8_scales(t);
    m.q = reinterpret_cast<const int8_t*>(t.data);
  }
  return m;
}

ConstMatrixMap WeightStore::matrix(const std::string& name, int64_t rows, int64_t cols) {
  const TensorView& t = require(name, {rows, cols});
  return ConstMatrixMap(f32_data(t), rows, cols);
}

ConstVectorMap WeightStore::vector(const std::string& name, int64_t n) {
  const TensorView& t = require(name, {n});
  if (t.dtype != DType::F32) bad_tensor(name, "vectors (biases, norms) must be F32");
  return ConstVectorMap(f32_data(t), n);
}

void WeightStore::check_all_used() const {
  std::string extra;
  for (const auto& kv : file_.tensors())
    if (!used_.count(kv.first)) extra += (extra.empty() ? "'" : ", '") + kv.first + "'";
  if (!extra.empty())
    throw Error(ErrorCode::ModelBadTensor,
                "model file has tensors the model config does not use: " + extra +
                    " (the config and the weights disagree; re-export the model)");
}

}  // namespace attnseq
