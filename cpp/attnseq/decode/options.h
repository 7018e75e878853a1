// Decoding options: one plain struct with defaults, validated once before decoding starts.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "attnseq/models/config.h"

namespace attnseq {

enum class Strategy { Greedy, Beam, Sample };
const char* strategy_name(Strategy s);
Strategy parse_strategy(const std::string& name);  // "greedy" | "beam" | "sample"; throws BadOption

struct DecodeOptions {
  Strategy strategy = Strategy::Greedy;  // how the next token is chosen
  int beam_size = 4;                     // beam: hypotheses kept per step (1..64)
  float length_penalty = 1.0f;           // beam: score = sum log p / length^length_penalty (0 = raw sum)
  int num_hypotheses = 1;                // beam: n-best list size (1..beam_size)
  float temperature = 1.0f;              // sample: logits are divided by it (> 0)
  int top_k = 0;                         // sample: keep only the k most likely tokens (0 = all)
  float top_p = 1.0f;                    // sample: keep the smallest set whose probability reaches top_p (0 < p <= 1)
  uint64_t seed = 42;                    // sample: RNG seed; the same seed gives the same output on every build
  float max_length_ratio = 2.0f;         // at most ratio * source tokens + max_length_extra target tokens ...
  int max_length_extra = 10;             // ... (see max_length_ratio)
  int max_length = 256;                  // ... and never more than this (</s> included) nor the model's positions
  std::vector<int> prefix;               // forced target token ids; decoding continues after them
  bool kv_cache = true;                  // Transformer: cache decoder self-attention (false recomputes the prefix)
  int alternatives = 5;                  // step events: top tokens reported per step (0..50)
  bool return_attention = true;          // keep per-step attention rows in results

  // Throws Error(BadOption) naming the field (also as Error::field()), its value and the accepted range.
  void validate(const ModelConfig& model) const;
  // Target-length cap for a source of src_len tokens.
  int length_limit(int src_len, const ModelConfig& model) const;
};

}  // namespace attnseq
