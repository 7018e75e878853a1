// The GRU decoder with attention over an encoder's memory (or without: the fixed context), shared by
// the encoders that sit under it: the bidirectional GRU (RnnSeq2Seq) and the convolutions
// (ConvSeq2Seq). An encoder hands it the memory m [S, H] and the initial state h0; from then on
// step/reorder are the decoder's alone (docs/model-format.md, "rnn"):
//   h_t = GRU(embed(y_{t-1}), h_{t-1}); α = softmax(score(h_t, m)); c_t = Σ_j α_j m_j;
//   o_t = tanh(combine([h_t ; c_t])) (without attention: tanh(combine(h_t)));
//   logits = embed_tgt · o_t + out_bias.
// Interventions (DecoderState::source_keep, head_off): a left-out position j gets α_j = 0 (the softmax
// over the others); its one head switched off (head_mask (0, 0)) makes c_t = 0 (α is still computed).
#pragma once

#include <memory>

#include "attnseq/models/model.h"
#include "attnseq/nn/gru.h"
#include "attnseq/nn/rnn_attention.h"

namespace attnseq {

struct GruDecoderWeights {
  Embedding tgt_embed;  // [Vt, E], also the tied output projection
  GruCell cell;         // hidden H, input E
  RnnAttention attention;
  Linear combine;                   // [E, 2H] (attention) or [E, H]
  const float* out_bias = nullptr;  // [Vt]
};

class GruDecoder {
 public:
  // Reads the decoder.* weights the config's RnnConfig requires (throws ModelBadTensor naming what is wrong).
  static GruDecoder load(WeightStore& store, const ModelConfig& config);

  const Embedding& tgt_embed() const { return w_.tgt_embed; }
  bool has_attention() const { return w_.attention.kind != AttentionKind::None; }

  // The decoding state of one source: memory [S, H] (the encoder's outputs m_j; kept as
  // attention_values[0] with attention, dropped without), h0 [1, H], and the multiply-adds the
  // encoder spent (the attention keys' are added).
  std::unique_ptr<DecoderState> start(Matrix memory, Matrix h0, uint64_t encode_macs) const;
  void step(const ModelConfig& config, DecoderState& state, const std::vector<int>& tokens, StepOutput& out) const;
  void reorder(DecoderState& state, const std::vector<int>& keep) const;

 private:
  GruDecoderWeights w_;
};

}  // namespace attnseq
