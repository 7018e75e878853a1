// Search strategies over a bigram test model whose probabilities are written by hand: the search code
// only sees the Model seam, so its behaviour can be checked exactly.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>

#include "attnseq/core/errors.h"
#include "attnseq/core/special_ids.h"
#include "attnseq/decode/beam_search.h"
#include "attnseq/decode/sampler.h"
#include "attnseq/decode/session.h"
#include "attnseq/decode/unknown_copy.h"
#include "bigram_model.h"

using namespace attnseq;
using namespace testing;

namespace {

std::vector<int> run_session(std::shared_ptr<const Model> m, const DecodeOptions& o) {
  StepSession s(m, {A, kEosId}, o, kIds);
  while (!s.done()) s.next();
  return s.hypothesis().tokens;
}

}  // namespace

TEST_CASE("greedy picks the locally best token and stops at </s>", "[search]") {
  auto m = std::make_shared<BigramModel>();
  DecodeOptions o;
  o.max_length = 3;
  o.max_repeat_run = 0;  // A A A: the run guard would stop the third A
  StepSession s(m, {A, kEosId}, o, kIds);
  StepEvent e0 = s.next();
  CHECK(e0.token == A);
  CHECK(e0.probability == Approx(0.5).epsilon(1e-4));
  REQUIRE(e0.alternatives.size() == 5);
  CHECK(e0.alternatives[0].first == A);
  CHECK(e0.alternatives[1].first == B);
  CHECK(e0.alternatives[1].second == Approx(0.4).epsilon(1e-4));
  CHECK(!e0.done);
  CHECK(s.next().token == A);  // .45 beats </s> .4
  StepEvent e2 = s.next();
  CHECK(e2.done);  // the length limit
  CHECK(!s.hypothesis().finished);
  CHECK(s.hypothesis().score == Approx(std::log(0.5 * 0.45 * 0.45)).epsilon(1e-4));
  CHECK_THROWS_AS(s.next(), Error);
}

TEST_CASE("beam search finds the sequence greedy misses, with a consistent trace", "[search][beam]") {
  BigramModel m;
  DecodeOptions o;
  o.strategy = Strategy::Beam;
  o.beam_size = 2;
  o.num_hypotheses = 2;
  BeamResult r = beam_search(m, {A, kEosId}, o, kIds);
  REQUIRE(r.hypotheses.size() == 2);
  CHECK(r.hypotheses[0].tokens == std::vector<int>{B, kEosId});  // .4 * .9 = .36
  CHECK(r.hypotheses[0].score == Approx(std::log(0.36) / 2).epsilon(1e-4));
  CHECK(r.hypotheses[1].tokens == std::vector<int>{A, kEosId});  // .5 * .4 = .20
  CHECK(r.hypotheses[0].finished);
  // step 0 keeps A and B; </s> (.1) finishes as a candidate
  REQUIRE(!r.trace.steps.empty());
  const auto& s0 = r.trace.steps[0];
  CHECK(s0[0].token == A);
  CHECK(s0[0].kept);
  CHECK(s0[1].token == B);
  CHECK(s0[1].kept);
  // every step-1 candidate's parent is a kept step-0 candidate
  for (const auto& c : r.trace.steps[1]) CHECK(s0.at(c.parent).kept);
}

