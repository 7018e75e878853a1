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

// One head of the decoder's cross-attention: its 0-based decoder layer and head. The GRU decoder has
// one (layer 0, head 0: its attention); a Transformer dec_layers × heads.
struct HeadRef {
  int layer = 0;
  int head = 0;
  bool operator==(const HeadRef& o) const { return layer == o.layer && head == o.head; }
};

struct StateOptions {
  bool kv_cache = true;  // Transformer: cache decoder self-attention keys/values (false recomputes the prefix)
  // Interventions on the decoder's cross-attention (DecodeOptions::source_mask, head_mask):
  std::vector<int> source_mask;    // source positions every cross-attention softmax leaves out: weight 0,
                                   //   the other positions' weights renormalized to sum to 1
  std::vector<HeadRef> head_mask;  // heads whose context (weighted sum) is zeroed before what reads it
                                   //   (Transformer: the output projection; GRU: the combine layer)
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
  // The interventions of StateOptions, as the steps read them (set by apply_masks):
  std::vector<uint8_t> source_keep;  // [S]: 0 = left out of every cross-attention softmax; empty = none left out
  std::vector<uint8_t> head_off;     // [layer · heads + head]: 1 = the head's context is zeroed; empty = none
  // The decoder's only view of the source without attention: its initial state h0 [H] (the fixed
  // context every step reads); empty for models with attention.
  std::vector<float> fixed_context;
  // RNN encoders: the last state of each direction, [fwd_{S-1} ; bwd_0] [H] (what the bridge turns into
  // h0); empty for the other encoders.
  std::vector<float> encoder_final;
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
// Checks the interventions against the model and the source (throws Error(BadOption) naming
// source_mask[i] or head_mask[i], its value and what is accepted) and writes them into the state:
// source positions 0..S-1 (</s> included), at least one left; heads of the model's cross-attention
// (the fixed-context RNN has none: any mask is an error there).
void apply_masks(const ModelConfig& config, const StateOptions& options, DecoderState& state);
// The source positions that may be masked in a source of src_len tokens, and the heads, checked
// without a state (DecodeOptions::validate checks the heads; the positions need the source).
void check_head_mask(const ModelConfig& config, const std::vector<HeadRef>& heads);
void check_source_mask(const ModelConfig& config, const std::vector<int>& positions, int src_len);

}  // namespace attnseq
