// Fuzz target: the safetensors container parser alone (attnseq::SafetensorsFile::parse,
// cpp/attnseq/io/safetensors.h): 8-byte header length, header JSON, dtypes, shapes, data_offsets,
// __metadata__ -- no config, tokenizer or weights. The input is the file (-max_len=16384 in
// scripts/test_native_hardening.sh; seeds: the miniature model files of fuzz_model_loader's corpus and
// small hand-made containers).
// Checks beyond "no crash":
//   - a rejection is MODEL_TRUNCATED, MODEL_BAD_HEADER or MODEL_BAD_TENSOR, as the header promises;
//   - a file that parses agrees with its header JSON as nlohmann reads it (one TensorView per tensor key,
//     its dtype, shape and data_offsets; the metadata map), every view lies inside the data section with
//     nbytes = numel * dtype size, and the views cover the data section contiguously from 0 to its end:
//     no hole, no overlap, no trailing byte (the rule the loader enforces since the repack);
//   - the same bytes with the last one removed or one byte appended do not parse (truncation and
//     trailing bytes are refused).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnseq/core/errors.h"
#include "attnseq/io/safetensors.h"
#include "fuzz_common.h"

namespace {

using attnseq::ErrorCode;

bool parses(const uint8_t* data, size_t size) {
  try {
    attnseq::SafetensorsFile::parse(data, size);
    return true;
  } catch (const attnseq::Error& e) {
    fuzz::check(e.code() == ErrorCode::ModelTruncated || e.code() == ErrorCode::ModelBadHeader ||
                    e.code() == ErrorCode::ModelBadTensor,
                "SafetensorsFile::parse threw a code other than MODEL_TRUNCATED/BAD_HEADER/BAD_TENSOR");
    return false;
  }
}

void check_parsed(const attnseq::SafetensorsFile& file, const uint8_t* data, size_t size) {
  fuzz::check(size >= 8, "a file under 8 bytes parsed");
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | data[i];
  fuzz::check(n >= 2 && n <= size - 8, "the header length does not fit the file");
  const uint8_t* base = data + 8 + n;
  const uint64_t data_size = size - 8 - n;

  const nlohmann::json j = nlohmann::json::parse(data + 8, base, nullptr, /*allow_exceptions=*/false);
  fuzz::check(!j.is_discarded() && j.is_object(), "a header that is not a JSON object parsed");
  size_t tensor_keys = 0;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.key() == "__metadata__") {
      fuzz::check(it.value().size() == file.metadata().size(), "metadata size differs from the header");
      for (auto m = it.value().begin(); m != it.value().end(); ++m) {
        const auto found = file.metadata().find(m.key());
        fuzz::check(found != file.metadata().end() && m.value().is_string() && found->second == m.value().get<std::string>(),
                    "a metadata entry differs from the header");
      }
      continue;
    }
    ++tensor_keys;
    const attnseq::TensorView* t = file.find(it.key());
    fuzz::check(t != nullptr && t == &file.tensors().at(it.key()) && t->name == it.key(), "a header tensor is missing");
    const nlohmann::json& v = it.value();
    fuzz::check(v.at("dtype") == attnseq::dtype_name(t->dtype), "a tensor's dtype differs from the header");
    const nlohmann::json& shape = v.at("shape");
    fuzz::check(shape.size() == t->shape.size() && t->shape.size() <= 8, "a tensor's rank differs from the header");
    const bool empty = std::find(t->shape.begin(), t->shape.end(), 0) != t->shape.end();
    uint64_t numel = empty ? 0 : 1;
    for (size_t d = 0; d < t->shape.size(); ++d) {
      fuzz::check(t->shape[d] >= 0 && shape[d].get<uint64_t>() == static_cast<uint64_t>(t->shape[d]),
                  "a tensor's shape differs from the header");
      if (empty) continue;
      numel *= static_cast<uint64_t>(t->shape[d]);  // no overflow: every partial product <= data_size
      fuzz::check(numel <= data_size, "a tensor has more elements than the data section has bytes");
    }
    const uint64_t begin = v.at("data_offsets")[0].get<uint64_t>(), end = v.at("data_offsets")[1].get<uint64_t>();
    fuzz::check(t->data == base + begin && t->nbytes == end - begin, "a tensor's view differs from its data_offsets");
    fuzz::check(end <= data_size, "a tensor's data ends after the data section");
    fuzz::check(t->nbytes == numel * attnseq::dtype_size(t->dtype) && static_cast<uint64_t>(t->numel()) == numel,
                "a tensor's byte count is not numel * dtype size");
  }
  fuzz::check(tensor_keys == file.tensors().size(), "the number of tensors differs from the header");
  fuzz::check(file.find("__metadata__") == nullptr, "__metadata__ parsed as a tensor");

  // Contiguity, checked independently of the parser: sorted by offset, each view starts where the one
  // before ends, the first at 0 and the last ends at the end of the data section.
  std::vector<const attnseq::TensorView*> views;
  for (const auto& kv : file.tensors()) views.push_back(&kv.second);
  std::sort(views.begin(), views.end(), [](auto* a, auto* b) {
    return a->data != b->data ? a->data < b->data : a->nbytes < b->nbytes;
  });
  const uint8_t* pos = base;
  uint64_t sum = 0;
  for (const attnseq::TensorView* t : views) {
    fuzz::check(t->data == pos, "tensor data has a hole or an overlap");
    pos += t->nbytes;
    sum += t->nbytes;
    uint8_t x = 0;  // touch every byte of the view: ASan reports a view outside the input buffer
    for (size_t i = 0; i < t->nbytes; ++i) x ^= t->data[i];
    (void)x;
  }
  fuzz::check(pos == data + size && sum == data_size, "the tensors do not cover the data section exactly");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::unique_ptr<attnseq::SafetensorsFile> file;
  try {
    file = std::make_unique<attnseq::SafetensorsFile>(attnseq::SafetensorsFile::parse(data, size));
  } catch (const attnseq::Error& e) {
    fuzz::check(e.code() == ErrorCode::ModelTruncated || e.code() == ErrorCode::ModelBadHeader ||
                    e.code() == ErrorCode::ModelBadTensor,
                "SafetensorsFile::parse threw a code other than MODEL_TRUNCATED/BAD_HEADER/BAD_TENSOR");
    return 0;
  }
  check_parsed(*file, data, size);
  // Exact-size copies (so ASan sees their ends): one byte short, one byte more.
  std::unique_ptr<uint8_t[]> shorter(new uint8_t[size - 1]);
  std::memcpy(shorter.get(), data, size - 1);
  fuzz::check(!parses(shorter.get(), size - 1), "the file without its last byte still parses");
  std::unique_ptr<uint8_t[]> longer(new uint8_t[size + 1]);
  std::memcpy(longer.get(), data, size);
  longer[size] = 0;
  fuzz::check(!parses(longer.get(), size + 1), "the file with a trailing byte still parses");
  return 0;
}