TEST_CASE("beam hypotheses carry their step records, as the step session reports steps", "[search][beam]") {
  BigramModel m;
  DecodeOptions o;
  o.strategy = Strategy::Beam;
  o.beam_size = 2;
  o.num_hypotheses = 2;
  o.alternatives = 3;
  BeamResult r = beam_search(m, {A, kEosId}, o, kIds);
  const Hypothesis& best = r.hypotheses.at(0);  // B </s>
  REQUIRE(best.steps.size() == 2);
  const StepEvent& s0 = best.steps[0];
  CHECK(s0.step == 0);
  CHECK(s0.token == B);
  CHECK(s0.probability == Approx(0.4).epsilon(1e-4));
  CHECK_FALSE(s0.end);
  CHECK_FALSE(s0.done);
  // the alternatives of the row it came from: <s> -> A .5, B .4, </s> .1
  REQUIRE(s0.alternatives.size() == 3);
  CHECK(s0.alternatives[0].first == A);
  CHECK(s0.alternatives[0].second == Approx(0.5).epsilon(1e-4));
  CHECK(s0.alternatives[1].first == B);
  CHECK(s0.alternatives[2].first == kEosId);
  REQUIRE(s0.alignment.size() == 2);
  CHECK(s0.cross_attention.keys == 2);
  const StepEvent& s1 = best.steps[1];
  CHECK(s1.token == kEosId);
  CHECK(s1.probability == Approx(0.9).epsilon(1e-4));
  CHECK(s1.alternatives.at(0).first == kEosId);  // B -> </s> .9
  CHECK(s1.end);
  CHECK(s1.done);
  // the second hypothesis (A </s>) has its own path: A's row at step 1 (A -> </s> .4)
  const Hypothesis& second = r.hypotheses.at(1);
  REQUIRE(second.steps.size() == 2);
  CHECK(second.steps[0].token == A);
  CHECK(second.steps[1].probability == Approx(0.4).epsilon(1e-4));
  CHECK(second.steps[1].alternatives.at(0).first == A);  // A -> A .45 first
  for (const Hypothesis& h : r.hypotheses)
    for (size_t i = 0; i < h.steps.size(); ++i) CHECK(h.steps[i].token == h.tokens[i]);
}

TEST_CASE("decoding starts with the given <s> and ends at the given </s>, not at fixed ids", "[search]") {
  // The same bigram model read with other control ids: start from A, end at B (B's step has end).
  auto m = std::make_shared<BigramModel>();
  DecodeOptions o;
  StepSession s(m, {A, kEosId}, o, ControlIds{A, B});
  StepEvent e = s.next();  // after A: A .45 is the most likely
  CHECK(e.token == A);
  CHECK_FALSE(e.end);
  o.prefix = {B};
  StepSession t(m, {A, kEosId}, o, ControlIds{A, B});
  StepEvent f = t.next();
  CHECK(f.token == B);
  CHECK(f.end);
  CHECK(f.done);
  CHECK(t.hypothesis().finished);
  o.prefix.clear();
  o.strategy = Strategy::Beam;
  BeamResult r = beam_search(*m, {A, kEosId}, o, ControlIds{A, B});
  CHECK(r.hypotheses.at(0).tokens.back() == B);
  CHECK(r.hypotheses.at(0).finished);
}

TEST_CASE("a step that hits the length limit is done but not an end", "[search]") {
  auto m = std::make_shared<BigramModel>();
  DecodeOptions o;
  o.max_length_ratio = 0.0f;
  o.max_length_extra = 1;
  StepSession s(m, {A, kEosId}, o, kIds);
  StepEvent e = s.next();
  CHECK(e.token == A);
  CHECK(e.done);
  CHECK_FALSE(e.end);
  CHECK_FALSE(s.hypothesis().finished);
}

TEST_CASE("forced prefix: decoding continues after the given tokens", "[search]") {
  auto m = std::make_shared<BigramModel>();
  DecodeOptions o;
  o.prefix = {B};
  StepSession s(m, {A, kEosId}, o, kIds);
  StepEvent e0 = s.next();
  CHECK(e0.forced);
  CHECK(e0.token == B);
  CHECK(e0.probability == Approx(0.4).epsilon(1e-4));
  CHECK(s.next().token == kEosId);
  o.strategy = Strategy::Beam;
  o.prefix = {A, A};
  BeamResult r = beam_search(*m, {A, kEosId}, o, kIds);
  CHECK(r.hypotheses[0].tokens.at(0) == A);
  CHECK(r.hypotheses[0].tokens.at(1) == A);
}

TEST_CASE("the length limit comes from the source length and the options", "[search]") {
  auto m = std::make_shared<BigramModel>();
  DecodeOptions o;
  o.max_repeat_run = 0;  // A A A: the run guard would stop the third A
  o.max_length_ratio = 1.0f;
  o.max_length_extra = 1;  // source of 2 tokens -> at most 3
  CHECK(run_session(m, o) == std::vector<int>{A, A, A});
  o.prefix = {B};
  CHECK(run_session(m, o) == std::vector<int>{B, kEosId});
}

