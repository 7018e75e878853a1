// Interventions on cross-attention (DecodeOptions::source_mask, head_mask) and the sensitivity of what
// the decoder reads to each source token (attnseq/sensitivity.h): by hand on small matrices, against the
// PyTorch reference (tests/data/models/golden_masks.json, tests/tools/make_model_golden.py --masks) and
// the errors that name a bad index.
#include <catch2/catch.hpp>
#include <cmath>

#include "attnseq/attnseq.h"
#include "attnseq/nn/multi_head_attention.h"
#include "attnseq/nn/ops.h"
#include "attnseq/decode/sampler.h"
#include "helpers.h"

using namespace attnseq;
using nlohmann::json;

namespace {

const json& golden() {
  static const json g = testing::read_json(testing::data_path("models/golden_masks.json"));
  return g;
}

Translator load(const std::string& name) {
  return Translator(testing::read_bytes(testing::data_path("models/" + name + ".safetensors")));
}

// A MultiHeadAttention of width d whose q and out projections are the identity (as in test_ops.cc).
struct IdentityAttention {
  std::vector<float> eye;
  MultiHeadAttention mha;
  IdentityAttention(int d, int heads) : eye(static_cast<size_t>(d) * d, 0.0f) {
    for (int i = 0; i < d; ++i) eye[static_cast<size_t>(i) * d + i] = 1.0f;
    const auto w = WeightMatrix::of_f32(eye.data(), d, d);
    mha.heads = heads;
    mha.dim = d;
    mha.q = mha.out = Linear{w, nullptr, d, d};
  }
};

// The field an error names and its message.
template <typename F>
std::pair<std::string, std::string> error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return {e.field(), e.what()};
  }
  return {"", "no error"};
}

}  // namespace

TEST_CASE("a masked position gets weight 0 and the others renormalize (by hand)", "[interventions][ops]") {
  float x[3] = {1, 2, 3};
  const uint8_t keep[3] = {1, 0, 1};
  softmax_inplace(x, 3, keep);
  const double z = std::exp(1.0) + std::exp(3.0);
  CHECK(x[0] == Approx(std::exp(1.0) / z));
  CHECK(x[1] == 0.0f);
  CHECK(x[2] == Approx(std::exp(3.0) / z));
  // every position kept: the same bits as the plain softmax
  float a[4] = {0.5f, -1, 2, 0.25f}, b[4] = {0.5f, -1, 2, 0.25f};
  const uint8_t all[4] = {1, 1, 1, 1};
  softmax_inplace(a, 4);
  softmax_inplace(b, 4, all);
  for (int i = 0; i < 4; ++i) CHECK(a[i] == b[i]);
}

TEST_CASE("multi-head cross-attention: a masked source position and a switched-off head, by hand",
          "[interventions][attention]") {
  IdentityAttention a(2, 2);  // dh = 1, scale 1; head 0 reads column 0, head 1 column 1
  Matrix x(1, 2), K(3, 2), V(3, 2), y;
  x << 1, -1;
  K << 0, 0, 2, 2, 1, 1;
  V << 10, 20, 30, 40, 50, 60;
  float w[6], scores[6], context[2];
  AttentionRecord rec;
  rec.weights = w, rec.scores = scores, rec.stride = 6, rec.context = context, rec.context_stride = 2;
  AttentionScratch scratch;
  uint64_t macs = 0;
  const uint8_t keep[3] = {1, 0, 1}, off[2] = {0, 1};
  AttentionMask mask{keep, off};
  a.mha.cross_attention(x, K, V, scratch, y, rec, macs, mask);
  // head 0: scores [0, 2, 1], position 1 left out: softmax over [0, 1] = [1/(1+e), e/(1+e)]
  const double e = std::exp(1.0), w0 = 1 / (1 + e), w2 = e / (1 + e);
  CHECK(scores[1] == Approx(2.0));  // the score is recorded as computed
  CHECK(w[0] == Approx(w0));
  CHECK(w[1] == 0.0f);
  CHECK(w[2] == Approx(w2));
  CHECK(context[0] == Approx(10 * w0 + 50 * w2));
  CHECK(y(0, 0) == Approx(10 * w0 + 50 * w2));
  // head 1: switched off. Its weights are still computed (scores [0, -2, -1] over positions 0 and 2)...
  const double v0 = 1 / (1 + std::exp(-1.0)), v2 = std::exp(-1.0) / (1 + std::exp(-1.0));
  CHECK(w[3] == Approx(v0));
  CHECK(w[4] == 0.0f);
  CHECK(w[5] == Approx(v2));
  // ...but its context, and so its share of the output, is zero
  CHECK(context[1] == 0.0f);
  CHECK(y(0, 1) == 0.0f);
}

