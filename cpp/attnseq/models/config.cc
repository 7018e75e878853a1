#include "attnseq/models/config.h"

#include <nlohmann/json.hpp>

#include "attnseq/core/errors.h"
#include "attnseq/io/json_text.h"

namespace attnseq {
namespace {

using nlohmann::json;

[[noreturn]] void bad(const std::string& what) { throw Error(ErrorCode::ModelBadConfig, "model config: " + what); }

int require_int(const json& j, const char* key, int lo, int hi) {
  if (!j.contains(key)) bad(std::string("missing \"") + key + "\"");
  const json& v = j[key];
  if (!v.is_number_integer()) bad(std::string("\"") + key + "\" must be an integer");
  const int64_t x = v.get<int64_t>();
  if (x < lo || x > hi)
    bad(std::string("\"") + key + "\" is " + std::to_string(x) + ", expected " + std::to_string(lo) + ".." +
        std::to_string(hi));
  return static_cast<int>(x);
}

bool optional_bool(const json& j, const char* key, bool dflt) {
  if (!j.contains(key)) return dflt;
  if (!j[key].is_boolean()) bad(std::string("\"") + key + "\" must be true or false");
  return j[key].get<bool>();
}

AttentionKind parse_attention(const json& j) {
  if (!j.contains("attention") || !j["attention"].is_string())
    bad("\"attention\" must be one of none, additive, dot, general, scaled_dot");
  const std::string s = j["attention"].get<std::string>();
  for (AttentionKind k : {AttentionKind::None, AttentionKind::Additive, AttentionKind::Dot, AttentionKind::General,
                          AttentionKind::ScaledDot})
    if (s == attention_name(k)) return k;
  bad("unknown attention \"" + s + "\" (expected none, additive, dot, general or scaled_dot)");
}

// The GRU decoder's fields; with a bidirectional GRU encoder (arch rnn) H splits into two halves.
RnnConfig parse_rnn(const json& j, bool bidirectional_encoder) {
  RnnConfig c;
  c.emb_dim = require_int(j, "emb_dim", 1, 4096);
  c.hidden = require_int(j, "hidden", 2, 8192);
  if (bidirectional_encoder && c.hidden % 2) bad("\"hidden\" must be even (each encoder direction has hidden/2 units)");
  c.attention = parse_attention(j);
  if (c.attention == AttentionKind::Additive) c.attn_dim = require_int(j, "attn_dim", 1, 8192);
  return c;
}

ConvConfig parse_conv(const json& j, const RnnConfig& decoder) {
  ConvConfig c;
  c.kernel = require_int(j, "kernel", 1, 255);
  if (c.kernel % 2 == 0)
    bad("\"kernel\" is " + std::to_string(c.kernel) +
        ", but a convolution window is centred on its token, so the kernel must be odd (1, 3, 5, ...); "
        "this file was not written by train/export.py from a ConvSeq2Seq: re-export the checkpoint");
  c.layers = require_int(j, "conv_layers", 1, 64);
  c.max_positions = require_int(j, "max_positions", 2, 65536);
  if (decoder.emb_dim % 2) bad("\"emb_dim\" must be even (sinusoidal positions)");
  if (decoder.attention == AttentionKind::None)
    bad("a conv model's decoder reads its memory through attention: \"attention\" must be additive, dot, general "
        "or scaled_dot, not none (re-export the checkpoint with train/export.py)");
  return c;
}

TransformerConfig parse_transformer(const json& j) {
  TransformerConfig c;
  c.d_model = require_int(j, "d_model", 2, 8192);
  c.heads = require_int(j, "heads", 1, 256);
  if (c.d_model % c.heads) bad("\"d_model\" (" + std::to_string(c.d_model) + ") must divide by \"heads\"");
  if (c.d_model % 2) bad("\"d_model\" must be even (sinusoidal positions)");
  c.ffn_dim = require_int(j, "ffn_dim", 1, 65536);
  c.enc_layers = require_int(j, "enc_layers", 1, 64);
  c.dec_layers = require_int(j, "dec_layers", 1, 64);
  c.max_positions = require_int(j, "max_positions", 2, 65536);
  return c;
}

}  // namespace

const char* arch_name(Arch arch) {
  switch (arch) {
    case Arch::Rnn: return "rnn";
    case Arch::Transformer: return "transformer";
    case Arch::Conv: return "conv";
  }
  return "?";
}

ModelConfig ModelConfig::from_json_text(const std::string& text) {
  json j = parse_json(text);
  if (j.is_discarded() || !j.is_object()) bad("the \"config\" metadata is not a JSON object");
  ModelConfig c;
  if (!j.contains("arch") || !j["arch"].is_string()) bad("missing \"arch\" (rnn, transformer or conv)");
  const std::string arch = j["arch"].get<std::string>();
  if (arch == "rnn") c.arch = Arch::Rnn;
  else if (arch == "transformer") c.arch = Arch::Transformer;
  else if (arch == "conv") c.arch = Arch::Conv;
  else bad("unknown architecture \"" + arch + "\"; this runtime knows rnn, transformer and conv (update attnseq?)");
  c.vocab_src = require_int(j, "vocab_src", 5, 1 << 20);
  c.vocab_tgt = require_int(j, "vocab_tgt", 5, 1 << 20);
  c.share_embeddings = optional_bool(j, "share_embeddings", false);
  if (c.share_embeddings && c.vocab_src != c.vocab_tgt) bad("\"share_embeddings\" needs vocab_src == vocab_tgt");
  if (c.arch == Arch::Transformer) {
    c.transformer = parse_transformer(j);
  } else {
    c.rnn = parse_rnn(j, c.arch == Arch::Rnn);
    if (c.arch == Arch::Conv) c.conv = parse_conv(j, c.rnn);
  }
  const int cap = c.arch == Arch::Transformer ? c.transformer.max_positions
                  : c.arch == Arch::Conv      ? c.conv.max_positions
                                              : 4096;
  c.max_src_len = j.contains("max_src_len") ? require_int(j, "max_src_len", 2, cap) : cap;
  return c;
}

int ModelConfig::max_target_len() const { return arch == Arch::Transformer ? transformer.max_positions : 1024; }

}  // namespace attnseq
