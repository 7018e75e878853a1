// The bigram test model of the search tests: next-token probabilities written by hand, behind the Model
// seam, so that the search code's behaviour can be checked exactly.
#pragma once

#include <cmath>
#include <map>
#include <memory>
#include <vector>

#include "attnseq/core/special_ids.h"
#include "attnseq/models/model.h"

namespace testing {

using namespace attnseq;

constexpr int kBosId = 2, kEosId = 3;  // this test model's control ids
const ControlIds kIds{kBosId, kEosId};
constexpr int A = 4, B = 5, V = 6;

// Next-token probabilities given the previous token:
//   <s> -> A .5, B .4, </s> .1      A -> A .45, B .15, </s> .4      B -> </s> .9, A .1
class BigramModel : public Model {
 public:
  BigramModel() {
    config_.vocab_src = config_.vocab_tgt = V;
    config_.max_src_len = 16;
    config_.arch = Arch::Rnn;
    p_[kBosId] = {{A, .5}, {B, .4}, {kEosId, .1}};
    p_[A] = {{A, .45}, {B, .15}, {kEosId, .4}};
    p_[B] = {{kEosId, .9}, {A, .1}};
  }
  const ModelConfig& config() const override { return config_; }
  std::unique_ptr<DecoderState> encode(const std::vector<int>& src, const StateOptions&) const override {
    validate_source(config_, src);
    auto s = std::make_unique<DecoderState>();
    s->src_len = static_cast<int>(src.size());
    return s;
  }
  void step(DecoderState& st, const std::vector<int>& tokens, StepOutput& out) const override {
    validate_step_tokens(config_, st, tokens);
    ++calls;
    out.logits = Matrix::Constant(st.rows, V, std::log(1e-9f));
    out.alignment = Matrix::Constant(st.rows, st.src_len, 1.0f / st.src_len);
    out.cross_attention.reset(st.rows, 1, 1, 1, st.src_len);
    for (int r = 0; r < st.rows; ++r) {
      auto it = p_.find(tokens[r]);
      if (it == p_.end()) continue;
      for (auto& kv : it->second) out.logits(r, kv.first) = std::log(kv.second);
    }
    out.macs = 1;
    ++st.steps;
  }
  void reorder(DecoderState& st, const std::vector<int>& keep) const override {
    validate_keep(st, keep);
    st.rows = static_cast<int>(keep.size());
  }
  bool has_attention() const override { return true; }
  mutable int calls = 0;  // model steps taken (each step() call: one step of every live row)

 private:
  ModelConfig config_;
  std::map<int, std::map<int, float>> p_;
};

}  // namespace testing