TEST_CASE("seeded sampling is reproducible and follows the distribution", "[search][sample]") {
  auto m = std::make_shared<BigramModel>();
  DecodeOptions o;
  o.strategy = Strategy::Sample;
  o.seed = 7;
  CHECK(run_session(m, o) == run_session(m, o));
  std::map<int, int> first;
  for (uint64_t seed = 0; seed < 2000; ++seed) {
    o.seed = seed;
    StepSession s(m, {A, kEosId}, o, kIds);
    first[s.next().token]++;
  }
  CHECK(first[A] / 2000.0 == Approx(0.5).margin(0.04));
  CHECK(first[B] / 2000.0 == Approx(0.4).margin(0.04));
  CHECK(first[kEosId] / 2000.0 == Approx(0.1).margin(0.03));
}

TEST_CASE("a sampling step carries the distribution it was drawn from, cut tokens at 0", "[search][sample]") {
  auto m = std::make_shared<BigramModel>();
  DecodeOptions o;
  o.strategy = Strategy::Sample;
  o.alternatives = 3;
  o.top_k = 2;  // <s> -> A .5, B .4 kept; </s> .1 cut
  StepSession s(m, {A, kEosId}, o, kIds);
  StepEvent e = s.next();
  REQUIRE(e.sampled.size() == 3);
  CHECK(e.alternatives[0].second == Approx(0.5).epsilon(1e-4));  // the model's own distribution, untouched
  CHECK(e.sampled[0] == Approx(0.5 / 0.9).epsilon(1e-4));
  CHECK(e.sampled[1] == Approx(0.4 / 0.9).epsilon(1e-4));
  CHECK(e.sampled[2] == 0.0f);
  // temperature 2 flattens: p ∝ sqrt(p_model) over all three
  o.top_k = 0;
  o.temperature = 2.0f;
  StepSession t(m, {A, kEosId}, o, kIds);
  e = t.next();
  const double z = std::sqrt(.5) + std::sqrt(.4) + std::sqrt(.1);
  CHECK(e.sampled[0] == Approx(std::sqrt(.5) / z).epsilon(1e-3));
  CHECK(e.sampled[2] == Approx(std::sqrt(.1) / z).epsilon(1e-3));
  // top-p 0.85: A (.5) and B (.4) reach it; </s> is cut
  o.temperature = 1.0f;
  o.top_p = 0.85f;
  StepSession u(m, {A, kEosId}, o, kIds);
  e = u.next();
  CHECK(e.sampled[2] == 0.0f);
  CHECK(e.sampled[0] + e.sampled[1] == Approx(1.0).epsilon(1e-4));
  // greedy steps carry none
  o.strategy = Strategy::Greedy;
  StepSession g(m, {A, kEosId}, o, kIds);
  CHECK(g.next().sampled.empty());
}

TEST_CASE("top-k 1 and a tiny top-p reduce sampling to greedy", "[search][sample]") {
  auto m = std::make_shared<BigramModel>();
  DecodeOptions greedy, o;
  o.strategy = Strategy::Sample;
  o.top_k = 1;
  for (uint64_t seed = 0; seed < 20; ++seed) {
    o.seed = seed;
    CHECK(run_session(m, o) == run_session(m, greedy));
  }
  o.top_k = 0;
  o.top_p = 0.01f;
  o.seed = 3;
  CHECK(run_session(m, o) == run_session(m, greedy));
}

TEST_CASE("the sampler's RNG sequence is fixed (same on native and WebAssembly)", "[rng]") {
  // reference values from tests/tools/rng_reference.py (same algorithm in Python integers)
  Rng r(42);
  CHECK(r.next_u64() == 0xaf1f56fc41a4d2d2ull);
  CHECK(r.next_u64() == 0xbd496f01ee605cebull);
}

