// Bi-GRU encoder + GRU decoder, with one of the RnnAttention score functions or with none
// (the decoder then sees only the final encoder state: the fixed-length context vector).
#pragma once

#include <memory>

#include "attnseq/models/model.h"
#include "attnseq/nn/gru.h"
#include "attnseq/nn/rnn_attention.h"

namespace attnseq {

struct RnnWeights {
  Embedding src_embed;  // [Vs, E] (the decoder's when shared)
  GruCell enc_fwd;      // hidden H/2, input E
  GruCell enc_bwd;      // hidden H/2, input E
  Linear bridge;        // [H, H]: h0 = tanh(bridge([fwd_last ; bwd_first]))
  Embedding tgt_embed;  // [Vt, E], also the tied output projection
  GruCell dec;          // hidden H, input E
  RnnAttention attention;
  Linear combine;             // [E, 2H] (attention) or [E, H]
  const float* out_bias = nullptr;  // [Vt]
};

class RnnSeq2Seq : public Model {
 public:
  // Reads every weight the config requires from the store (throws ModelBadTensor naming what is wrong).
  RnnSeq2Seq(const ModelConfig& config, std::shared_ptr<WeightStore> store);

  const ModelConfig& config() const override { return config_; }
  std::unique_ptr<DecoderState> encode(const std::vector<int>& src, const StateOptions& options) const override;
  void step(DecoderState& state, const std::vector<int>& tokens, StepOutput& out) const override;
  void reorder(DecoderState& state, const std::vector<int>& keep) const override;
  bool has_attention() const override { return config_.rnn.attention != AttentionKind::None; }

 private:
  void run_encoder_direction(const GruCell& cell, const Matrix& x, bool backward, Matrix& out, uint64_t& macs) const;

  ModelConfig config_;
  std::shared_ptr<WeightStore> store_;  // owns the bytes the weights point into
  RnnWeights w_;
};

}  // namespace attnseq
