// The C++ models against the PyTorch reference (golden data from tests/tools/make_model_golden.py):
// per-step log-probabilities and attention under teacher forcing, greedy and beam outputs.
#include <catch2/catch.hpp>
#include <cmath>

#include "attnseq/attnseq.h"
#include "attnseq/core/special_ids.h"
#include "attnseq/decode/sampler.h"
#include "attnseq/nn/ops.h"
#include "helpers.h"

using namespace attnseq;
using nlohmann::json;

namespace {

constexpr int kBosId = 2, kEosId = 3;  // the test models' control ids (train/attnseq_train/models.py)

const json& golden() {
  static const json g = testing::read_json(testing::data_path("models/golden.json"));
  return g;
}

std::string file_of(const std::string& name) { return testing::data_path("models/" + name + ".safetensors"); }

Translator load(const std::string& name) { return Translator(testing::read_bytes(file_of(name))); }

std::vector<int> strip_eos(std::vector<int> t) {
  if (!t.empty() && t.back() == kEosId) t.pop_back();
  return t;
}

void check_teacher_forced(const Model& model, const json& rec, const std::string& what) {
  INFO(what);
  const std::vector<int> src = rec["src"];
  auto state = model.encode(src, StateOptions{});
  StepOutput out;
  int prev = kBosId;
  for (size_t t = 0; t < rec["steps"].size(); ++t) {
    const json& s = rec["steps"][t];
    INFO("step " << t);
    model.step(*state, {prev}, out);
    std::vector<float> lp = log_probs(out.logits.row(0).data(), static_cast<int>(out.logits.cols()));
    const int tok = s["token"];
    CHECK(lp[tok] == Approx(s["logprob"].get<double>()).margin(2e-4));
    auto top = top_k(lp.data(), static_cast<int>(lp.size()), static_cast<int>(s["top_ids"].size()));
    for (size_t i = 0; i < top.size(); ++i)
      CHECK(top[i].second == Approx(s["top_logprobs"][i].get<double>()).margin(2e-4));
    CHECK(top[0].first == s["top_ids"][0].get<int>());
    if (!s["alignment"].is_null()) {
      REQUIRE(out.alignment.cols() == static_cast<Eigen::Index>(s["alignment"].size()));
      for (size_t j = 0; j < s["alignment"].size(); ++j)
        CHECK(out.alignment(0, j) == Approx(s["alignment"][j].get<double>()).margin(1e-5));
    }
    prev = tok;
  }
}

}  // namespace

TEST_CASE("every architecture matches the PyTorch reference step by step", "[models][golden]") {
  for (const auto& kv : golden()["models"].items()) {
    const std::string name = kv.key();
    Translator t = load(name);
    CHECK(t.info().quantized == (name.find(".i8") != std::string::npos));
    for (size_t i = 0; i < kv.value().size(); ++i) check_teacher_forced(*t.model(), kv.value()[i], name + " #" + std::to_string(i));
  }
}

TEST_CASE("greedy and beam outputs equal the reference's", "[models][golden][search]") {
  for (const auto& kv : golden()["models"].items()) {
    Translator t = load(kv.key());
    for (const json& rec : kv.value()) {
      INFO(kv.key() << " src " << rec["src"].dump());
      const std::vector<int> src = rec["src"];
      DecodeOptions o = testing::reference_options();
      StepSession s(t.model(), src, o, t.control_ids());
      while (!s.done()) s.next();
      CHECK(strip_eos(s.hypothesis().tokens) == rec["greedy"].get<std::vector<int>>());
      o.strategy = Strategy::Beam;
      o.beam_size = 3;
      BeamResult b = beam_search(*t.model(), src, o, t.control_ids());
      REQUIRE(!b.hypotheses.empty());
      CHECK(strip_eos(b.hypotheses[0].tokens) == rec["beam3"].get<std::vector<int>>());
    }
  }
}

TEST_CASE("Transformer encoder self-attention and all cross-attention heads match", "[models][golden][attention]") {
  for (const std::string name : {"tiny-transformer", "tiny-transformer-shared"}) {
    Translator t = load(name);
    for (const json& rec : golden()["models"][name]) {
      const std::vector<int> src = rec["src"];
      auto state = t.model()->encode(src, StateOptions{});
      const AttentionStack& enc = state->encoder_self_attention;
      const json& e0 = rec["encoder_attention_l0"];  // [heads][S][S]
      REQUIRE(enc.heads == static_cast<int>(e0.size()));
      for (int h = 0; h < enc.heads; ++h)
        for (int q = 0; q < enc.queries; ++q)
          for (int k = 0; k < enc.keys; ++k) CHECK(enc.at(0, 0, h, q)[k] == Approx(e0[h][q][k].get<double>()).margin(1e-5));
      StepOutput out;
      t.model()->step(*state, {kBosId}, out);
      const json& c0 = rec["cross_attention_step0"];  // [layers][heads][S]
      for (int l = 0; l < out.cross_attention.layers; ++l)
        for (int h = 0; h < out.cross_attention.heads; ++h)
          for (int k = 0; k < out.cross_attention.keys; ++k)
            CHECK(out.cross_attention.at(0, l, h)[k] == Approx(c0[l][h][k].get<double>()).margin(1e-5));
    }
  }
}

