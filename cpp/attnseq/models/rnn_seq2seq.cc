#include "attnseq/models/rnn_seq2seq.h"

#include "attnseq/nn/ops.h"

namespace attnseq {

RnnSeq2Seq::RnnSeq2Seq(const ModelConfig& config, std::shared_ptr<WeightStore> store)
    : config_(config), store_(std::move(store)) {
  WeightStore& s = *store_;
  const RnnConfig& c = config_.rnn;
  const int H = c.hidden, E = c.emb_dim;
  decoder_ = GruDecoder::load(s, config_);
  enc_.src_embed = config_.share_embeddings ? decoder_.tgt_embed()
                                            : Embedding::load(s, "encoder.embed.weight", config_.vocab_src, E);
  enc_.fwd = GruCell::load(s, "encoder.rnn", "", H / 2, E);
  enc_.bwd = GruCell::load(s, "encoder.rnn", "_reverse", H / 2, E);
  enc_.bridge = Linear::load(s, "bridge", H, H);
  s.check_all_used();
}

void RnnSeq2Seq::run_encoder_direction(const GruCell& cell, const Matrix& x, bool backward, Matrix& out,
                                       uint64_t& macs) const {
  const Eigen::Index S = x.rows();
  Matrix gi, gh, h = Matrix::Zero(1, cell.hidden);
  cell.input_gates(x, gi);  // [S, 3H/2]
  out.resize(S, cell.hidden);
  for (Eigen::Index k = 0; k < S; ++k) {
    const Eigen::Index t = backward ? S - 1 - k : k;
    cell.step(gi, t, h, gh);
    out.row(t) = h.row(0);
  }
  macs += cell.macs_per_step(1) * static_cast<uint64_t>(S);
}

std::unique_ptr<DecoderState> RnnSeq2Seq::encode(const std::vector<int>& src, const StateOptions& options) const {
  validate_source(config_, src);
  const int S = static_cast<int>(src.size());
  const int H = config_.rnn.hidden;
  Matrix x(S, config_.rnn.emb_dim), fwd, bwd;  // x [S, E]; fwd, bwd [S, H/2]
  for (int i = 0; i < S; ++i) enc_.src_embed.row(src[i], x.row(i).data());
  uint64_t macs = 0;
  run_encoder_direction(enc_.fwd, x, false, fwd, macs);
  run_encoder_direction(enc_.bwd, x, true, bwd, macs);
  Matrix memory(S, H);  // m_j = [fwd_j ; bwd_j]
  memory << fwd, bwd;
  Matrix last(1, H), h0;  // [fwd_last ; bwd_first] → h0 [1, H]
  last << fwd.row(S - 1), bwd.row(0);
  enc_.bridge.forward(last, h0);
  h0 = h0.unaryExpr([](float v) { return tanh_f32(v); });
  macs += enc_.bridge.macs(1);
  auto state = decoder_.start(std::move(memory), std::move(h0), macs);
  state->encoder_final.assign(last.data(), last.data() + H);
  apply_masks(config_, options, *state);
  return state;
}

}  // namespace attnseq
