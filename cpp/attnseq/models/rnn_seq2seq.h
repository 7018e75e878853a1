// Bi-GRU encoder + the GRU decoder (models/gru_decoder.h), with one of the RnnAttention score
// functions or with none (the decoder then sees only the final encoder state: the fixed-length
// context vector).
#pragma once

#include <memory>

#include "attnseq/models/gru_decoder.h"
#include "attnseq/models/model.h"
#include "attnseq/nn/gru.h"

namespace attnseq {

struct RnnEncoderWeights {
  Embedding src_embed;  // [Vs, E] (the decoder's when shared)
  GruCell fwd;          // hidden H/2, input E
  GruCell bwd;          // hidden H/2, input E
  Linear bridge;        // [H, H]: h0 = tanh(bridge([fwd_last ; bwd_first]))
};

class RnnSeq2Seq : public Model {
 public:
  // Reads every weight the config requires from the store (throws ModelBadTensor naming what is wrong).
  RnnSeq2Seq(const ModelConfig& config, std::shared_ptr<WeightStore> store);

  const ModelConfig& config() const override { return config_; }
  std::unique_ptr<DecoderState> encode(const std::vector<int>& src, const StateOptions& options) const override;
  void step(DecoderState& state, const std::vector<int>& tokens, StepOutput& out) const override {
    decoder_.step(config_, state, tokens, out);
  }
  void reorder(DecoderState& state, const std::vector<int>& keep) const override { decoder_.reorder(state, keep); }
  bool has_attention() const override { return decoder_.has_attention(); }

 private:
  void run_encoder_direction(const GruCell& cell, const Matrix& x, bool backward, Matrix& out, uint64_t& macs) const;

  ModelConfig config_;
  std::shared_ptr<WeightStore> store_;  // owns the bytes the weights point into
  RnnEncoderWeights enc_;
  GruDecoder decoder_;
};

}  // namespace attnseq
