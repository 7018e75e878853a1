#include "attnseq/models/gru_decoder.h"

#include <algorithm>

#include "attnseq/nn/ops.h"

namespace attnseq {
namespace {

// The encoder outputs m_j ([S, H], shared by all rows) are attention_values[0] (with attention; the
// fixed-context model keeps only h).
struct GruState : DecoderState {
  Matrix keys;  // [S, A] additive, [S, H] otherwise: query-independent attention keys, shared by all rows
  Matrix h;     // [rows, H]: decoder state
  // scratch, reused across steps: x [rows, E], gi and gh [rows, 3H], q [rows, A], scores [rows, S],
  // cat [rows, 2H] = [h ; c], o [rows, E]
  Matrix x, gi, gh, q, scores, cat, o;
};

void gather_rows(const Embedding& e, const std::vector<int>& ids, Matrix& x) {
  x.resize(static_cast<Eigen::Index>(ids.size()), e.dim);
  for (size_t i = 0; i < ids.size(); ++i) e.row(ids[i], x.row(static_cast<Eigen::Index>(i)).data());
}

}  // namespace

GruDecoder GruDecoder::load(WeightStore& s, const ModelConfig& config) {
  const RnnConfig& c = config.rnn;
  const int H = c.hidden, E = c.emb_dim;
  GruDecoder d;
  d.w_.tgt_embed = Embedding::load(s, "decoder.embed.weight", config.vocab_tgt, E);
  d.w_.cell = GruCell::load(s, "decoder.rnn", "", H, E);
  d.w_.attention = RnnAttention::load(s, "decoder.attention", c.attention, H, c.attn_dim);
  d.w_.combine = Linear::load(s, "decoder.combine", E, d.has_attention() ? 2 * H : H);
  d.w_.out_bias = s.vector("decoder.out_bias", config.vocab_tgt).data();
  return d;
}

std::unique_ptr<DecoderState> GruDecoder::start(Matrix memory, Matrix h0, uint64_t encode_macs) const {
  auto st = std::make_unique<GruState>();
  st->src_len = static_cast<int>(memory.rows());
  st->h = std::move(h0);
  if (has_attention()) {
    w_.attention.precompute_keys(memory, st->keys, encode_macs);
    st->attention_values.push_back(std::move(memory));
  } else {
    st->fixed_context.assign(st->h.data(), st->h.data() + st->h.size());
  }
  st->encode_macs = encode_macs;
  return st;
}

void GruDecoder::step(const ModelConfig& config, DecoderState& base, const std::vector<int>& tokens,
                      StepOutput& out) const {
  auto& st = static_cast<GruState&>(base);
  validate_step_tokens(config, st, tokens);
  const int B = st.rows, S = st.src_len, H = config.rnn.hidden;
  uint64_t macs = 0;
  gather_rows(w_.tgt_embed, tokens, st.x);
  w_.cell.input_gates(st.x, st.gi);
  w_.cell.step(st.gi, 0, st.h, st.gh);
  macs += w_.cell.macs_per_step(B);

  out.cross_attention.reset(B, 1, 1, 1, S);
  out.alignment = Matrix::Zero(B, S);
  if (has_attention()) {
    const Matrix& memory = st.attention_values[0];
    w_.attention.scores(st.h, st.keys, st.scores, st.q, macs);
    out.cross_scores.reset(B, 1, 1, 1, S);
    std::copy(st.scores.data(), st.scores.data() + st.scores.size(), out.cross_scores.data.begin());
    const uint8_t* keep = st.source_keep.empty() ? nullptr : st.source_keep.data();
    for (int b = 0; b < B; ++b) softmax_inplace(st.scores.row(b).data(), S, keep);
    const bool off = !st.head_off.empty() && st.head_off[0];  // its one head switched off: c_t = 0
    st.cat.resize(B, 2 * H);
    st.cat.leftCols(H) = st.h;
    for (int b = 0; b < B; ++b) {  // context c_t = Σ α_j m_j, summed over j in order (as in every build)
      float* c = st.cat.row(b).data() + H;
      std::fill(c, c + H, 0.0f);
      for (Eigen::Index j = 0; j < S && !off; ++j) {
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
  macs += static_cast<uint64_t>(B) * config.vocab_tgt * config.rnn.emb_dim;
  out.macs = macs;
  st.steps += 1;
}

void GruDecoder::reorder(DecoderState& base, const std::vector<int>& keep) const {
  validate_keep(base, keep);
  auto& st = static_cast<GruState&>(base);
  Matrix h(static_cast<Eigen::Index>(keep.size()), st.h.cols());
  for (size_t i = 0; i < keep.size(); ++i) h.row(i) = st.h.row(keep[i]);
  st.h.swap(h);
  st.rows = static_cast<int>(keep.size());
}

}  // namespace attnseq
