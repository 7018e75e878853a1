// Cancellation inside the decoding loops: the abort callback is asked before every model step, in every
// strategy, and a true answer stops decoding there with Error(Aborted).
#include <catch2/catch.hpp>

#include "attnseq/attnseq.h"
#include "bigram_model.h"
#include "helpers.h"

using namespace attnseq;

TEST_CASE("a cancelled beam search stops within one step with an Aborted error", "[cancel][beam]") {
  testing::BigramModel m;
  DecodeOptions o;
  o.strategy = Strategy::Beam;
  o.beam_size = 2;
  o.max_length_ratio = 10.0f;  // room for many steps: the cancellation, not the cap, must end it
  // Uncancelled, this search takes 2 steps; cancelled once 1 is done, it takes no second.
  beam_search(m, {testing::A, testing::kEosId}, o, testing::kIds);
  REQUIRE(m.calls == 2);
  m.calls = 0;
  int asked = 0;
  try {
    beam_search(m, {testing::A, testing::kEosId}, o, testing::kIds, [&] {
      ++asked;
      return m.calls >= 1;
    });
    FAIL("not aborted");
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::Aborted);
    CHECK(std::string(e.code_name()) == "ABORTED");
    CHECK_THAT(e.what(), Catch::Contains("after 1 model step"));
  }
  CHECK(m.calls == 1);  // the step asked for after the cancellation never ran
  CHECK(asked == 2);    // asked before each step
}

TEST_CASE("Translator::translate asks the abort callback before every step, in every strategy", "[cancel]") {
  Translator t(testing::read_bytes(testing::data_path("models/tiny-transformer.safetensors")));
  for (Strategy s : {Strategy::Greedy, Strategy::Sample, Strategy::Beam}) {
    INFO(strategy_name(s));
    DecodeOptions o;
    o.strategy = s;
    o.max_length_ratio = 0.0f;
    o.max_length_extra = 20;
    o.no_repeat_ngram_size = 0;
    // the whole translation takes more than 3 steps (random weights: no early </s> at step 3)
    int asked = 0;
    const TranslationResult whole = t.translate("the cat is black", o, [&] { return ++asked < 0; });
    REQUIRE(asked > 3);
    // stopped after 3 steps: Aborted, and the callback saw no fifth question
    asked = 0;
    try {
      t.translate("the cat is black", o, [&] { return ++asked > 3; });
      FAIL("not aborted");
    } catch (const Error& e) {
      CHECK(e.code() == ErrorCode::Aborted);
      CHECK_THAT(e.what(), Catch::Contains("after 3 model steps"));
    }
    CHECK(asked == 4);
    (void)whole;
  }
}

TEST_CASE("a TranslationJob stepped to the end gives what translate() gives", "[cancel]") {
  Translator t(testing::read_bytes(testing::data_path("models/tiny-rnn-additive.safetensors")));
  for (Strategy s : {Strategy::Greedy, Strategy::Beam}) {
    INFO(strategy_name(s));
    DecodeOptions o;
    o.strategy = s;
    const TranslationResult want = t.translate("the cat is black", o);
    auto job = t.begin("the cat is black", o);
    int steps = 0;
    while (!job->done()) {
      job->step();
      ++steps;
    }
    CHECK(job->steps() == steps);
    const TranslationResult got = job->result();
    REQUIRE(got.hypotheses.size() == want.hypotheses.size());
    CHECK(got.hypotheses[0].text == want.hypotheses[0].text);
    CHECK(got.hypotheses[0].score == want.hypotheses[0].score);
    CHECK(got.macs == want.macs);
    CHECK(got.beam_trace.steps.size() == want.beam_trace.steps.size());
  }
  auto blank = t.begin("   ", DecodeOptions{});
  CHECK(blank->done());
  CHECK(blank->result().hypotheses.empty());
}
