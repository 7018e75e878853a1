#include "attnseq/models/model.h"

#include <algorithm>
#include <string>

#include "attnseq/core/errors.h"

namespace attnseq {

void validate_source(const ModelConfig& config, const std::vector<int>& src) {
  if (src.empty()) throw Error(ErrorCode::BadInput, "the source is empty (it needs at least the </s> token)");
  if (static_cast<int>(src.size()) > config.max_src_len)
    throw Error(ErrorCode::InputTooLong, "the source has " + std::to_string(src.size()) +
                                             " tokens; this model accepts at most " +
                                             std::to_string(config.max_src_len) + " (split the text into sentences)");
  for (size_t i = 0; i < src.size(); ++i)
    if (src[i] < 0 || src[i] >= config.vocab_src)
      throw Error(ErrorCode::BadInput, "source token " + std::to_string(i) + " has id " + std::to_string(src[i]) +
                                           ", outside the source vocabulary of " + std::to_string(config.vocab_src));
}

void validate_step_tokens(const ModelConfig& config, const DecoderState& state, const std::vector<int>& tokens) {
  if (static_cast<int>(tokens.size()) != state.rows)
    throw Error(ErrorCode::Internal, "step got " + std::to_string(tokens.size()) + " tokens for " +
                                         std::to_string(state.rows) + " hypotheses");
  for (int id : tokens)
    if (id < 0 || id >= config.vocab_tgt)
      throw Error(ErrorCode::BadInput, "target token id " + std::to_string(id) + " is outside the target vocabulary of " +
                                           std::to_string(config.vocab_tgt));
}

void validate_keep(const DecoderState& state, const std::vector<int>& keep) {
  if (keep.empty()) throw Error(ErrorCode::Internal, "reorder must keep at least one hypothesis");
  for (int k : keep)
    if (k < 0 || k >= state.rows)
      throw Error(ErrorCode::Internal, "reorder index " + std::to_string(k) + " outside 0.." +
                                           std::to_string(state.rows - 1));
}

namespace {

[[noreturn]] void bad_mask(const char* field, size_t i, const std::string& what) {
  throw Error(ErrorCode::BadOption, {{"decoding option "}, {field, true}, {"[" + std::to_string(i) + "] " + what}});
}

std::string range(int n) { return n > 0 ? "0.." + std::to_string(n - 1) : "none"; }

}  // namespace

void check_head_mask(const ModelConfig& config, const std::vector<HeadRef>& heads) {
  if (heads.empty()) return;
  if (!config.has_cross_attention())
    throw Error(ErrorCode::BadOption, {{"decoding option "}, {"head_mask", true},
                                       {": this model has no attention (every step reads one fixed context vector), so "
                                        "it has no cross-attention head to switch off"}});
  const int L = config.cross_layers(), H = config.cross_heads();
  for (size_t i = 0; i < heads.size(); ++i) {
    const HeadRef& r = heads[i];
    const std::string v = "= (layer " + std::to_string(r.layer) + ", head " + std::to_string(r.head) + ")";
    if (r.layer < 0 || r.layer >= L)
      bad_mask("head_mask", i, v + ": layer " + std::to_string(r.layer) + " is not a decoder layer of this model (" +
                                   range(L) + ", 0-based)");
    if (r.head < 0 || r.head >= H)
      bad_mask("head_mask", i, v + ": head " + std::to_string(r.head) + " is not a head of its cross-attention (" +
                                   range(H) + ", 0-based)");
  }
}

void check_source_mask(const ModelConfig& config, const std::vector<int>& positions, int src_len) {
  if (positions.empty()) return;
  if (!config.has_cross_attention())
    throw Error(ErrorCode::BadOption, {{"decoding option "}, {"source_mask", true},
                                       {": this model has no attention (every step reads one fixed context vector), so "
                                        "there is no attention softmax to remove a source position from"}});
  std::vector<uint8_t> seen(static_cast<size_t>(std::max(src_len, 0)), 0);
  int removed = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    const int p = positions[i];
    if (src_len >= 0 && (p < 0 || p >= src_len))
      bad_mask("source_mask", i, "= " + std::to_string(p) + " is not a position of this source (" + range(src_len) +
                                     ": its " + std::to_string(src_len) + " tokens, </s> included)");
    if (src_len < 0 && p < 0) bad_mask("source_mask", i, "= " + std::to_string(p) + " is not a source position (>= 0)");
    if (src_len >= 0 && !seen[p]) seen[p] = 1, ++removed;
  }
  if (src_len >= 0 && removed >= src_len)
    throw Error(ErrorCode::BadOption, {{"decoding option "}, {"source_mask", true},
                                       {" removes every source position (" + std::to_string(removed) + " of " +
                                        std::to_string(src_len) + "): the softmax needs at least one to attend to"}});
}

void apply_masks(const ModelConfig& config, const StateOptions& options, DecoderState& state) {
  check_head_mask(config, options.head_mask);
  check_source_mask(config, options.source_mask, state.src_len);
  state.source_keep.clear();
  state.head_off.clear();
  if (!options.source_mask.empty()) {
    state.source_keep.assign(static_cast<size_t>(state.src_len), 1);
    for (int p : options.source_mask) state.source_keep[p] = 0;
  }
  if (!options.head_mask.empty()) {
    state.head_off.assign(static_cast<size_t>(config.cross_layers()) * config.cross_heads(), 0);
    for (const HeadRef& r : options.head_mask) state.head_off[static_cast<size_t>(r.layer) * config.cross_heads() + r.head] = 1;
  }
}

}  // namespace attnseq
