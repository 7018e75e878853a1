// A translation taken in slices (attnseq::TranslationJob): the Embind object `Job`, owned by the
// JavaScript side (web/src/engine/core.js). The worker runs translate() requests through it, a slice at
// a time, and reads its messages between slices: a cancelled request stops within one slice (one model
// step when the slice is 0 ms), instead of computing to the end.
#pragma once

#include <emscripten/val.h>

#include <memory>
#include <string>
#include <vector>

#include "attnseq/translator.h"

namespace attnseq_wasm {

class WasmJob {
 public:
  // text: the UTF-8 text the source tokens come from (for UTF-16 spans).
  WasmJob(std::shared_ptr<const attnseq::Translator> translator, std::unique_ptr<attnseq::TranslationJob> job,
          const std::string& text);

  bool done() const;
  // {value: model steps taken} | {error}: model steps until the job is done or `ms` milliseconds have
  // passed (at least one step when not done).
  emscripten::val advance(double ms);
  // {value: the translation, as Translator.translate() returns it} | {error}; once done (call once).
  emscripten::val result();

 private:
  std::shared_ptr<const attnseq::Translator> translator_;  // outlives job_ (declared first)
  std::unique_ptr<attnseq::TranslationJob> job_;
  std::vector<int> offsets_;
};

}  // namespace attnseq_wasm