TEST_CASE("interventions match the PyTorch reference: greedy outputs, log-probabilities, attention, contexts",
          "[interventions][golden]") {
  for (const auto& kv : golden()["models"].items()) {
    Translator t = load(kv.key());
    for (const json& rec : kv.value()) {
      INFO(kv.key() << " source_mask " << rec["source_mask"].dump() << " head_mask " << rec["head_mask"].dump());
      DecodeOptions o = testing::reference_options();
      o.source_mask = rec["source_mask"].get<std::vector<int>>();
      for (const json& h : rec["head_mask"]) o.head_mask.push_back({h[0].get<int>(), h[1].get<int>()});
      const std::vector<int> src = rec["src"];
      StepSession s(t.model(), src, o, t.control_ids());
      size_t i = 0;
      while (!s.done()) {
        const StepEvent ev = s.next();
        INFO("step " << i);
        REQUIRE(i < rec["steps"].size());
        const json& g = rec["steps"][i];
        CHECK(ev.token == g["token"].get<int>());
        CHECK(std::log(ev.probability) == Approx(g["logprob"].get<double>()).margin(2e-4));
        for (size_t j = 0; j < g["alignment"].size(); ++j)
          CHECK(ev.alignment[j] == Approx(g["alignment"][j].get<double>()).margin(1e-5));
        for (int p : o.source_mask) CHECK(ev.alignment[p] == 0.0f);  // removed from every softmax
        if (i == 0) {
          const json& w0 = rec["cross_attention_step0"];
          const json& c0 = rec["cross_context_step0"];
          for (int l = 0; l < ev.cross_attention.layers; ++l) {
            for (int h = 0; h < ev.cross_attention.heads; ++h) {
              for (int k = 0; k < ev.cross_attention.keys; ++k)
                CHECK(ev.cross_attention.at(0, l, h)[k] == Approx(w0[l][h][k].get<double>()).margin(1e-5));
              for (int p : o.source_mask) CHECK(ev.cross_attention.at(0, l, h)[p] == 0.0f);
            }
            for (int k = 0; k < ev.cross_context.keys; ++k)
              CHECK(ev.cross_context.at(0, l, 0)[k] == Approx(c0[l][k].get<double>()).margin(1e-4));
          }
          // the switched-off head's slice of the context is exactly zero
          const int dh = ev.cross_context.keys / ev.cross_attention.heads;
          for (const HeadRef& r : o.head_mask)
            for (int d = 0; d < dh; ++d) CHECK(ev.cross_context.at(0, r.layer, 0)[r.head * dh + d] == 0.0f);
        }
        ++i;
      }
      CHECK(i == rec["steps"].size());
    }
  }
}

TEST_CASE("an intervention changes the output: the masks are not ignored", "[interventions]") {
  Translator t = load("tiny-transformer");
  const std::vector<int> src = golden()["models"]["tiny-transformer"][0]["src"];
  auto first_logits = [&](const StateOptions& so) {
    auto st = t.model()->encode(src, so);
    StepOutput out;
    t.model()->step(*st, {2}, out);
    return std::vector<float>(out.logits.data(), out.logits.data() + out.logits.size());
  };
  const std::vector<float> plain = first_logits({});
  StateOptions a, b;
  a.source_mask = {1};
  b.head_mask = {{0, 1}};
  CHECK(first_logits(a) != plain);
  CHECK(first_logits(b) != plain);
}

TEST_CASE("bad interventions are errors that name the option, the index and the accepted range",
          "[interventions][errors]") {
  Translator t = load("tiny-transformer");  // 2 decoder layers, 2 heads
  DecodeOptions o;
  o.head_mask = {{0, 1}, {2, 0}};
  auto [field, msg] = error_of([&] { t.translate("the cat", o); });
  CHECK(field == "head_mask");
  CHECK_THAT(msg, Catch::Contains("head_mask[1]") && Catch::Contains("layer 2") && Catch::Contains("0..1"));
  o.head_mask = {{1, 5}};
  std::tie(field, msg) = error_of([&] { t.translate("the cat", o); });
  CHECK_THAT(msg, Catch::Contains("head_mask[0]") && Catch::Contains("head 5"));
  o.head_mask.clear();
  const int S = static_cast<int>(t.tokenize("the cat").size());
  o.source_mask = {0, S};
  std::tie(field, msg) = error_of([&] { t.translate("the cat", o); });
  CHECK(field == "source_mask");
  CHECK_THAT(msg, Catch::Contains("source_mask[1] = " + std::to_string(S)) && Catch::Contains("0.." + std::to_string(S - 1)));
  o.source_mask = {-1};
  std::tie(field, msg) = error_of([&] { t.translate("the cat", o); });
  CHECK_THAT(msg, Catch::Contains("source_mask[0] = -1"));
  o.source_mask.clear();
  for (int p = 0; p < S; ++p) o.source_mask.push_back(p);
  std::tie(field, msg) = error_of([&] { t.translate("the cat", o); });
  CHECK_THAT(msg, Catch::Contains("removes every source position"));
  // beam search and step sessions check them the same way
  o.source_mask = {S + 3};
  o.strategy = Strategy::Beam;
  std::tie(field, msg) = error_of([&] { t.translate("the cat", o); });
  CHECK_THAT(msg, Catch::Contains("source_mask[0]"));
  // the fixed-context model has no attention to intervene on
  Translator none = load("tiny-rnn-none");
  DecodeOptions n;
  n.source_mask = {0};
  std::tie(field, msg) = error_of([&] { none.translate("the cat", n); });
  CHECK(field == "source_mask");
  CHECK_THAT(msg, Catch::Contains("no attention"));
  n.source_mask.clear();
  n.head_mask = {{0, 0}};
  std::tie(field, msg) = error_of([&] { none.translate("the cat", n); });
  CHECK(field == "head_mask");
  // the GRU decoder with attention has exactly one head: (0, 0)
  Translator rnn = load("tiny-rnn-additive");
  DecodeOptions r;
  r.head_mask = {{0, 1}};
  std::tie(field, msg) = error_of([&] { rnn.translate("the cat", r); });
  CHECK_THAT(msg, Catch::Contains("head 1") && Catch::Contains("0..0"));
}

