// JSON text to nlohmann::json, one way for every reader of the model file (its header, metadata, config
// and tokenizers): the parser is a template on its input, and reading every text through the same
// input type (a range of chars) compiles one copy of it instead of one per input type (in WebAssembly,
// each copy is compiled again by the engine's optimizing compiler while the first translation runs).
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

namespace attnseq {

// The JSON value of `text`, or a discarded value (is_discarded()) when it is not valid JSON.
inline nlohmann::json parse_json(std::string_view text) {
  return nlohmann::json::parse(text.data(), text.data() + text.size(), nullptr, /*allow_exceptions=*/false);
}

}  // namespace attnseq
