#include "attnseq/models/conv_seq2seq.h"

#include <cmath>

#include "attnseq/nn/ops.h"

namespace attnseq {

ConvSeq2Seq::ConvSeq2Seq(const ModelConfig& config, std::shared_ptr<WeightStore> store)
    : config_(config), store_(std::move(store)) {
  WeightStore& s = *store_;
  const RnnConfig& d = config_.rnn;
  const ConvConfig& c = config_.conv;
  const int H = d.hidden, E = d.emb_dim;
  decoder_ = GruDecoder::load(s, config_);
  enc_.src_embed = config_.share_embeddings ? decoder_.tgt_embed()
                                            : Embedding::load(s, "encoder.embed.weight", config_.vocab_src, E);
  enc_.in_proj = Linear::load(s, "encoder.in_proj", H, E);
  for (int l = 0; l < c.layers; ++l)
    enc_.convs.push_back(Conv1d::load(s, "encoder.convs." + std::to_string(l), 2 * H, H, c.kernel));
  enc_.bridge = Linear::load(s, "bridge", H, H);
  s.check_all_used();
  enc_.positions = sinusoidal_positions(c.max_positions, E);
}

std::unique_ptr<DecoderState> ConvSeq2Seq::encode(const std::vector<int>& src, const StateOptions& options) const {
  validate_source(config_, src);  // also bounds S by max_src_len ≤ max_positions
  const int S = static_cast<int>(src.size());
  const int H = config_.rnn.hidden, E = config_.rnn.emb_dim;
  const float scale = std::sqrt(static_cast<float>(E));
  const float residual = std::sqrt(0.5f);  // keeps the variance of a sum of two terms
  Matrix e(S, E);                          // embed · sqrt(E) + positions
  RowVector row(E);
  for (int j = 0; j < S; ++j) {
    enc_.src_embed.row(src[j], row.data());
    e.row(j) = row * scale + enc_.positions.row(j);
  }
  Matrix x, windows, z;  // x [S, H]: the running sequence; windows [S, k · H]; z [S, 2H]
  enc_.in_proj.forward(e, x);
  uint64_t macs = enc_.in_proj.macs(S);
  for (const Conv1d& conv : enc_.convs) {
    conv.forward(x, windows, z);
    macs += conv.macs(S);
    for (int j = 0; j < S; ++j) {
      const float* a = z.row(j).data();  // GLU: the first H channels, gated by the last H
      float* xj = x.row(j).data();
      for (int c = 0; c < H; ++c) xj[c] = (a[c] * sigmoid(a[H + c]) + xj[c]) * residual;
    }
  }
  Matrix mean = Matrix::Zero(1, H), h0;  // mean_j m_j, summed over j in order
  for (int j = 0; j < S; ++j)
    for (int c = 0; c < H; ++c) mean(0, c) += x(j, c);
  mean /= static_cast<float>(S);
  enc_.bridge.forward(mean, h0);
  h0 = h0.unaryExpr([](float v) { return tanh_f32(v); });
  macs += enc_.bridge.macs(1);
  auto state = decoder_.start(std::move(x), std::move(h0), macs);
  apply_masks(config_, options, *state);
  return state;
}

}  // namespace attnseq