TEST_CASE("sensitivity: each token replaced by <unk>, as the PyTorch reference measures it", "[sensitivity][golden]") {
  for (const auto& kv : golden()["sensitivity"].items()) {
    INFO(kv.key());
    const json& g = kv.value();
    Translator t = load(kv.key());
    const DecodeOptions o = testing::reference_options();  // (the random tiny models loop and write digits)
    const SensitivityResult r = sensitivity(t, golden()["text"].get<std::string>(), o);
    REQUIRE(ids_of(r.source) == g["src"].get<std::vector<int>>());
    CHECK(r.replacement.id == g["replacement"].get<int>());
    CHECK(ids_of(r.target) == g["target"].get<std::vector<int>>());
    const bool fixed = !t.model()->has_attention();
    CHECK(r.measure == (fixed ? "fixed" : "steps"));
    REQUIRE(r.change.size() == r.source.size() - 1);
    for (size_t p = 0; p < r.change.size(); ++p) {
      INFO("position " << p);
      CHECK(r.change[p] == Approx(g["change"][p].get<double>()).margin(2e-5));
      if (!fixed)
        for (size_t s = 0; s < r.step_change[p].size(); ++s)
          CHECK(r.step_change[p][s] == Approx(g["step_change"][p][s].get<double>()).margin(2e-5));
      if (!g["forward"].empty()) {
        CHECK(r.forward[p] == Approx(g["forward"][p].get<double>()).margin(2e-5));
        CHECK(r.backward[p] == Approx(g["backward"][p].get<double>()).margin(2e-5));
      }
      for (size_t s = 0; s < r.replaced_probabilities[p].size(); ++s)
        CHECK(r.replaced_probabilities[p][s] == Approx(g["replaced_probabilities"][p][s].get<double>()).margin(1e-5));
    }
    CHECK(r.step_change.size() == (fixed ? 0u : r.change.size()));
    CHECK(r.forward.size() == (t.info().config.arch == Arch::Rnn ? r.change.size() : 0u));
    for (size_t s = 0; s < r.probabilities.size(); ++s)
      CHECK(r.probabilities[s] == Approx(g["probabilities"][s].get<double>()).margin(1e-5));
  }
}

TEST_CASE("sensitivity: replacing a token by itself changes nothing, and the measure by hand", "[sensitivity]") {
  const float a[3] = {3, 0, 4}, b[3] = {3, 1, 4};
  CHECK(relative_change(a, a, 3) == 0.0f);
  CHECK(relative_change(a, b, 3) == Approx(1.0 / 5.0));  // ‖(0, 1, 0)‖ / ‖(3, 0, 4)‖
  Translator t = load("tiny-rnn-none");
  const std::vector<Token> src = t.tokenize("the cat");
  // the first token replaced by itself: every run reads the same source
  const SensitivityResult r = sensitivity(t, "the cat", DecodeOptions{}, src[0].id);
  CHECK(r.change[0] == 0.0f);
  CHECK(r.forward[0] == 0.0f);
  CHECK(r.backward[0] == 0.0f);
  CHECK(r.replaced_probabilities[0] == r.probabilities);
  // a blank text: nothing to measure; an id beyond the vocabulary: an error
  CHECK(sensitivity(t, "  ", DecodeOptions{}).change.empty());
  CHECK_THROWS_AS(sensitivity(t, "the cat", DecodeOptions{}, 1 << 20), Error);
}
