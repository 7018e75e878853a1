// Model architecture and hyperparameters, read from the model file's `config` metadata and
// validated once before any weight is touched.
#pragma once

#include <string>

#include "attnseq/nn/attention_kind.h"

namespace attnseq {

enum class Arch { Rnn, Transformer, Conv };

const char* arch_name(Arch arch);

// The GRU decoder with attention (arch rnn and conv) and, for rnn, the bidirectional GRU encoder.
struct RnnConfig {
  int emb_dim = 0;                              // E: embedding size
  int hidden = 0;                               // H: decoder state = memory width (rnn: each encoder direction has H/2)
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

// The convolutional encoder (arch conv; its decoder is RnnConfig's): `layers` convolutions of an odd
// `kernel` over the token positions, each window centred on its token (kernel / 2 zero positions
// padded on either side).
struct ConvConfig {
  int kernel = 0;         // k: odd
  int layers = 0;         // L
  int max_positions = 0;  // rows of the sinusoidal table: bounds the source length
  // Tokens one memory vector depends on after `layer` convolutions (0 = the embedding: 1 token):
  // each layer widens the window by k − 1, so 1 + layer · (k − 1); layer L is the memory's.
  int receptive_field(int layer) const { return 1 + layer * (kernel - 1); }
};

struct ModelConfig {
  Arch arch = Arch::Rnn;
  int vocab_src = 0;
  int vocab_tgt = 0;
  bool share_embeddings = false;  // the encoder reads decoder.embed.weight
  int max_src_len = 0;            // longest accepted source in tokens, including </s>
  RnnConfig rnn;                  // when arch == Rnn or Conv (the decoder)
  TransformerConfig transformer;  // when arch == Transformer
  ConvConfig conv;                // when arch == Conv (the encoder)

  // Parses the JSON text; throws Error(ModelBadConfig) naming the field and what was expected.
  static ModelConfig from_json_text(const std::string& text);
  // Whether the decoder is the GRU of RnnConfig (arch rnn and conv).
  bool gru_decoder() const { return arch != Arch::Transformer; }
  // Longest target the model can produce (positions table for the Transformer).
  int max_target_len() const;
  // The decoder's cross-attention: layers × heads (Transformer: dec_layers × heads; the GRU decoder
  // with attention: 1 × 1; without attention: none, 0 × 0).
  bool has_cross_attention() const { return arch == Arch::Transformer || rnn.attention != AttentionKind::None; }
  int cross_layers() const { return arch == Arch::Transformer ? transformer.dec_layers : has_cross_attention() ? 1 : 0; }
  int cross_heads() const { return arch == Arch::Transformer ? transformer.heads : has_cross_attention() ? 1 : 0; }
};

}  // namespace attnseq
