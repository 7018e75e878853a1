// Step-wise decoding for animation (greedy or sample): an Embind object `Session` owned by the
// JavaScript side (web/src/engine/core.js), which deletes it when the generation ends, is cancelled
// or its translator is disposed. It shares ownership of the translator, so deleting the translator
// first cannot leave it dangling.
#pragma once

#include <emscripten/val.h>

#include <memory>
#include <string>
#include <vector>

#include "attnseq/translator.h"

namespace attnseq_wasm {

class WasmSession {
 public:
  // text: the UTF-8 text the source tokens come from (for UTF-16 spans).
  WasmSession(std::shared_ptr<const attnseq::Translator> translator, std::unique_ptr<attnseq::TranslationSession> session,
              const std::string& text);

  // ATTNSEQ_SOURCE_FIELDS (bind_records.h, source_to_js).
  emscripten::val source() const;
  bool done() const;
  // {value: step} | {error}: one model step (ATTNSEQ_STEP_FIELDS: bind_records.h, step_to_js).
  emscripten::val next();
  // {value: the translation so far, as Translator.translate() returns it} | {error}
  emscripten::val result() const;

 private:
  std::shared_ptr<const attnseq::Translator> translator_;  // outlives session_ (declared first)
  std::unique_ptr<attnseq::TranslationSession> session_;
  std::vector<int> offsets_;
};

}  // namespace attnseq_wasm
