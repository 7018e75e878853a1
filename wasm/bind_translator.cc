// The Embind object `Translator`: a loaded model. Created by the static load(bytes) (the bytes are
// copied into the WebAssembly heap once and stay there as the model's weights), owned and deleted by
// the JavaScript side (web/src/engine/core.js). Every method that can fail returns an error envelope
// (bind_errors.h) instead of throwing.
#include <emscripten/bind.h>

#include <memory>
#include <string>

#include "attnseq/attnseq.h"
#include "bind_errors.h"
#include "bind_options.h"
#include "bind_results.h"
#include "bind_session.h"

namespace attnseq_wasm {
namespace {

using emscripten::val;

val config_to_js(const attnseq::ModelConfig& c) {
  val o = val::object();
  o.set("arch", std::string(attnseq::arch_name(c.arch)));
  o.set("vocabSrc", c.vocab_src);
  o.set("vocabTgt", c.vocab_tgt);
  o.set("shareEmbeddings", c.share_embeddings);
  o.set("maxSrcLen", c.max_src_len);
  o.set("maxTargetLen", c.max_target_len());
  if (c.gru_decoder()) {  // rnn and conv: the GRU decoder's facts
    o.set("embDim", c.rnn.emb_dim);
    o.set("hidden", c.rnn.hidden);
    o.set("attention", std::string(attnseq::attention_name(c.rnn.attention)));
    o.set("attnDim", c.rnn.attn_dim);
  } else {
    o.set("dModel", c.transformer.d_model);
    o.set("heads", c.transformer.heads);
    o.set("ffnDim", c.transformer.ffn_dim);
    o.set("encLayers", c.transformer.enc_layers);
    o.set("decLayers", c.transformer.dec_layers);
    o.set("maxPositions", c.transformer.max_positions);
  }
  if (c.arch == attnseq::Arch::Conv) {  // the encoder's windows, layer by layer
    o.set("kernel", c.conv.kernel);
    o.set("convLayers", c.conv.layers);
    o.set("maxPositions", c.conv.max_positions);
    val field = val::array();  // tokens a position sees after layer l = 1..L
    for (int l = 1; l <= c.conv.layers; ++l) field.call<void>("push", c.conv.receptive_field(l));
    o.set("receptiveField", field);
  }
  return o;
}

}  // namespace

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

  // {name, description, quantized, config: {...}, hasAttention, controlIds: {bos, eos, bosPiece, eosPiece},
  //  metadata: {...}}
  // (tokenizers left out: large)
  val info() const {
    const attnseq::ModelInfo& info = t_->info();
    val o = val::object();
    o.set("name", info.name);
    o.set("description", info.description);
    o.set("quantized", info.quantized);
    o.set("config", config_to_js(info.config));
    o.set("hasAttention", t_->model()->has_attention());
    val ids = val::object();  // the target vocabulary's control tokens, as the file's tokenizer defines them
    ids.set("bos", t_->control_ids().bos);
    ids.set("eos", t_->control_ids().eos);
    ids.set("bosPiece", t_->target_token(t_->control_ids().bos).piece);
    ids.set("eosPiece", t_->target_token(t_->control_ids().eos).piece);
    o.set("controlIds", ids);
    val meta = val::object();
    for (const auto& kv : info.metadata)
      if (kv.first != "src_tokenizer" && kv.first != "tgt_tokenizer") meta.set(kv.first, kv.second);
    o.set("metadata", meta);
    return o;
  }

  val translate(const std::string& text, const val& options) const {
    return guarded([&] {
      const attnseq::DecodeOptions o = decode_options_from_js(options, *t_);
      const attnseq::TranslationResult r = t_->translate(text, o);
      return result_to_js(r, *t_, utf16_offsets(text));
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
  std::shared_ptr<const attnseq::Translator> t_;
};

EMSCRIPTEN_BINDINGS(attnseq_translator) {
  emscripten::class_<WasmTranslator>("Translator")
      .class_function("load", &WasmTranslator::load)
      .function("info", &WasmTranslator::info)
      .function("translate", &WasmTranslator::translate)
      .function("start", &WasmTranslator::start)
      .function("tokenize", &WasmTranslator::tokenize)
      .function("sentences", &WasmTranslator::sentences);
}

}  // namespace attnseq_wasm
