// Convolutional encoder (ConvS2S's, Gehring et al. 2017) under the GRU decoder with attention
// (models/gru_decoder.h); the PyTorch reference is ConvSeq2Seq in train/attnseq_train/models.py.
//   x_j = in_proj(embed(s_j) · sqrt(E) + pe_j)                      [S, H]
//   per layer l: z = conv_l(x)  (kernel k, zero padding k / 2)       [S, 2H]
//                x = (GLU(z) + x) · sqrt(1/2),  GLU([a ; b]) = a ⊙ σ(b)
//   memory m = x;  h0 = tanh(bridge(mean_j m_j)).
// A memory vector depends on 1 + L (k − 1) tokens (ConvConfig::receptive_field).
#pragma once

#include <memory>
#include <vector>

#include "attnseq/models/gru_decoder.h"
#include "attnseq/models/model.h"
#include "attnseq/nn/conv1d.h"

namespace attnseq {

struct ConvEncoderWeights {
  Embedding src_embed;        // [Vs, E] (the decoder's when shared)
  Linear in_proj;             // [H, E]
  std::vector<Conv1d> convs;  // [layer]: [2H, k · H] window-major, bias [2H]
  Linear bridge;              // [H, H]: h0 = tanh(bridge(mean_j m_j))
  Matrix positions;           // [max_positions, E] sinusoidal table (computed, not stored in the file)
};

class ConvSeq2Seq : public Model {
 public:
  // Reads every weight the config requires from the store (throws ModelBadTensor naming what is wrong).
  ConvSeq2Seq(const ModelConfig& config, std::shared_ptr<WeightStore> store);

  const ModelConfig& config() const override { return config_; }
  std::unique_ptr<DecoderState> encode(const std::vector<int>& src, const StateOptions& options) const override;
  void step(DecoderState& state, const std::vector<int>& tokens, StepOutput& out) const override {
    decoder_.step(config_, state, tokens, out);
  }
  void reorder(DecoderState& state, const std::vector<int>& keep) const override { decoder_.reorder(state, keep); }
  bool has_attention() const override { return true; }

 private:
  ModelConfig config_;
  std::shared_ptr<WeightStore> store_;  // owns the bytes the weights point into
  ConvEncoderWeights enc_;
  GruDecoder decoder_;
};

}  // namespace attnseq
