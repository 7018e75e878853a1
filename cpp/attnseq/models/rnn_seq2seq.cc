#include "attnseq/models/rnn_seq2seq.h"

#include <algorithm>
#include <cmath>

#include "attnseq/nn/ops.h"

namespace attnseq {
namespace {

// The encoder outputs m_j = [fwd_j ; bwd_j] ([S, H], shared by all rows) are attention_values[0]
// (with attention; the fixed-context model keeps only the bridge's initial state).
struct RnnState : DecoderState {
  Matrix keys;    // [S, A] additive, [S, H] otherwise: query-independent attention keys, shared
  Matrix h;       // [rows, H]: decoder state
  // scratch, reused across steps
  Matrix x, gi, gh, q, scores, cat, o;
};

void gather_rows(const Embedding& e, const std::vector<int>& ids, Matrix& x) {
  x.resize(static_cast<Eigen::Index>(ids.size()), e.dim);
  for (size_t i = 0; i < ids.size(); ++i) e.row(ids[i], x.row(static_cast<Eigen::Index>(i)).data());
}

}  // namespace

RnnSeq2Seq::RnnSeq2Seq(const ModelConfig& config, std::shared_ptr<WeightStore> store)
    : config_(config), store_(std::move(store)) {
  WeightStore& s = *store_;
  const RnnConfig& c = config_.rnn;
  const int H = c.hidden, E = c.emb_dim;
  w_.tgt_embed = Embedding::load(s, "decoder.embed.weight", config_.vocab_tgt, E);
  w_.src_embed = config_.share_embeddings ? w_.tgt_embed
                                          : Embedding::load(s, "encoder.embed.weight", config_.vocab_src, E);
  w_.enc_fwd = GruCell::load(s, "encoder.rnn", "", H / 2, E);
  w_.enc_bwd = GruCell::load(s, "encoder.rnn", "_reverse", H / 2, E);
  w_.bridge = Linear::load(s, "bridge", H, H);
  w_.dec = GruCell::load(s, "decoder.rnn", "", H, E);
  w_.attention = RnnAttention::load(s, "decoder.attention", c.attention, c.hidden, c.attn_dim);
  w_.combine = Linear::load(s, "decoder.combine", E, has_attention() ? 2 * H : H);
  w_.out_bias = s.vector("decoder.out_bias", config_.vocab_tgt).data();
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

std::unique_ptr<DecoderState> RnnSeq2Seq::encode(const std::vector<int>& src, const StateOptions&) const {
  validate_source(config_, src);
  auto st = std::make_unique<RnnState>();
  const int S = static_cast<int>(src.size());
  const int H = config_.rnn.hidden;
  st->src_len = S;
  Matrix x, fwd, bwd;
  gather_rows(w_.src_embed, src, x);
  uint64_t macs = 0;
  run_encoder_direction(w_.enc_fwd, x, false, fwd, macs);
  run_encoder_direction(w_.enc_bwd, x, true, bwd, macs);
  Matrix memory(S, H);
  memory << fwd, bwd;
  Matrix last(1, H), h0;
  last << fwd.row(S - 1), bwd.row(0);
  w_.bridge.forward(last, h0);
  st->h = h0.unaryExpr([](float v) { return tanh_f32(v); });
  macs += w_.bridge.macs(1);
  if (has_attention()) {
    w_.attention.precompute_keys(memory, st->keys, macs);
    st->attention_values.push_back(std::move(memory));
  }
  st->encode_macs = macs;
  return st;
}

void RnnSeq2Seq::step(DecoderState& base, const std::vector<int>& tokens, StepOutput& out) const {
  auto& st = static_cast<RnnState&>(base);
  validate_step_tokens(config_, st, tokens);
  const int B = st.rows, S = st.src_len, H = config_.rnn.hidden;
  uint64_t macs = 0;
  gather_rows(w_.tgt_embed, tokens, st.x);
  w_.dec.input_gates(st.x, st.gi);
  w_.dec.step(st.gi, 0, st.h, st.gh);
  macs += w_.dec.macs_per_step(B);

  out.cross_attention.reset(B, 1, 1, 1, S);
  out.alignment = Matrix::Zero(B, S);
  if (has_attention()) {
    const Matrix& memory = st.attention_values[0];
    w_.attention.scores(st.h, st.keys, st.scores, st.q, macs);
    out.cross_scores.reset(B, 1, 1, 1, S);
    std::copy(st.scores.data(), st.scores.data() + st.scores.size(), out.cross_scores.data.begin());
    for (int b = 0; b < B; ++b) softmax_inplace(st.scores.row(b).data(), S);
    st.cat.resize(B, 2 * H);
    st.cat.leftCols(H) = st.h;
    for (int b = 0; b < B; ++b) {  // context c_t = Σ α_j m_j, summed over j in order (as in every build)
      float* c = st.cat.row(b).data() + H;
      std::fill(c, c + H, 0.0f);
      for (Eigen::Index j = 0; j < S; ++j) {
        const float a = st.scores(b, j);
        const float* m = memory.row(j).data();
        for (int k = 0; k < H; ++k) c[k] += a * m[k];
      }
    }
    macs += static_cast<uint64_t>(B) * S * H;
    out.alignment = st.scores;
    std::copy(st.scores.data(), st.scores.data() + st.scores.size(), out.cross_attention.data.begin());
    out.cross_context.reset(B, 1, 1, 1, H);
    for (int b = 0; b < B; ++b) std::copy_n(st.cat.row(b).data() + H, H, out.cross_context.at(b, 0, 0));
    w_.combine.forward(st.cat, st.o);
  } else {
    out.cross_scores = AttentionStack{};
    out.cross_context = AttentionStack{};
    w_.combine.forward(st.h, st.o);
  }
  macs += w_.combine.macs(B);
  st.o = st.o.unaryExpr([](float v) { return tanh_f32(v); });
  w_.tgt_embed.project(st.o, w_.out_bias, out.logits);
  macs += static_cast<uint64_t>(B) * config_.vocab_tgt * config_.rnn.emb_dim;
  out.macs = macs;
  st.steps += 1;
}

void RnnSeq2Seq::reorder(DecoderState& base, const std::vector<int>& keep) const {
  validate_keep(base, keep);
  auto& st = static_cast<RnnState&>(base);
  Matrix h(static_cast<Eigen::Index>(keep.size()), st.h.cols());
  for (size_t i = 0; i < keep.size(); ++i) h.row(i) = st.h.row(keep[i]);
  st.h.swap(h);
  st.rows = static_cast<int>(keep.size());
}

}  // namespace attnseq