TEST_CASE("options are validated up front with the field named", "[options]") {
  ModelConfig c;
  c.vocab_tgt = 10;
  c.arch = Arch::Rnn;
  DecodeOptions o;
  o.validate(c);
  auto msg = [&](DecodeOptions bad) {
    try {
      bad.validate(c);
    } catch (const Error& e) {
      CHECK(e.code() == ErrorCode::BadOption);
      return std::string(e.what());
    }
    return std::string("no error");
  };
  DecodeOptions b = o;
  b.beam_size = 0;
  CHECK_THAT(msg(b), Catch::Contains("beam_size"));
  b = o;
  b.temperature = 0;
  CHECK_THAT(msg(b), Catch::Contains("temperature"));
  b = o;
  b.top_p = std::nanf("");
  CHECK_THAT(msg(b), Catch::Contains("top_p"));
  b = o;
  b.num_hypotheses = 5;
  CHECK_THAT(msg(b), Catch::Contains("num_hypotheses"));
  b = o;
  b.prefix = {12};
  CHECK_THAT(msg(b), Catch::Contains("prefix[0]"));
  b = o;
  b.top_k = 11;
  CHECK_THAT(msg(b), Catch::Contains("top_k"));
  CHECK_THROWS_AS(parse_strategy("nucleus"), Error);
}

TEST_CASE("a generated <unk> copies the source <unk> its alignment weighs most", "[search][unk]") {
  ControlIds ids = kIds;
  ids.unk = 0;
  ids.source_unk = 1;
  const UnknownCopy copy({5, 1, 7, 1, kEosId}, ids);  // source <unk>s at 1 and 3
  const float align[] = {0.1f, 0.2f, 0.1f, 0.5f, 0.1f};
  CHECK(copy.position(0, align, 5) == 3);
  CHECK(copy.position(7, align, 5) == -1);  // not the target's <unk>
  const float tie[] = {0.0f, 0.3f, 0.1f, 0.3f, 0.3f};
  CHECK(copy.position(0, tie, 5) == 1);  // the first of equal weights
  const float none[] = {0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
  CHECK(copy.position(0, none, 5) == -1);  // no attention (the fixed-context model): no copy
  CHECK(UnknownCopy({5, 7, kEosId}, ids).position(0, align, 3) == -1);  // no unknown source text
  CHECK(UnknownCopy().position(0, align, 5) == -1);
}

TEST_CASE("the searches record which source token each generated <unk> copies", "[search][unk]") {
  // The bigram model as if A were the target's <unk> and B the source's; its alignment is uniform, so a
  // generated A copies the first B of the source.
  auto m = std::make_shared<BigramModel>();
  ControlIds ids = kIds;
  ids.unk = A;
  ids.source_unk = B;
  DecodeOptions o;
  o.max_length = 2;
  o.max_repeat_run = 0;
  StepSession s(m, {A, B, B, kEosId}, o, ids);
  CHECK(s.next().copied == 1);  // <s> -> A
  CHECK(s.next().copied == 1);  // A -> A
  CHECK(s.hypothesis().copies == std::vector<int>{1, 1});
  StepSession plain(m, {A, A, kEosId}, o, ids);  // no B in the source: nothing to copy
  CHECK(plain.next().copied == -1);
  DecodeOptions forced = o;
  forced.prefix = {A};
  StepSession with_prefix(m, {A, B, kEosId}, forced, ids);
  CHECK(with_prefix.next().copied == -1);  // the caller's token, not the model's
  CHECK(with_prefix.next().copied == 1);
  o.strategy = Strategy::Beam;
  o.beam_size = 2;
  const BeamResult beam = beam_search(*m, {A, B, kEosId}, o, ids);
  REQUIRE(!beam.hypotheses.empty());
  for (const Hypothesis& h : beam.hypotheses) {
    REQUIRE(h.copies.size() == h.tokens.size());
    for (size_t i = 0; i < h.tokens.size(); ++i) {
      CHECK(h.copies[i] == (h.tokens[i] == A ? 1 : -1));
      CHECK(h.steps[i].copied == h.copies[i]);
    }
  }
}
