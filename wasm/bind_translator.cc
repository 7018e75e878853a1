// The Embind object `Translator`: a loaded model. Created by the static load(bytes) (the bytes are
// copied into the WebAssembly heap once and stay there as the model's weights), owned and deleted by
// the JavaScript side (web/src/engine/core.js). Every method that can fail returns an error envelope
// (bind_errors.h) instead of throwing.
#include <emscripten/bind.h>

#include <memory>
#include <string>

#include "attnseq/attnseq.h"
#include "attnseq/text/tokenizer.h"
#include "bind_errors.h"
#include "bind_job.h"
#include "bind_options.h"
#include "bind_records.h"
#include "bind_session.h"

namespace attnseq_wasm {

using emscripten::val;

class WasmTranslator {
 public:
  explicit WasmTranslator(std::shared_ptr<const attnseq::Translator> t) : t_(std::move(t)) {}

  // {value: Translator} | {error}. bytes: a Uint8Array holding the model file.
  static val load(const val& bytes) {
    return guarded([&] {
      const size_t n = bytes["length"].as<size_t>();
      auto data = std::make_shared<attnseq::Bytes>(n);
      // One copy, JavaScript → heap (the view is made after the allocation, which may grow memory).
      val(emscripten::typed_memory_view(n, data->data())).call<void>("set", bytes);
      auto t = std::make_shared<const attnseq::Translator>(std::move(data));
      return val(WasmTranslator(std::move(t)));  // moved into an object owned by JavaScript
    });
  }

  // ATTNSEQ_MODEL_INFO_FIELDS (bind_records.h, info_to_js).
  val info() const { return info_to_js(*t_); }

  val translate(const std::string& text, const val& options) const {
    return guarded([&] {
      const attnseq::DecodeOptions o = decode_options_from_js(options, *t_);
      const attnseq::TranslationResult r = t_->translate(text, o);
      return result_to_js(r, *t_, utf16_offsets(text));
    });
  }

  // {value: Sensitivity} | {error}: each source token replaced in turn (attnseq/sensitivity.h);
  // replacement: undefined (<unk>), a source vocabulary id or a source piece ("▁the").
  val sensitivity(const std::string& text, const val& options, const val& replacement) const {
    return guarded([&] {
      const attnseq::DecodeOptions o = decode_options_from_js(options, *t_);
      return sensitivity_to_js(attnseq::sensitivity(*t_, text, o, replacement_id(replacement)), *t_, utf16_offsets(text));
    });
  }

  // {value: Job} | {error}: translate() one model step at a time (bind_job.h), for the worker.
  val begin(const std::string& text, const val& options) const {
    return guarded([&] {
      auto job = t_->begin(text, decode_options_from_js(options, *t_));
      return val(WasmJob(t_, std::move(job), text));  // moved to a JS-owned copy
    });
  }

  // {value: Session | null} | {error}: null for blank text (Translator::start: nothing to generate).
  val start(const std::string& text, const val& options) const {
    return guarded([&] {
      auto session = t_->start(text, decode_options_from_js(options, *t_));
      if (!session) return val::null();
      return val(WasmSession(t_, std::move(session), text));  // moved to a JS-owned copy
    });
  }

  // {value: [[begin, end], ...]} | {error}: the sentences of `text` as UTF-16 spans (Translator::sentences)
  val sentences(const std::string& text) const {
    return guarded([&] {
      const std::vector<int> offsets = utf16_offsets(text);
      val out = val::array();
      int i = 0;
      for (const auto& [begin, end] : t_->sentences(text)) {
        val span = val::array();
        span.set(0, offsets[begin]);
        span.set(1, offsets[end]);
        out.set(i++, span);
      }
      return out;
    });
  }

  // {value: source tokens (with </s>)} | {error}
  val tokenize(const std::string& text) const {
    return guarded([&] { return source_tokens_to_js(t_->tokenize(text), utf16_offsets(text)); });
  }

 private:
  int replacement_id(const val& r) const {
    using attnseq::Error;
    using attnseq::ErrorCode;
    if (r.isUndefined() || r.isNull()) return -1;
    if (r.isNumber()) {
      const double d = r.as<double>();
      if (!(d >= 0 && d == static_cast<int>(d)))
        throw Error(ErrorCode::BadOption, "replacement must be a source vocabulary id (an integer >= 0) or a piece");
      return static_cast<int>(d);
    }
    if (!r.isString()) throw Error(ErrorCode::BadOption, "replacement must be a source vocabulary id or a piece (a string)");
    const std::string piece = r.as<std::string>();
    const attnseq::Tokenizer& tok = t_->source_tokenizer();
    const int id = tok.id_of(piece);
    if (id == tok.unk_id() && piece != tok.piece(id))
      throw Error(ErrorCode::BadOption, "replacement \"" + piece + "\" is not a piece of the source vocabulary (e.g. ▁the)");
    return id;
  }

  std::shared_ptr<const attnseq::Translator> t_;
};

EMSCRIPTEN_BINDINGS(attnseq_translator) {
  emscripten::class_<WasmTranslator>("Translator")
      .class_function("load", &WasmTranslator::load)
      .function("info", &WasmTranslator::info)
      .function("translate", &WasmTranslator::translate)
      .function("sensitivity", &WasmTranslator::sensitivity)
      .function("begin", &WasmTranslator::begin)
      .function("start", &WasmTranslator::start)
      .function("tokenize", &WasmTranslator::tokenize)
      .function("sentences", &WasmTranslator::sentences);
}

}  // namespace attnseq_wasm