TEST_CASE("step 0's scores, weights and context: what PyTorch computes, and softmax / weighted sum of each other",
          "[models][scores]") {
  for (const char* name : {"tiny-transformer", "tiny-transformer-shared", "tiny-rnn-additive", "tiny-rnn-dot",
                           "tiny-rnn-general", "tiny-rnn-scaled_dot", "tiny-conv", "tiny-conv-k5"}) {
    INFO(name);
    Translator t = load(name);
    for (const json& rec : golden()["models"][name]) {
      const std::vector<int> src = rec["src"];
      auto state = t.model()->encode(src, StateOptions{});
      StepOutput out;
      t.model()->step(*state, {kBosId}, out);
      const AttentionStack& w = out.cross_attention;
      const AttentionStack& sc = out.cross_scores;
      const AttentionStack& cx = out.cross_context;
      const json& gs = rec["cross_scores_step0"];   // [layers][heads][S]
      const json& gc = rec["cross_context_step0"];  // [layers][C]
      const json& gv = rec["attention_values"];     // [layers][S][C]
      REQUIRE(sc.layers == static_cast<int>(gs.size()));
      REQUIRE(state->attention_values.size() == gv.size());
      const int S = w.keys, C = cx.keys, dh = C / w.heads;
      for (int l = 0; l < w.layers; ++l) {
        const Matrix& V = state->attention_values[l];  // [S, C]
        REQUIRE(V.rows() == S);
        REQUIRE(V.cols() == C);
        for (int j = 0; j < S; ++j)
          for (int c = 0; c < C; ++c) CHECK(V(j, c) == Approx(gv[l][j][c].get<double>()).margin(1e-5));
        for (int h = 0; h < w.heads; ++h) {
          // the scores are PyTorch's; softmax of them is the returned weights
          double z = 0, m = -1e30;
          for (int j = 0; j < S; ++j) m = std::max(m, static_cast<double>(sc.at(0, l, h)[j]));
          for (int j = 0; j < S; ++j) z += std::exp(sc.at(0, l, h)[j] - m);
          for (int j = 0; j < S; ++j) {
            CHECK(sc.at(0, l, h)[j] == Approx(gs[l][h][j].get<double>()).margin(1e-4));
            CHECK(w.at(0, l, h)[j] == Approx(std::exp(sc.at(0, l, h)[j] - m) / z).margin(1e-6));
          }
          // the context of head h is Σ_j weight_j · V[j, head h's slice]
          for (int d = h * dh; d < (h + 1) * dh; ++d) {
            double sum = 0;
            for (int j = 0; j < S; ++j) sum += w.at(0, l, h)[j] * V(j, d);
            CHECK(cx.at(0, l, 0)[d] == Approx(sum).margin(1e-5));
            CHECK(cx.at(0, l, 0)[d] == Approx(gc[l][d].get<double>()).margin(1e-4));
          }
        }
      }
    }
  }
  // the fixed-context model has none of them
  Translator none = load("tiny-rnn-none");
  auto state = none.model()->encode(golden()["models"]["tiny-rnn-none"][0]["src"].get<std::vector<int>>(), StateOptions{});
  StepOutput out;
  none.model()->step(*state, {kBosId}, out);
  CHECK(out.cross_scores.data.empty());
  CHECK(out.cross_context.data.empty());
  CHECK(state->attention_values.empty());
}

TEST_CASE("the conv model: config facts, receptive fields, the GRU decoder's attention over its memory",
          "[models][conv]") {
  Translator t = load("tiny-conv-k5");
  const ModelConfig& c = t.info().config;
  CHECK(c.arch == Arch::Conv);
  CHECK(std::string(arch_name(c.arch)) == "conv");
  CHECK(c.gru_decoder());
  CHECK(c.conv.kernel == 5);
  CHECK(c.conv.layers == 3);
  CHECK(c.conv.max_positions == 64);
  CHECK(c.rnn.hidden == 12);
  CHECK(c.rnn.attention == AttentionKind::Dot);
  CHECK(c.share_embeddings);
  CHECK(c.conv.receptive_field(0) == 1);
  CHECK(c.conv.receptive_field(1) == 5);
  CHECK(c.conv.receptive_field(3) == 13);  // 1 + 3 · (5 − 1)
  CHECK(t.model()->has_attention());
  const std::vector<int> src = golden()["models"]["tiny-conv-k5"][0]["src"];
  auto state = t.model()->encode(src, StateOptions{});
  CHECK(state->encoder_self_attention.data.empty());  // no self-attention: windows instead
  REQUIRE(state->attention_values.size() == 1);      // the memory, [S, H]
  CHECK(state->attention_values[0].rows() == static_cast<Eigen::Index>(src.size()));
  CHECK(state->attention_values[0].cols() == 12);
  // encode: in_proj S·H·E, 3 convolutions S·2H·kH, bridge H·H (dot attention: no key projection)
  const uint64_t S = src.size();
  CHECK(state->encode_macs == S * 12 * 8 + 3 * S * 24 * 60 + 12 * 12);
  StepOutput out;
  t.model()->step(*state, {kBosId}, out);
  CHECK(out.cross_attention.layers == 1);
  CHECK(out.cross_attention.heads == 1);
  CHECK(out.cross_attention.keys == static_cast<int>(S));
  // the additive one, I8: loads quantized, and its info says so
  Translator q = load("tiny-conv.i8");
  CHECK(q.info().quantized);
  CHECK(q.info().config.conv.receptive_field(q.info().config.conv.layers) == 5);
}

