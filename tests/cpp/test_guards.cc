// The decoding guards (issue 29, item 7): the no-repeat-n-gram guard and the length cap, in greedy,
// sampling and beam search, on the hand-written bigram model, and what the step records say about them.
#include <catch2/catch.hpp>

#include "attnseq/decode/beam_search.h"
#include "attnseq/decode/repeat_guard.h"
#include "attnseq/decode/session.h"
#include "bigram_model.h"

using namespace attnseq;
using namespace testing;

namespace {

std::vector<StepEvent> run(std::shared_ptr<const Model> m, const DecodeOptions& o, Hypothesis* h = nullptr) {
  StepSession s(m, {A, kEosId}, o, kIds);
  std::vector<StepEvent> steps;
  while (!s.done()) steps.push_back(s.next());
  if (h) *h = s.hypothesis();
  return steps;
}

std::vector<int> tokens_of(const std::vector<StepEvent>& steps) {
  std::vector<int> out;
  for (const StepEvent& e : steps) out.push_back(e.token);
  return out;
}

}  // namespace

TEST_CASE("repeated_ngram_tokens: the tokens that would complete an n-gram already present", "[guards]") {
  const std::vector<int> t{7, 8, 9, 7, 8};
  CHECK(repeated_ngram_tokens(t, 3, kEosId) == std::vector<int>{9});       // 7 8 → 9 again would repeat "7 8 9"
  CHECK(repeated_ngram_tokens(t, 2, kEosId) == std::vector<int>{9});       // after 8: "8 9" exists
  CHECK(repeated_ngram_tokens(t, 4, kEosId).empty());                      // "9 7 8 ?" never seen
  CHECK(repeated_ngram_tokens(t, 1, kEosId) == std::vector<int>{7, 8, 9});  // n = 1: no token twice
  CHECK(repeated_ngram_tokens(t, 0, kEosId).empty());                      // off
  CHECK(repeated_ngram_tokens({7}, 3, kEosId).empty());                    // shorter than n - 1
  CHECK(repeated_ngram_tokens({7, kEosId, 7}, 2, kEosId).empty());         // </s> is never banned
  CHECK(repeated_ngram_tokens({7, 7, 7}, 2, kEosId) == std::vector<int>{7});
}

TEST_CASE("greedy: the guard takes the repeated token away and the step says what it removed", "[guards]") {
  auto m = std::make_shared<BigramModel>();
  DecodeOptions o;  // default cap: 2 · 2 source tokens + 10 = 14
  Hypothesis h;
  // Without the guard: A (.5), then A → A (.45 beats </s> .4) until the length cap.
  const std::vector<StepEvent> free = run(m, o, &h);
  REQUIRE(free.size() == 14);
  CHECK(tokens_of(free) == std::vector<int>(14, A));
  CHECK_FALSE(h.finished);
  CHECK(free.back().capped);  // the cap ended it
  CHECK(free.back().done);
  CHECK_FALSE(free.back().end);
  for (size_t i = 0; i + 1 < free.size(); ++i) CHECK_FALSE(free[i].capped);
  for (const StepEvent& e : free) CHECK(e.blocked.empty());

  // With no-repeat-ngram-size 2: after "A A", A would repeat the bigram "A A": </s> (.4) instead.
  o.no_repeat_ngram_size = 2;
  const std::vector<StepEvent> guarded = run(m, o, &h);
  CHECK(tokens_of(guarded) == std::vector<int>{A, A, kEosId});
  CHECK(h.finished);
  CHECK(guarded[0].blocked.empty());
  CHECK(guarded[1].blocked.empty());
  REQUIRE(guarded[2].blocked.size() == 1);
  CHECK(guarded[2].blocked[0].first == A);
  CHECK(guarded[2].blocked[0].second == Approx(0.45).epsilon(1e-4));
  // the step reports the model's numbers, untouched: </s> at .4, A still first among the alternatives
  CHECK(guarded[2].probability == Approx(0.4).epsilon(1e-4));
  CHECK(guarded[2].alternatives.at(0).first == A);
  CHECK(guarded[2].end);
  CHECK_FALSE(guarded[2].capped);
}

TEST_CASE("the guard leaves the forced prefix alone and bans from the whole hypothesis", "[guards]") {
  auto m = std::make_shared<BigramModel>();
  DecodeOptions o;
  o.no_repeat_ngram_size = 1;  // no token twice
  o.prefix = {A, A};           // forced: taken as given
  const std::vector<StepEvent> steps = run(m, o);
  REQUIRE(steps.size() >= 3);
  CHECK(steps[0].forced);
  CHECK(steps[1].forced);
  CHECK(steps[1].token == A);
  CHECK(steps[1].blocked.empty());
  // after "A A": A is banned (present), so B (.15) or </s> (.4): </s>
  CHECK(steps[2].token == kEosId);
  REQUIRE(steps[2].blocked.size() == 1);
  CHECK(steps[2].blocked[0].first == A);
}

