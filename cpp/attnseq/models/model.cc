#include "attnseq/models/model.h"

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

}  // namespace attnseq