TEST_CASE("without the KV cache the Transformer gives identical outputs for more work", "[models][kvcache]") {
  Translator t = load("tiny-transformer");
  const std::vector<int> src = golden()["models"]["tiny-transformer"][0]["src"];
  StateOptions cached, recompute;
  recompute.kv_cache = false;
  auto a = t.model()->encode(src, cached);
  auto b = t.model()->encode(src, recompute);
  StepOutput oa, ob;
  int tok_a = kBosId, tok_b = kBosId;
  for (int step = 0; step < 8; ++step) {
    t.model()->step(*a, {tok_a}, oa);
    t.model()->step(*b, {tok_b}, ob);
    CHECK((oa.logits.array() == ob.logits.array()).all());  // bit-identical
    CHECK(oa.cross_attention.data == ob.cross_attention.data);
    if (step > 0) CHECK(ob.macs > oa.macs);
    tok_a = argmax(oa.logits.row(0).data(), static_cast<int>(oa.logits.cols()));
    tok_b = argmax(ob.logits.row(0).data(), static_cast<int>(ob.logits.cols()));
  }
  // beam search (reorder with caches) agrees too
  DecodeOptions o;
  o.strategy = Strategy::Beam;
  o.beam_size = 3;
  o.num_hypotheses = 3;
  BeamResult x = beam_search(*t.model(), src, o, t.control_ids());
  o.kv_cache = false;
  BeamResult y = beam_search(*t.model(), src, o, t.control_ids());
  REQUIRE(x.hypotheses.size() == y.hypotheses.size());
  for (size_t i = 0; i < x.hypotheses.size(); ++i) CHECK(x.hypotheses[i].tokens == y.hypotheses[i].tokens);
  CHECK(y.macs > x.macs);
}

TEST_CASE("the translator goes from text to text consistently with the tokenizer", "[translator]") {
  Translator t = load("tiny-rnn-additive");
  const json& g = golden();
  for (size_t i = 0; i < g["texts"].size(); ++i) {
    const std::string text = g["texts"][i];
    TranslationResult r = t.translate(text, testing::reference_options());
    const json& rec = g["models"]["tiny-rnn-additive"][i];
    std::vector<int> src;
    for (const Token& tok : r.source) src.push_back(tok.id);
    CHECK(src == rec["src"].get<std::vector<int>>());
    REQUIRE(r.hypotheses.size() == 1);
    const auto& h = r.hypotheses[0];
    std::vector<int> ids;
    for (const Token& tok : h.tokens) ids.push_back(tok.id);
    CHECK(strip_eos(ids) == rec["greedy"].get<std::vector<int>>());
    CHECK(h.text == t.detokenize(ids));
    CHECK(h.attention.size() == h.tokens.size());
    for (const auto& row : h.attention) {
      CHECK(row.size() == r.source.size());
      double sum = 0;
      for (float w : row) sum += w;
      CHECK(sum == Approx(1.0).margin(1e-4));
    }
    // source spans point into the text
    for (const Token& tok : r.source)
      if (tok.begin >= 0) CHECK(tok.end <= static_cast<int>(text.size()));
  }
  CHECK(t.translate("", DecodeOptions{}).hypotheses.empty());
  CHECK(t.translate(" \t ", DecodeOptions{}).hypotheses.empty());
}

TEST_CASE("the fixed-context model reports no attention", "[models]") {
  Translator t = load("tiny-rnn-none");
  CHECK(!t.model()->has_attention());
  TranslationResult r = t.translate("hello world", DecodeOptions{});
  for (const auto& row : r.hypotheses[0].attention)
    for (float w : row) CHECK(w == 0.0f);
}

TEST_CASE("too long input is INPUT_TOO_LONG, not a crash", "[translator]") {
  Translator t = load("tiny-transformer");  // max_src_len 48
  std::string text;
  for (int i = 0; i < 200; ++i) text += "hello ";
  try {
    t.translate(text, DecodeOptions{});
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::InputTooLong);
    CHECK_THAT(e.what(), Catch::Contains("at most 48"));
  }
}