TEST_CASE("sampling: a banned token is never drawn and has probability 0 in what was drawn from", "[guards][sample]") {
  auto m = std::make_shared<BigramModel>();
  DecodeOptions o;
  o.strategy = Strategy::Sample;
  o.alternatives = 3;
  o.no_repeat_ngram_size = 1;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    o.seed = seed;
    const std::vector<StepEvent> steps = run(m, o);
    std::vector<int> seen;
    for (const StepEvent& e : steps) {
      for (int t : seen) CHECK(e.token != t);  // no token twice (</s> ends it anyway)
      seen.push_back(e.token);
      for (size_t i = 0; i < e.alternatives.size(); ++i)
        if (std::find(seen.begin(), seen.end() - 1, e.alternatives[i].first) != seen.end() - 1)
          CHECK(e.sampled[i] == 0.0f);  // banned: cut from the distribution drawn from
    }
  }
  // after A: A banned, B (.15) and </s> (.4) renormalized
  o.seed = 1;
  o.prefix = {A};
  StepSession s(m, {A, kEosId}, o, kIds);
  s.next();
  const StepEvent e = s.next();
  REQUIRE(e.sampled.size() == 3);  // alternatives: A .45, </s> .4, B .15
  CHECK(e.alternatives[0].first == A);
  CHECK(e.sampled[0] == 0.0f);
  CHECK(e.sampled[1] == Approx(0.4 / 0.55).epsilon(1e-4));
  CHECK(e.sampled[2] == Approx(0.15 / 0.55).epsilon(1e-4));
}

TEST_CASE("beam search: the guard bans per hypothesis, and the steps say where it acted", "[guards][beam]") {
  BigramModel m;
  DecodeOptions o;
  o.strategy = Strategy::Beam;
  o.beam_size = 2;
  o.num_hypotheses = 2;
  // Without the guard the step-1 candidates rank B </s> (.36), A A (.225), A </s> (.2): A A lives on.
  BeamResult free = beam_search(m, {A, kEosId}, o, kIds);
  bool kept_aa = false;
  for (const BeamCandidate& c : free.trace.steps.at(1))
    if (c.token == A && free.trace.steps[0].at(c.parent).token == A) kept_aa = c.kept;
  CHECK(kept_aa);
  o.no_repeat_ngram_size = 1;
  BeamResult r = beam_search(m, {A, kEosId}, o, kIds);
  REQUIRE(r.hypotheses.size() == 2);
  CHECK(r.hypotheses[0].tokens == std::vector<int>{B, kEosId});
  CHECK(r.hypotheses[1].tokens == std::vector<int>{A, kEosId});
  // A's row preferred A (.45) to </s> (.4): the guard removed it, and A </s>'s step 1 says so
  const StepEvent& s1 = r.hypotheses[1].steps.at(1);
  REQUIRE(s1.blocked.size() == 1);
  CHECK(s1.blocked[0].first == A);
  CHECK(s1.blocked[0].second == Approx(0.45).epsilon(1e-4));
  CHECK(r.hypotheses[0].steps.at(1).blocked.empty());  // B's row preferred </s> anyway
  for (const BeamCandidate& c : r.trace.steps.at(1))
    CHECK_FALSE((c.token == A && r.trace.steps[0].at(c.parent).token == A));  // A A never considered
}

TEST_CASE("the length cap stops every strategy at ratio · source + extra and says so", "[guards]") {
  auto m = std::make_shared<BigramModel>();
  DecodeOptions o;
  o.max_length_ratio = 1.5f;
  o.max_length_extra = 1;  // source of 2 tokens: ceil(1.5 · 2) + 1 = 4
  Hypothesis h;
  for (Strategy s : {Strategy::Greedy, Strategy::Sample}) {
    o.strategy = s;
    o.top_k = 1;  // sampling: the most likely token, as greedy (never </s> here)
    const std::vector<StepEvent> steps = run(m, o, &h);
    INFO(strategy_name(s));
    CHECK(steps.size() == 4);
    CHECK(steps.back().capped);
    CHECK_FALSE(h.finished);
  }
  // Beam search: the cap finishes the live hypotheses as they are (A A: capped, not finished).
  o.strategy = Strategy::Beam;
  o.beam_size = 2;
  o.num_hypotheses = 2;
  o.max_length_ratio = 0.0f;
  o.max_length_extra = 2;
  BeamResult r = beam_search(*m, {A, kEosId}, o, kIds);
  REQUIRE(r.hypotheses.size() == 2);
  CHECK(r.hypotheses[0].tokens == std::vector<int>{B, kEosId});
  CHECK(r.hypotheses[0].finished);
  CHECK_FALSE(r.hypotheses[0].steps.back().capped);
  CHECK(r.hypotheses[1].tokens == std::vector<int>{A, A});
  CHECK_FALSE(r.hypotheses[1].finished);
  CHECK(r.hypotheses[1].steps.back().capped);
  CHECK(r.hypotheses[1].steps.back().done);
  for (const Hypothesis& hyp : r.hypotheses) CHECK(hyp.tokens.size() <= 2);
}
