// The one seam between a model and the search strategies:
//   encode(source ids) → state;  step(state, one token per row) → logits + attention;
//   reorder(state, rows to keep).
// Search code (decode/) only sees this interface, never an architecture.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "attnseq/core/tensor.h"
#include "attnseq/models/config.h"

namespace attnseq {

// Attention weights for a batch: data [rows, layers, heads, queries, keys] flattened, row-major.
struct AttentionStack {
  int rows = 0, layers = 0, heads = 0, queries = 0, keys = 0;
  std::vector<float> data;

  void reset(int rows_, int layers_, int heads_, int queries_, int keys_) {
    rows = rows_, layers = layers_, heads = heads_, queries = queries_, keys = keys_;
    data.assign(static_cast<size_t>(rows) * layers * heads * queries * keys, 0.0f);
  }
  float* at(int row, int layer, int head, int query = 0) {
    return data.data() + ((((static_cast<size_t>(row) * layers + layer) * heads + head) * queries + query) * keys);
  }
  const float* at(int row, int layer, int head, int query = 0) const {
    return const_cast<AttentionStack*>(this)->at(row, layer, head, query);
  }
};

struct StateOptions {
  bool kv_cache = true;  // Transformer: cache decoder self-attention keys/values (false recomputes the prefix)
};

// Mutable per-source decoding state (hidden states, caches). Created by encode, owned by the caller.
class DecoderState {
 public:
  virtual ~DecoderState() = default;
  int rows = 1;              // hypotheses decoded in parallel (beams)
  int src_len = 0;           // source tokens including </s>
  int steps = 0;             // tokens fed so far
  uint64_t encode_macs = 0;  // multiply-adds spent by encode
  AttentionStack encoder_self_attention;  // [1, layers, heads, S, S]; empty for RNN models
  // [decoder layer] → [S, C]: the vectors cross-attention's weighted sum runs over (RNN: the encoder
  // states m_j, C = H; Transformer: each decoder layer's projected values V, C = D, head h in columns
  // h·dh .. (h+1)·dh). Empty without attention.
  std::vector<Matrix> attention_values;
};

struct StepOutput {
  Matrix logits;                 // [rows, vocab_tgt]
  AttentionStack cross_attention;  // [rows, layers, heads, 1, S]; RNN: 1 layer, 1 head (all zero without attention)
  AttentionStack cross_scores;   // same shape: the scores the softmax turned into cross_attention (RNN: the
                                 //   score function's values; Transformer: q·k/sqrt(dh) per head); empty without attention
  AttentionStack cross_context;  // [rows, layers, 1, 1, C]: Σ_j weight_j · attention_values[layer]_j (RNN: c_t;
                                 //   Transformer: the heads' outputs concatenated, before the out projection)
  Matrix alignment;              // [rows, S]: one row per hypothesis to show as "the" alignment
                                 //   (RNN: the attention row; Transformer: last layer, mean over heads)
  uint64_t macs = 0;             // multiply-adds this step performed
};

class Model {
 public:
  virtual ~Model() = default;
  virtual const ModelConfig& config() const = 0;
  // src: token ids ending with </s>; 1 <= size <= config().max_src_len; ids < vocab_src.
  virtual std::unique_ptr<DecoderState> encode(const std::vector<int>& src, const StateOptions& options) const = 0;
  // tokens.size() == state.rows. Feeds one token per row and produces the distribution of the next one.
  virtual void step(DecoderState& state, const std::vector<int>& tokens, StepOutput& out) const = 0;
  // New row i continues old row keep[i]; keep.size() becomes state.rows.
  virtual void reorder(DecoderState& state, const std::vector<int>& keep) const = 0;
  // Whether step() reports real attention weights (false for the fixed-context RNN).
  virtual bool has_attention() const = 0;
};

// Shared argument checks of encode/step (throw Error(BadInput | InputTooLong)).
void validate_source(const ModelConfig& config, const std::vector<int>& src);
void validate_step_tokens(const ModelConfig& config, const DecoderState& state, const std::vector<int>& tokens);
void validate_keep(const DecoderState& state, const std::vector<int>& keep);

}  // namespace attnseq
