// Model architecture and hyperparameters, read from the model file's `config` metadata and
// validated once before any weight is touched.
#pragma once

#include <string>

#include "attnseq/nn/attention_kind.h"

namespace attnseq {

enum class Arch { Rnn, Transformer };

const char* arch_name(Arch arch);

struct RnnConfig {
  int emb_dim = 0;                              // E: embedding size
  int hidden = 0;                               // H: decoder state; each encoder direction has H/2
  AttentionKind attention = AttentionKind::None;  // score function, or None for the fixed context
  int attn_dim = 0;                             // A: additive attention's hidden size
};

struct TransformerConfig {
  int d_model = 0;        // D
  int heads = 0;          // D must divide by heads
  int ffn_dim = 0;        // F
  int enc_layers = 0;
  int dec_layers = 0;
  int max_positions = 0;  // rows of the sinusoidal table: bounds source and target lengths
};

struct ModelConfig {
  Arch arch = Arch::Rnn;
  int vocab_src = 0;
  int vocab_tgt = 0;
  bool share_embeddings = false;  // the encoder reads decoder.embed.weight
  int max_src_len = 0;            // longest accepted source in tokens, including </s>
  RnnConfig rnn;                  // when arch == Rnn
  TransformerConfig transformer;  // when arch == Transformer

  // Parses the JSON text; throws Error(ModelBadConfig) naming the field and what was expected.
  static ModelConfig from_json_text(const std::string& text);
  // Longest target the model can produce (positions table for the Transformer).
  int max_target_len() const;
};

}  // namespace attnseq
