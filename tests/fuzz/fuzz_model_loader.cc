// Fuzz target: a whole model file -> attnseq::Translator, the constructor the CLI and the WebAssembly
// module use (safetensors container, metadata, config, both tokenizers, weight store F32/I8, model
// factory). The input is the file, capped at -max_len=16384 in scripts/test_native_hardening.sh; the seeds
// are miniature models of every architecture and attention kind (3-11 kB, tests/fuzz/make_seeds.py), so
// each input builds a model in a fraction of a millisecond. The container parser alone is fuzzed much
// faster by fuzz_safetensors_header, the tokenizer JSON by fuzz_tokenizer_json.
// Checks beyond "no crash":
//   - a rejection is one of the model-file codes (MODEL_*, BAD_TOKENIZER), never BAD_INPUT/BAD_OPTION/
//     INTERNAL or another exception;
//   - a model that loads is consistent: the tokenizers have the config's vocabulary sizes, `quantized`
//     says whether the file has an I8 tensor, the metadata is the file's;
//   - it translates a short text, greedy and with beam search (max_length 4): only INPUT_TOO_LONG (a
//     fuzzed max_src_len) may refuse it; source tokens end with </s> and have spans inside the text,
//     hypotheses respect max_length/num_hypotheses and have target ids inside the vocabulary.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "attnseq/attnseq.h"
#include "attnseq/text/tokenizer.h"
#include "fuzz_common.h"

namespace {

using attnseq::ErrorCode;

bool is_load_error(ErrorCode c) {
  return c == ErrorCode::ModelTruncated || c == ErrorCode::ModelBadHeader || c == ErrorCode::ModelBadTensor ||
         c == ErrorCode::ModelBadConfig || c == ErrorCode::ModelVersion || c == ErrorCode::BadTokenizer;
}

void check_translation(const attnseq::Translator& translator, const attnseq::DecodeOptions& o) {
  const std::string text = "a cat.";
  const attnseq::ModelConfig& config = translator.info().config;
  try {
    const attnseq::TranslationResult r = translator.translate(text, o);
    fuzz::check(!r.source.empty() && r.source.back().id == 3 && r.source.back().begin == -1,
                "the source does not end with </s>");
    fuzz::check(static_cast<int>(r.source.size()) <= config.max_src_len, "the source is longer than max_src_len");
    for (size_t i = 0; i + 1 < r.source.size(); ++i) {
      const attnseq::Token& t = r.source[i];
      fuzz::check(t.id >= 0 && t.id < config.vocab_src, "a source id outside the source vocabulary");
      fuzz::check(t.begin >= 0 && t.begin <= t.end && t.end <= static_cast<int>(text.size()), "a source span outside the text");
    }
    const size_t most = o.strategy == attnseq::Strategy::Beam ? static_cast<size_t>(o.num_hypotheses) : 1;
    fuzz::check(!r.hypotheses.empty() && r.hypotheses.size() <= most, "wrong number of hypotheses");
    for (const auto& h : r.hypotheses) {
      fuzz::check(!h.tokens.empty() && static_cast<int>(h.tokens.size()) <= o.max_length, "a hypothesis breaks max_length");
      fuzz::check(h.probabilities.size() == h.tokens.size() && h.logprobs.size() == h.tokens.size(),
                  "tokens, probabilities and logprobs differ in length");
      for (const auto& t : h.tokens) fuzz::check(t.id >= 0 && t.id < config.vocab_tgt, "a target id outside the vocabulary");
    }
  } catch (const attnseq::Error& e) {
    // a text too long for the model, or weights whose scores are not finite (decode/finite.h)
    fuzz::check(e.code() == ErrorCode::InputTooLong || e.code() == ErrorCode::ModelBadTensor,
                "a model that loaded failed to translate (not INPUT_TOO_LONG or MODEL_BAD_TENSOR)");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto bytes = std::make_shared<const attnseq::Bytes>(data, data + size);
  std::unique_ptr<attnseq::Translator> translator;
  try {
    translator = std::make_unique<attnseq::Translator>(bytes);
  } catch (const attnseq::Error& e) {
    fuzz::check(is_load_error(e.code()), "Translator(bytes) threw a code that is not a model-file error");
    return 0;
  }
  const attnseq::ModelInfo& info = translator->info();
  fuzz::check(translator->source_tokenizer().vocab_size() == info.config.vocab_src &&
                  translator->target_tokenizer().vocab_size() == info.config.vocab_tgt,
              "a tokenizer's size differs from the config");
  const auto file = attnseq::SafetensorsFile::parse(bytes->data(), bytes->size());
  bool has_i8 = false;
  for (const auto& kv : file.tensors()) has_i8 = has_i8 || kv.second.dtype == attnseq::DType::I8;
  fuzz::check(info.quantized == has_i8, "ModelInfo::quantized disagrees with the file's dtypes");
  fuzz::check(info.metadata == file.metadata(), "ModelInfo::metadata differs from the file's");

  attnseq::DecodeOptions o;
  o.max_length = 4;
  check_translation(*translator, o);
  o.strategy = attnseq::Strategy::Beam;
  o.beam_size = 2;
  o.num_hypotheses = 2;
  check_translation(*translator, o);
  return 0;
}
