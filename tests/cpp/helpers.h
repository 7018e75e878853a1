// Test helpers: building safetensors bytes in memory and reading test data files.
#pragma once

#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "attnseq/decode/options.h"
#include "attnseq/io/weights.h"

namespace testing {

inline std::shared_ptr<attnseq::Bytes> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("test data missing: " + path);
  return std::make_shared<attnseq::Bytes>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

inline nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("test data missing: " + path);
  return nlohmann::json::parse(in);
}

// The options the PyTorch reference search decodes with: the engine's defaults without its own guards (the
// run guard and the number guard), which the reference does not have. Golden comparisons use these.
inline attnseq::DecodeOptions reference_options() {
  attnseq::DecodeOptions o;
  o.max_repeat_run = 0;
  o.copy_numbers = false;
  return o;
}

inline std::string data_path(const std::string& rel) { return std::string(ATTNSEQ_TEST_DATA_DIR) + "/" + rel; }

// header JSON text + raw data section -> safetensors bytes
inline attnseq::Bytes make_safetensors(const std::string& header, const std::vector<uint8_t>& data) {
  attnseq::Bytes out(8);
  uint64_t n = header.size();
  for (int i = 0; i < 8; ++i) out[i] = static_cast<uint8_t>(n >> (8 * i));
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

struct TensorSpec {
  std::string name;
  std::vector<int64_t> shape;
  std::vector<float> values;
};

// A well-formed F32 safetensors file with the given tensors and metadata.
inline attnseq::Bytes make_f32_file(const std::vector<TensorSpec>& tensors, const nlohmann::json& metadata) {
  nlohmann::json header = nlohmann::json::object();
  if (!metadata.is_null()) header["__metadata__"] = metadata;
  std::vector<uint8_t> data;
  for (const auto& t : tensors) {
    const size_t begin = data.size();
    data.resize(begin + t.values.size() * 4);
    std::memcpy(data.data() + begin, t.values.data(), t.values.size() * 4);
    header[t.name] = {{"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {begin, data.size()}}};
  }
  std::string h = header.dump();
  while ((8 + h.size()) % 8) h += ' ';
  return make_safetensors(h, data);
}

}  // namespace testing
