#include "attnseq/models/transformer.h"

#include <cmath>

#include "attnseq/core/errors.h"
#include "attnseq/nn/ops.h"

namespace attnseq {

// The per-source decoding state. Cross-attention keys live here, its values in
// DecoderState::attention_values (the views show them), both [S, D] per decoder layer.
struct Transformer::State : DecoderState {
  bool kv_cache = true;
  int position = 0;                      // next target position
  std::vector<Matrix> cross_k;           // [layer] → [S, D]: keys of the encoder output, shared by all rows
  std::vector<KVCache> self_kv;          // [layer]: the decoder self-attention cache, [rows][positions, D]
  std::vector<std::vector<int>> history;  // [row] tokens fed so far (to recompute without the cache)
  AttentionScratch scratch;              // q, k, v, ctx [rows, D], one head's scores
  Matrix x, h, tmp, ff;                  // [rows, D] residual stream / normed / sublayer output; [rows, F]
};

namespace {
constexpr int kInitialCapacity = 32;  // target positions the cache holds before it first grows
}  // namespace

Transformer::Transformer(const ModelConfig& config, std::shared_ptr<WeightStore> store)
    : config_(config), store_(std::move(store)) {
  WeightStore& s = *store_;
  const TransformerConfig& c = config_.transformer;
  const int D = c.d_model, F = c.ffn_dim;
  w_.tgt_embed = Embedding::load(s, "decoder.embed.weight", config_.vocab_tgt, D);
  w_.src_embed = config_.share_embeddings ? w_.tgt_embed
                                          : Embedding::load(s, "encoder.embed.weight", config_.vocab_src, D);
  auto ffn = [&](const std::string& scope) {
    return FeedForward{Linear::load(s, scope + ".fc1", F, D), Linear::load(s, scope + ".fc2", D, F)};
  };
  for (int i = 0; i < c.enc_layers; ++i) {
    const std::string p = "encoder.layers." + std::to_string(i);
    w_.encoder.push_back({LayerNorm::load(s, p + ".norm1", D), LayerNorm::load(s, p + ".norm2", D),
                          MultiHeadAttention::load(s, p + ".self_attn", D, c.heads), ffn(p + ".ffn")});
  }
  w_.encoder_norm = LayerNorm::load(s, "encoder.norm", D);
  for (int i = 0; i < c.dec_layers; ++i) {
    const std::string p = "decoder.layers." + std::to_string(i);
    w_.decoder.push_back({LayerNorm::load(s, p + ".norm1", D), LayerNorm::load(s, p + ".norm2", D),
                          LayerNorm::load(s, p + ".norm3", D), MultiHeadAttention::load(s, p + ".self_attn", D, c.heads),
                          MultiHeadAttention::load(s, p + ".cross_attn", D, c.heads), ffn(p + ".ffn")});
  }
  w_.decoder_norm = LayerNorm::load(s, "decoder.norm", D);
  w_.out_bias = s.vector("decoder.out_bias", config_.vocab_tgt).data();
  s.check_all_used();
  w_.positions = sinusoidal_positions(c.max_positions, D);
}

void Transformer::embed(const Embedding& e, const std::vector<int>& ids, int first_position, Matrix& x) const {
  const float scale = std::sqrt(static_cast<float>(e.dim));
  x.resize(static_cast<Eigen::Index>(ids.size()), e.dim);
  RowVector row(e.dim);
  for (size_t i = 0; i < ids.size(); ++i) {
    const int pos = first_position < 0 ? static_cast<int>(i) : first_position;
    e.row(ids[i], row.data());
    x.row(i) = row * scale + w_.positions.row(pos);
  }
}

static void feed_forward(const FeedForward& f, const Matrix& h, Matrix& mid, Matrix& y, uint64_t& macs) {
  f.fc1.forward(h, mid);
  mid = mid.cwiseMax(0.0f);
  f.fc2.forward(mid, y);
  macs += f.fc1.macs(h.rows()) + f.fc2.macs(h.rows());
}

std::unique_ptr<DecoderState> Transformer::encode(const std::vector<int>& src, const StateOptions& options) const {
  validate_source(config_, src);
  auto st = std::make_unique<State>();
  const TransformerConfig& c = config_.transformer;
  const int S = static_cast<int>(src.size());
  st->src_len = S;
  st->kv_cache = options.kv_cache;
  st->encoder_self_attention.reset(1, c.enc_layers, c.heads, S, S);
  uint64_t macs = 0;
  Matrix x, h, a, mid;
  embed(w_.src_embed, src, -1, x);
  for (int l = 0; l < c.enc_layers; ++l) {
    const EncoderLayerWeights& L = w_.encoder[l];
    L.norm1.forward(x, h);
    L.self_attn.self_attention(h, a, st->encoder_self_attention.at(0, l, 0), macs);
    x += a;
    L.norm2.forward(x, h);
    feed_forward(L.ffn, h, mid, a, macs);
    x += a;
  }
  w_.encoder_norm.forward(x, h);  // memory [S, D]
  st->cross_k.resize(c.dec_layers);
  st->attention_values.resize(c.dec_layers);
  for (int l = 0; l < c.dec_layers; ++l)
    w_.decoder[l].cross_attn.project_memory(h, st->cross_k[l], st->attention_values[l], macs);
  st->self_kv.resize(c.dec_layers);
  for (KVCache& kv : st->self_kv) kv.reset(1, c.d_model, std::min(kInitialCapacity, c.max_positions));
  st->history.assign(1, {});
  st->encode_macs = macs;
  apply_masks(config_, options, *st);
  return st;
}

void Transformer::decode_position(State& st, const std::vector<int>& tokens, bool record, StepOutput* out,
                                  Matrix& x) const {
  const TransformerConfig& c = config_.transformer;
  const int D = c.d_model, S = st.src_len, t = st.position;
  if (t >= c.max_positions)
    throw Error(ErrorCode::BadInput, "target position " + std::to_string(t) + " is beyond the model's " +
                                         std::to_string(c.max_positions) + " positions (lower max_length)");
  uint64_t macs = 0;
  embed(w_.tgt_embed, tokens, t, x);
  for (int l = 0; l < c.dec_layers; ++l) {
    const DecoderLayerWeights& L = w_.decoder[l];
    // masked self-attention over positions 0..t (the cache holds 0..t-1, then t)
    L.norm1.forward(x, st.h);
    L.self_attn.cached_self_attention(st.h, st.self_kv[l], st.scratch, st.tmp, macs);
    x += st.tmp;
    // cross-attention over the source
    L.norm2.forward(x, st.h);
    AttentionRecord rec;
    if (record) {
      rec.weights = out->cross_attention.at(0, l, 0);
      rec.scores = out->cross_scores.at(0, l, 0);
      rec.stride = static_cast<size_t>(c.dec_layers) * c.heads * S;
      rec.context = out->cross_context.at(0, l, 0);
      rec.context_stride = static_cast<size_t>(c.dec_layers) * D;
    }
    AttentionMask mask;
    if (!st.source_keep.empty()) mask.keep = st.source_keep.data();
    if (!st.head_off.empty()) mask.head_off = st.head_off.data() + static_cast<size_t>(l) * c.heads;
    L.cross_attn.cross_attention(st.h, st.cross_k[l], st.attention_values[l], st.scratch, st.tmp, rec, macs, mask);
    x += st.tmp;
    // feed-forward
    L.norm3.forward(x, st.h);
    feed_forward(L.ffn, st.h, st.ff, st.tmp, macs);
    x += st.tmp;
  }
  st.position = t + 1;
  if (out) out->macs += macs;
}

void Transformer::step(DecoderState& base, const std::vector<int>& tokens, StepOutput& out) const {
  auto& st = static_cast<State&>(base);
  validate_step_tokens(config_, st, tokens);
  const TransformerConfig& c = config_.transformer;
  const int B = st.rows, S = st.src_len;
  out.macs = 0;
  out.cross_attention.reset(B, c.dec_layers, c.heads, 1, S);
  out.cross_scores.reset(B, c.dec_layers, c.heads, 1, S);
  out.cross_context.reset(B, c.dec_layers, 1, 1, c.d_model);
  for (int b = 0; b < B; ++b) st.history[b].push_back(tokens[b]);
  if (!st.kv_cache) {
    // Recompute the whole prefix: replay positions 0..t-1 into an emptied cache, then the new one.
    st.position = 0;
    for (KVCache& kv : st.self_kv) kv.reset(B, c.d_model, std::min(kInitialCapacity, c.max_positions));
    const int t = static_cast<int>(st.history[0].size()) - 1;
    std::vector<int> column(B);
    for (int p = 0; p < t; ++p) {
      for (int b = 0; b < B; ++b) column[b] = st.history[b][p];
      decode_position(st, column, false, &out, st.x);
    }
  }
  decode_position(st, tokens, true, &out, st.x);
  w_.decoder_norm.forward(st.x, st.h);
  w_.tgt_embed.project(st.h, w_.out_bias, out.logits);
  out.macs += static_cast<uint64_t>(B) * config_.vocab_tgt * c.d_model;
  // alignment: last layer, mean over heads
  out.alignment.resize(B, S);
  for (int b = 0; b < B; ++b) {
    Eigen::Map<RowVector> row(out.alignment.row(b).data(), S);
    row.setZero();
    for (int h = 0; h < c.heads; ++h) row += Eigen::Map<const RowVector>(out.cross_attention.at(b, c.dec_layers - 1, h), S);
    row /= static_cast<float>(c.heads);
  }
  st.steps += 1;
}

void Transformer::reorder(DecoderState& base, const std::vector<int>& keep) const {
  validate_keep(base, keep);
  auto& st = static_cast<State&>(base);
  for (KVCache& kv : st.self_kv) kv.reorder(keep);  // keeps its capacity
  std::vector<std::vector<int>> history(keep.size());
  for (size_t i = 0; i < keep.size(); ++i) history[i] = st.history[keep[i]];
  st.history.swap(history);
  st.rows = static_cast<int>(keep.size());
}

}  // namespace attnseq
