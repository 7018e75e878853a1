// Parsing and validation of safetensors bytes (docs/model-format.md). Nothing here reads a byte
// outside [data, data + size): every length, offset and shape is checked before use.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace attnseq {

enum class DType { F32, I8, U8 };  // U8: byte blobs (a tokenizer's normalization table)
const char* dtype_name(DType dtype);
size_t dtype_size(DType dtype);

struct TensorView {
  std::string name;
  DType dtype = DType::F32;
  std::vector<int64_t> shape;
  const uint8_t* data = nullptr;  // points into the parsed buffer
  size_t nbytes = 0;
  int64_t numel() const;
  std::string shape_string() const;  // e.g. "[128, 64]"
};

class SafetensorsFile {
 public:
  // Throws Error(ModelTruncated | ModelBadHeader | ModelBadTensor). The buffer must outlive the views.
  static SafetensorsFile parse(const uint8_t* data, size_t size);

  const std::map<std::string, std::string>& metadata() const { return metadata_; }
  const std::map<std::string, TensorView>& tensors() const { return tensors_; }
  const TensorView* find(const std::string& name) const;
  // The metadata value for key, or throws ModelBadConfig naming the missing key.
  const std::string& require_metadata(const std::string& key) const;

 private:
  std::map<std::string, std::string> metadata_;
  std::map<std::string, TensorView> tensors_;
};

}  // namespace attnseq
