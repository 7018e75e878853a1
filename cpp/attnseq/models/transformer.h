// Pre-norm Transformer encoder–decoder with sinusoidal positions, a decoder self-attention KV cache
// (or, with StateOptions::kv_cache = false, recomputation of the whole prefix at every step) and
// cross-attention keys/values computed once per source.
#pragma once

#include <memory>
#include <vector>

#include "attnseq/models/model.h"
#include "attnseq/nn/multi_head_attention.h"

namespace attnseq {

struct FeedForward {
  Linear fc1;  // [F, D]
  Linear fc2;  // [D, F]
};

struct EncoderLayerWeights {
  LayerNorm norm1, norm2;
  MultiHeadAttention self_attn;
  FeedForward ffn;
};

struct DecoderLayerWeights {
  LayerNorm norm1, norm2, norm3;
  MultiHeadAttention self_attn, cross_attn;
  FeedForward ffn;
};

struct TransformerWeights {
  Embedding src_embed;  // [Vs, D] (the decoder's when shared)
  Embedding tgt_embed;  // [Vt, D], also the tied output projection
  std::vector<EncoderLayerWeights> encoder;
  LayerNorm encoder_norm;
  std::vector<DecoderLayerWeights> decoder;
  LayerNorm decoder_norm;
  const float* out_bias = nullptr;  // [Vt]
  Matrix positions;                 // [max_positions, D] sinusoidal table (computed, not stored in the file)
};

class Transformer : public Model {
 public:
  Transformer(const ModelConfig& config, std::shared_ptr<WeightStore> store);

  const ModelConfig& config() const override { return config_; }
  std::unique_ptr<DecoderState> encode(const std::vector<int>& src, const StateOptions& options) const override;
  void step(DecoderState& state, const std::vector<int>& tokens, StepOutput& out) const override;
  void reorder(DecoderState& state, const std::vector<int>& keep) const override;
  bool has_attention() const override { return true; }

 private:
  struct State;
  void embed(const Embedding& e, const std::vector<int>& ids, int first_position, Matrix& x) const;
  // Runs every decoder layer for one new position per row; x [rows, D] in, hidden [rows, D] out.
  void decode_position(State& st, const std::vector<int>& tokens, bool record, StepOutput* out, Matrix& x) const;

  ModelConfig config_;
  std::shared_ptr<WeightStore> store_;
  TransformerWeights w_;
};

}  // namespace attnseq
