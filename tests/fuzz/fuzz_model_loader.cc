// Fuzz target: model-file bytes -> attnseq::Translator (the constructor the CLI and the WebAssembly
// module use: safetensors header and tensor validation, metadata, config, both tokenizers, weight
// store and model factory). When a file loads, a short greedy and a short beam translation run on it,
// so fuzzed weights and configs also reach the models' encode/step code. Bounded work per input:
// the output length is capped and the text is short.
#include <cstddef>
#include <cstdint>
#include <memory>

#include "attnseq/attnseq.h"
#include "fuzz_common.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto bytes = std::make_shared<const attnseq::Bytes>(data, data + size);
  fuzz::expect_typed_errors([&] {
    attnseq::Translator translator(bytes);
    attnseq::DecodeOptions options;
    options.max_length = 4;
    fuzz::expect_typed_errors([&] { translator.translate("a cat.", options); });
    options.strategy = attnseq::Strategy::Beam;
    options.beam_size = 2;
    options.num_hypotheses = 2;
    fuzz::expect_typed_errors([&] { translator.translate("a cat.", options); });
  });
  return 0;
}
