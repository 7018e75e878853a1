#include "bind_session.h"

#include <emscripten/bind.h>

#include "bind_errors.h"
#include "bind_records.h"

namespace attnseq_wasm {

using emscripten::val;

WasmSession::WasmSession(std::shared_ptr<const attnseq::Translator> translator,
                         std::unique_ptr<attnseq::TranslationSession> session, const std::string& text)
    : translator_(std::move(translator)), session_(std::move(session)), offsets_(utf16_offsets(text)) {}

val WasmSession::source() const { return source_to_js(*session_, *translator_, offsets_); }

bool WasmSession::done() const { return session_->done(); }

val WasmSession::next() {
  return guarded([&] { return step_to_js(session_->next(), *translator_); });
}

val WasmSession::result() const {
  return guarded([&] { return result_to_js(session_->result(), *translator_, offsets_); });
}

EMSCRIPTEN_BINDINGS(attnseq_session) {
  emscripten::class_<WasmSession>("Session")
      .function("source", &WasmSession::source)
      .function("done", &WasmSession::done)
      .function("next", &WasmSession::next)
      .function("result", &WasmSession::result);
}

}  // namespace attnseq_wasm
