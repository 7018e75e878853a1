#include "attnseq/io/safetensors.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>

#include "attnseq/core/errors.h"
#include "attnseq/io/json_text.h"

namespace attnseq {
namespace {

using nlohmann::json;

constexpr uint64_t kMaxHeaderBytes = 64ull << 20;  // 64 MiB: far above any real header

[[noreturn]] void bad_header(const std::string& what) {
  throw Error(ErrorCode::ModelBadHeader, "model file header: " + what);
}
[[noreturn]] void bad_tensor(const std::string& name, const std::string& what) {
  throw Error(ErrorCode::ModelBadTensor, "model file tensor '" + name + "': " + what);
}

DType parse_dtype(const std::string& name, const json& v) {
  if (!v.is_string()) bad_tensor(name, "\"dtype\" must be a string");
  const std::string s = v.get<std::string>();
  if (s == "F32") return DType::F32;
  if (s == "I8") return DType::I8;
  if (s == "U8") return DType::U8;
  bad_tensor(name, "dtype " + s + " is not supported (attnseq reads F32, I8 and U8; re-export the model)");
}

std::vector<int64_t> parse_shape(const std::string& name, const json& v) {
  if (!v.is_array()) bad_tensor(name, "\"shape\" must be an array of integers");
  if (v.size() > 8) bad_tensor(name, "shape has " + std::to_string(v.size()) + " dimensions (at most 8)");
  std::vector<int64_t> shape;
  for (const auto& d : v) {
    if (!d.is_number_unsigned()) bad_tensor(name, "shape entries must be non-negative integers");
    const uint64_t x = d.get<uint64_t>();
    if (x > (1ull << 40)) bad_tensor(name, "shape entry " + std::to_string(x) + " is implausibly large");
    shape.push_back(static_cast<int64_t>(x));
  }
  return shape;
}

// numel * element size, or throws when it overflows. The non-zero dimensions must multiply to a
// plausible count even when another dimension is 0 (numel() is then 0, but must not overflow).
uint64_t byte_count(const std::string& name, const std::vector<int64_t>& shape, size_t elem) {
  uint64_t n = elem;
  bool empty = false;
  for (int64_t d : shape) {
    if (d == 0) {
      empty = true;
      continue;
    }
    if (n > (1ull << 62) / static_cast<uint64_t>(d)) bad_tensor(name, "shape is too large");
    n *= static_cast<uint64_t>(d);
  }
  return empty ? 0 : n;
}

TensorView parse_tensor(const std::string& name, const json& v, const uint8_t* base, uint64_t data_size) {
  if (!v.is_object()) bad_tensor(name, "entry must be an object with dtype, shape, data_offsets");
  for (const char* key : {"dtype", "shape", "data_offsets"})
    if (!v.contains(key)) bad_tensor(name, std::string("missing \"") + key + "\"");
  TensorView t;
  t.name = name;
  t.dtype = parse_dtype(name, v["dtype"]);
  t.shape = parse_shape(name, v["shape"]);
  const json& off = v["data_offsets"];
  if (!off.is_array() || off.size() != 2 || !off[0].is_number_unsigned() || !off[1].is_number_unsigned())
    bad_tensor(name, "\"data_offsets\" must be [begin, end] with non-negative integers");
  const uint64_t begin = off[0].get<uint64_t>(), end = off[1].get<uint64_t>();
  if (begin > end) bad_tensor(name, "data_offsets begin " + std::to_string(begin) + " > end " + std::to_string(end));
  if (end > data_size)
    throw Error(ErrorCode::ModelTruncated, "model file tensor '" + name + "': data ends at byte " +
                                               std::to_string(end) + " of the data section, but the file has only " +
                                               std::to_string(data_size) + " data bytes (is the file truncated?)");
  const uint64_t expected = byte_count(name, t.shape, dtype_size(t.dtype));
  if (end - begin != expected)
    bad_tensor(name, "data_offsets span " + std::to_string(end - begin) + " bytes but " + dtype_name(t.dtype) + " " +
                         t.shape_string() + " needs " + std::to_string(expected));
  t.data = base + begin;
  t.nbytes = static_cast<size_t>(expected);
  return t;
}

// The safetensors rule (the reference implementation's InvalidOffset / MetadataIncompleteBuffer): the
// tensors' byte ranges, in offset order, cover the data section from 0 to its end with no hole and no
// overlap.
void check_contiguous(const std::map<std::string, TensorView>& tensors, const uint8_t* base, uint64_t data_size) {
  std::vector<const TensorView*> sorted;
  for (const auto& kv : tensors) sorted.push_back(&kv.second);
  std::sort(sorted.begin(), sorted.end(), [](auto* a, auto* b) {
    return a->data != b->data ? a->data < b->data : a->nbytes < b->nbytes;
  });
  uint64_t pos = 0;
  for (const TensorView* t : sorted) {
    const uint64_t begin = static_cast<uint64_t>(t->data - base);
    if (begin < pos) bad_tensor(t->name, "its data overlaps the tensor before it (data_offsets begin " +
                                             std::to_string(begin) + " < " + std::to_string(pos) + ")");
    if (begin > pos)
      bad_tensor(t->name, "a hole of " + std::to_string(begin - pos) + " bytes before its data (data_offsets begin " +
                              std::to_string(begin) + ", expected " + std::to_string(pos) +
                              "); safetensors files have none: re-export or repack the model (train/repack.py)");
    pos = begin + t->nbytes;
  }
  if (pos != data_size)
    bad_header(std::to_string(data_size - pos) + " bytes after the last tensor's data (it ends at " +
               std::to_string(pos) + " of " + std::to_string(data_size) +
               "); safetensors files have none: re-export or repack the model (train/repack.py)");
}

std::map<std::string, std::string> parse_metadata(const json& v) {
  if (!v.is_object()) bad_header("\"__metadata__\" must be an object of strings");
  std::map<std::string, std::string> out;
  for (auto it = v.begin(); it != v.end(); ++it) {
    if (!it.value().is_string()) bad_header("\"__metadata__\"." + it.key() + " must be a string");
    out[it.key()] = it.value().get<std::string>();
  }
  return out;
}

}  // namespace

const char* dtype_name(DType dtype) { return dtype == DType::F32 ? "F32" : dtype == DType::I8 ? "I8" : "U8"; }
size_t dtype_size(DType dtype) { return dtype == DType::F32 ? 4 : 1; }

int64_t TensorView::numel() const {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (d == 0) return 0;
    n *= d;  // parse() checked that the non-zero dimensions multiply to less than 2^62
  }
  return n;
}

