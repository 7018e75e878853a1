// Fuzz target: text against FIXED, real tokenizers (built once, on the first input). The first input
// byte picks one of them (modulo 3), the rest is the text (any bytes; -max_len=512 in
// scripts/test_native_hardening.sh):
//   0: tests/data/tokenizer/tok.json       -- charsmap normalizer (user_defined rules), user symbols <sep>, ™;
//   1: tests/data/tokenizer/tok_bytes.json -- byte fallback, identity normalizer, no dummy prefix, spaces kept;
//   2: models/en-zh-transformer.i8.safetensors, its target tokenizer -- the shipped Chinese vocabulary
//      (4,000 pieces) with the nmt_nfkc + Traditional-to-Simplified charsmap.
// The tokenizer encodes, normalizes and decodes the text with the checks of tokenizer_checks.h: ids inside
// the vocabulary, spans contiguous and inside the text, pieces concatenating to the normalized text,
// normalized and decoded text valid UTF-8, decode(encode(text)) == the normalized text when no piece is
// unknown. The same text read as little-endian int32 ids is decoded as it is (BAD_INPUT exactly when an
// id is out of range) and reduced modulo the vocabulary size (must decode).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "attnseq/translator.h"
#include "attnseq/text/tokenizer.h"
#include "fuzz_common.h"
#include "tokenizer_checks.h"

namespace {

struct Fixed {
  attnseq::Tokenizer tok;
  fuzz::TokenizerTraits traits;
};

attnseq::Tokenizer from_file(const std::string& path) {
  auto bytes = fuzz::read_file(path);
  return attnseq::Tokenizer::from_json_text(std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
}

// The target tokenizer of a model file, as the Translator reads it (JSON plus, in format 2, tensors).
attnseq::Tokenizer target_tokenizer_of(const std::string& path) {
  return attnseq::Translator(fuzz::read_file(path)).target_tokenizer();
}

const std::vector<Fixed>& tokenizers() {
  static const std::vector<Fixed> fixed = [] {
    std::vector<attnseq::Tokenizer> toks;
    toks.push_back(from_file(fuzz::data_path("tokenizer/tok.json")));
    toks.push_back(from_file(fuzz::data_path("tokenizer/tok_bytes.json")));
    toks.push_back(target_tokenizer_of(fuzz::data_path("../../models/en-zh-transformer.i8.safetensors")));
    std::vector<Fixed> out;
    for (auto& t : toks) {
      const fuzz::TokenizerTraits traits = fuzz::traits_of(t);
      // These real vocabularies are clean: the round-trip and UTF-8 checks below apply to them.
      fuzz::check(traits.clean, "a fixed tokenizer's vocabulary is not clean");
      out.push_back({std::move(t), traits});
    }
    fuzz::check(out[1].traits.byte_fallback && !out[0].traits.byte_fallback && !out[2].traits.byte_fallback,
                "fixed tokenizers: only tok_bytes.json has byte fallback");
    return out;
  }();
  return fixed;
}

}  // namespace

// The three tokenizers load before the first input (the shipped Chinese model's JSON parse takes
// seconds under ASan on a busy machine): loaded lazily inside the first input, that time counted
// against libFuzzer's per-input -timeout and reported a timeout on the one-byte input "\x01".
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  tokenizers();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const Fixed& f = tokenizers()[data[0] % tokenizers().size()];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  fuzz::check_encoding(f.tok, f.traits, text, /*promise_valid_utf8=*/true);
  std::vector<int> ids, wrapped;
  for (size_t i = 0; i + 4 <= text.size(); i += 4) {
    int32_t id;
    std::memcpy(&id, text.data() + i, 4);
    ids.push_back(id);
    wrapped.push_back(static_cast<int>(static_cast<uint32_t>(id) % static_cast<uint32_t>(f.tok.vocab_size())));
  }
  fuzz::check_decode(f.tok, f.traits, ids);
  fuzz::check_decode(f.tok, f.traits, wrapped);
  return 0;
}
