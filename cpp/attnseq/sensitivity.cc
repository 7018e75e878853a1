#include "attnseq/sensitivity.h"

#include <cmath>

#include "attnseq/core/errors.h"
#include "attnseq/nn/kernels/reduce.h"
#include "attnseq/text/tokenizer.h"

namespace attnseq {
namespace {

// What one teacher-forced run read from the source: the fixed context and the encoder's last states
// (fixed-context models), each step's context (attention models), each target token's probability.
struct Reading {
  std::vector<float> fixed, encoder_final;
  std::vector<std::vector<float>> contexts;  // [T][layers · C]
  std::vector<float> probabilities;          // [T]
  uint64_t macs = 0;
};

Reading read(const Model& model, const std::vector<int>& src, const std::vector<int>& target, int bos,
             const StateOptions& so) {
  Reading r;
  auto state = model.encode(src, so);
  r.macs = state->encode_macs;
  r.fixed = state->fixed_context;
  r.encoder_final = state->encoder_final;
  StepOutput out;
  int prev = bos;
  for (int tok : target) {
    model.step(*state, {prev}, out);
    r.macs += out.macs;
    const int V = static_cast<int>(out.logits.cols());
    const float* logits = out.logits.row(0).data();
    r.probabilities.push_back(std::exp(logits[tok] - kernels::log_sum_exp(logits, V)));
    const AttentionStack& c = out.cross_context;
    if (!c.data.empty()) {
      std::vector<float> ctx;
      for (int l = 0; l < c.layers; ++l) ctx.insert(ctx.end(), c.at(0, l, 0), c.at(0, l, 0) + c.keys);
      r.contexts.push_back(std::move(ctx));
    }
    prev = tok;
  }
  return r;
}

}  // namespace

float relative_change(const float* a, const float* b, size_t n) {
  double diff = 0, norm = 0;
  for (size_t i = 0; i < n; ++i) {
    diff += static_cast<double>(a[i] - b[i]) * (a[i] - b[i]);
    norm += static_cast<double>(a[i]) * a[i];
  }
  if (norm == 0) return static_cast<float>(std::sqrt(diff));
  return static_cast<float>(std::sqrt(diff / norm));
}

SensitivityResult sensitivity(const Translator& translator, const std::string& text, const DecodeOptions& options,
                              int replacement, const AbortCallback& abort) {
  options.validate(translator.info().config);
  const ModelConfig& config = translator.info().config;
  const int unk = translator.source_tokenizer().unk_id();
  if (replacement < 0) replacement = unk;
  if (replacement >= config.vocab_src)
    throw Error(ErrorCode::BadOption, "the replacement token id " + std::to_string(replacement) +
                                          " is outside the source vocabulary (0.." + std::to_string(config.vocab_src - 1) +
                                          ")");
  SensitivityResult out;
  out.replacement = translator.source_token(replacement);
  check_abort(abort, 0);
  const TranslationResult tr = translator.translate(text, options, abort);
  out.source = tr.source;
  if (tr.hypotheses.empty()) return out;
  const std::vector<int> target = ids_of(tr.hypotheses[0].tokens);
  out.target = tr.hypotheses[0].tokens;
  const std::vector<int> src = ids_of(out.source);
  const StateOptions so = options.state_options();
  const int bos = translator.control_ids().bos;
  const Model& model = *translator.model();
  const Reading base = read(model, src, target, bos, so);
  out.macs = base.macs;
  out.probabilities = base.probabilities;
  const bool fixed = !model.has_attention();
  out.measure = fixed ? "fixed" : "steps";
  const size_t positions = src.size() - 1;  // </s> is not replaced
  const size_t half = base.encoder_final.size() / 2;
  for (size_t p = 0; p < positions; ++p) {
    check_abort(abort, static_cast<int>(p + 1));
    std::vector<int> changed = src;
    changed[p] = replacement;
    const Reading r = read(model, changed, target, bos, so);
    out.macs += r.macs;
    out.replaced_probabilities.push_back(r.probabilities);
    if (half) {
      out.forward.push_back(relative_change(base.encoder_final.data(), r.encoder_final.data(), half));
      out.backward.push_back(relative_change(base.encoder_final.data() + half, r.encoder_final.data() + half, half));
    }
    if (fixed) {
      out.change.push_back(relative_change(base.fixed.data(), r.fixed.data(), base.fixed.size()));
      continue;
    }
    std::vector<float> steps;
    double sum = 0;
    for (size_t t = 0; t < base.contexts.size(); ++t) {
      steps.push_back(relative_change(base.contexts[t].data(), r.contexts[t].data(), base.contexts[t].size()));
      sum += steps.back();
    }
    out.change.push_back(steps.empty() ? 0.0f : static_cast<float>(sum / steps.size()));
    out.step_change.push_back(std::move(steps));
  }
  return out;
}

}  // namespace attnseq