std::string TensorView::shape_string() const {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

SafetensorsFile SafetensorsFile::parse(const uint8_t* data, size_t size) {
  if (size < 8)
    throw Error(ErrorCode::ModelTruncated, "model file is " + std::to_string(size) +
                                               " bytes: too short to be a model (it needs at least an 8-byte header length)");
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | data[i];
  if (n == 0 || n > kMaxHeaderBytes)
    bad_header("header length " + std::to_string(n) + " is not plausible; this is not an attnseq/safetensors model file");
  if (n > size - 8)
    throw Error(ErrorCode::ModelTruncated, "model file header claims " + std::to_string(n) + " bytes but only " +
                                               std::to_string(size - 8) + " follow (is the file truncated?)");
  const char* hdr = reinterpret_cast<const char*>(data + 8);
  json j = parse_json(std::string_view(hdr, static_cast<size_t>(n)));
  if (j.is_discarded()) bad_header("the " + std::to_string(n) + "-byte header is not valid JSON (a damaged or wrong file?)");
  if (!j.is_object()) bad_header("the header JSON must be an object");

  SafetensorsFile file;
  const uint8_t* base = data + 8 + n;
  const uint64_t data_size = size - 8 - n;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.key() == "__metadata__")
      file.metadata_ = parse_metadata(it.value());
    else
      file.tensors_[it.key()] = parse_tensor(it.key(), it.value(), base, data_size);
  }
  check_contiguous(file.tensors_, base, data_size);
  return file;
}

const TensorView* SafetensorsFile::find(const std::string& name) const {
  auto it = tensors_.find(name);
  return it == tensors_.end() ? nullptr : &it->second;
}

const std::string& SafetensorsFile::require_metadata(const std::string& key) const {
  auto it = metadata_.find(key);
  if (it == metadata_.end())
    throw Error(ErrorCode::ModelBadConfig, "model file metadata has no \"" + key +
                                               "\": this is not an attnseq model (export it with train/export.py)");
  return it->second;
}

}  // namespace attnseq
