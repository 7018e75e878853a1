// The decoding guards (issue 29, item 7): the no-repeat-n-gram guard and the length cap, in greedy,
// sampling and beam search, on the hand-written bigram model, and what the step records say about them.
#include <catch2/catch.hpp>

#include <cmath>

#include "attnseq/decode/beam_search.h"
#include "attnseq/decode/guards.h"
#include "attnseq/decode/number_guard.h"
#include "attnseq/decode/number_words.h"
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
  o.max_repeat_run = 0;
  Hypothesis h;
  // Without the guards: A (.5), then A → A (.45 beats </s> .4) until the length cap.
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
  o.max_repeat_run = 0;  // A A A A: only the cap stops it
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

// The number guard (issue 29, item 5): a hand-written target vocabulary of pieces with digits.
namespace {

// 0 <unk>, 1 <pad>, 2 <s>, 3 </s> write nothing; then "▁en", "▁19", "87", "7", "8", "▁2", "0", "▁42", ".", "1er"
enum : int { EN = 4, P19 = 5, P87 = 6, P7 = 7, P8 = 8, P2 = 9, P0 = 10, P42 = 11, DOT = 12, P1ER = 13 };
std::shared_ptr<const TargetPieces> number_vocab() {
  return std::make_shared<const TargetPieces>(std::vector<std::string>{
      "", "", "", "", "\u2581en", "\u2581" "19", "87", "7", "8", "\u2581" "2", "0", "\u2581" "42", ".", "1er"});
}

}  // namespace

TEST_CASE("digit_runs: the source's numbers are its maximal runs of ASCII digits", "[guards][numbers]") {
  CHECK(NumberGuard::digit_runs("\u2581en\u2581" "1987,\u2581" "3,000\u2581h30") ==
        std::vector<std::string>{"1987", "3", "000", "30"});
  CHECK(NumberGuard::digit_runs("\u2581no\u2581numbers").empty());
  CHECK(NumberGuard::digit_runs("42") == std::vector<std::string>{"42"});
}

TEST_CASE("the number guard: only the source's numbers may be written, and a number begun must be finished",
          "[guards][numbers]") {
  const NumberGuard g(number_vocab(), {"1987"});
  // nothing written yet: every piece whose digits begin no source number ("87", "7", "8", "▁2", "0", "▁42",
  // "1er": "1" is not a whole source number); "▁19" begins 1987
  CHECK(g.banned({}, kEosId) == std::vector<int>{P87, P7, P8, P2, P0, P42, P1ER});
  CHECK(g.banned({EN}, kEosId) == g.banned({}, kEosId));
  // "…▁19": the number must go on: "87" (1987) and "8" (198…) only; not </s> either (beam search ended
  // "42" as "4")
  CHECK(g.banned({EN, P19}, kEosId) == std::vector<int>{0, 1, 2, kEosId, EN, P19, P7, P2, P0, P42, DOT, P1ER});
  // …unless no piece goes on with it: then </s> is left (some token always is)
  auto short_vocab = std::make_shared<const TargetPieces>(std::vector<std::string>{"", "", "", "", "\u2581" "1", "\u2581" "5"});
  CHECK(NumberGuard(short_vocab, {"15"}).banned({4}, kEosId) == std::vector<int>{0, 1, 2, 4, 5});
  // "…▁19" "8": only "7" is left among the digits
  const std::vector<int> after198 = g.banned({EN, P19, P8}, kEosId);
  CHECK(std::find(after198.begin(), after198.end(), P7) == after198.end());
  CHECK(std::find(after198.begin(), after198.end(), P87) != after198.end());
  // "…▁1987": finished; words and punctuation again, but no digit: the source writes 1987 once
  CHECK(g.banned({EN, P19, P87}, kEosId) == std::vector<int>{P19, P87, P7, P8, P2, P0, P42, P1ER});
  // a source that writes it twice: once more after a space ("▁19")
  CHECK(NumberGuard(number_vocab(), {"1987", "1987"}).banned({EN, P19, P87}, kEosId) ==
        std::vector<int>{P87, P7, P8, P2, P0, P42, P1ER});
  // digits the guard did not write (a forced prefix: "▁42"): left alone
  CHECK(g.banned({P42}, kEosId).empty());
  // off: nothing
  CHECK(NumberGuard().banned({EN, P19}, kEosId).empty());
  // no number in the source: no digit at all
  CHECK(NumberGuard(number_vocab(), {}).banned({}, kEosId) == std::vector<int>{P19, P87, P7, P8, P2, P0, P42, P1ER});
  // "1er" copies a source "1"; "0" continues "▁2" to a source "20"
  const NumberGuard h(number_vocab(), {"1", "20"});
  const std::vector<int> first = h.banned({}, kEosId);
  CHECK(std::find(first.begin(), first.end(), P1ER) == first.end());
  CHECK(h.banned({P2}, kEosId) == std::vector<int>{0, 1, 2, kEosId, EN, P19, P87, P7, P8, P2, P42, DOT, P1ER});
}

TEST_CASE("greedy and beam search take the number guard's bans, and the steps name what it removed",
          "[guards][numbers]") {
  // The bigram model's A and B as pieces with digits: A = "▁4" (then "4" again: "44"…), B = "▁5".
  auto pieces = std::make_shared<const TargetPieces>(std::vector<std::string>{"", "", "", "", "\u2581" "4", "\u2581" "5"});
  auto m = std::make_shared<BigramModel>();
  DecodeOptions o;
  // source number "5": A ("▁4") is banned at every step, B ("▁5") allowed: B </s>
  StepSession s(m, {A, kEosId}, o, kIds, NumberGuard(pieces, {"5"}));
  const StepEvent first = s.next();
  CHECK(first.token == B);
  REQUIRE(first.number_blocked.size() == 1);
  CHECK(first.number_blocked[0].first == A);
  CHECK(first.number_blocked[0].second == Approx(0.5).epsilon(1e-4));
  CHECK(first.blocked.empty());  // the no-repeat guard did nothing
  CHECK(first.probability == Approx(0.4).epsilon(1e-4));  // the model's probability, untouched
  CHECK(s.next().token == kEosId);
  // copy_numbers off: the guard given is not applied (A A A … to the cap)
  o.copy_numbers = false;
  StepSession off(m, {A, kEosId}, o, kIds, NumberGuard(pieces, {"5"}));
  CHECK(off.next().token == A);
  // beam search: the same ban per row
  o.copy_numbers = true;
  o.strategy = Strategy::Beam;
  o.beam_size = 2;
  BeamResult r = beam_search(*m, {A, kEosId}, o, kIds, {}, NumberGuard(pieces, {"5"}));
  REQUIRE(!r.hypotheses.empty());
  CHECK(r.hypotheses[0].tokens == std::vector<int>{B, kEosId});
  for (const auto& step : r.trace.steps)
    for (const BeamCandidate& c : step) CHECK(c.token != A);
}

TEST_CASE("repeat_run_tokens by unit: pieces that write the same mark are one unit", "[guards][run]") {
  // de-en's long split wrote 'Normo"" "Yes,""': the pieces '"', '"', '▁"', which the run guard compared by
  // id and so let through (degenerate.py counts the mark 3 times in a row)
  const std::string sp = "\xE2\x96\x81";
  //                          0   1   2   3   4     5          6    7          8
  const std::vector<std::string> texts{"", "", "", "", "\"", sp + "\"", "a", sp + "a", sp};
  const PieceUnits u = PieceUnits::from_texts(texts);
  CHECK(u.of[4] == u.of[5]);
  CHECK(u.of[6] == u.of[7]);
  CHECK(u.of[4] != u.of[6]);
  CHECK(u.of[0] != u.of[1]);  // pieces that write nothing are never one unit
  CHECK(u.of[8] != u.of[0]);  // nor is a lone space one with them
  CHECK(u.members[static_cast<size_t>(u.of[5])] == std::vector<int>{4, 5});
  CHECK(repeat_run_tokens({4, 4}, 2, kEosId, nullptr, &u) == std::vector<int>{4, 5});
  CHECK(repeat_run_tokens({4, 4}, 2, kEosId, nullptr) == std::vector<int>{4});  // by id: '▁"' would pass
  CHECK(repeat_run_tokens({4, 5}, 2, kEosId, nullptr, &u) == std::vector<int>{4, 5});
  CHECK(repeat_run_tokens({4, 5}, 2, kEosId, nullptr).empty());
  CHECK(repeat_run_tokens({6, 4, 7, 5}, 2, kEosId, nullptr, &u) == std::vector<int>{6, 7});  // "a" " a "" → not "a" again
  CHECK(repeat_run_tokens({4, 6}, 2, kEosId, nullptr, &u).empty());
  CHECK(repeat_run_tokens({0, 1}, 2, kEosId, nullptr, &u).empty());
}

TEST_CASE("char_run_tokens: a target without spaces counts a run by characters, across pieces", "[guards][run]") {
  // 0-3: control pieces; 4 "走走", 5 "走", 6 "了", 7 "▁我", 8 "走了", 9 "哈哈哈", 10 "00", 11 "0", 12 "对", 13 "不对"
  const std::vector<std::u32string> chars = {U"", U"", U"", U"", U"走走", U"走", U"了", U"\u2581我", U"走了", U"哈哈哈",
                                             U"00", U"0", U"对", U"不对"};
  const PieceChars pc = PieceChars::from_chars(chars);
  CHECK(pc.of[7] == U"我");  // the word marker is not a character of the text
  CHECK(pc.self_runs == std::vector<std::pair<int, int>>{{4, 2}, {9, 3}});  // digits aside: "00" holds no run
  // "我走走" → neither "走" (a third 走) nor "走走" nor "走了" (both write the third 走 first); "了" is free.
  // This is the en→zh output "我走走走了山。" that no run of pieces shows: "走走" then "走".
  CHECK(char_run_tokens({7, 4}, 2, pc) == std::vector<int>{4, 5, 8, 9});  // (9: 哈哈哈 holds a run of 3 itself)
  CHECK(repeat_run_tokens({7, 4}, 2, kEosId, nullptr).empty());           // the run guard by pieces sees nothing
  CHECK(char_run_tokens({7, 5}, 2, pc) == std::vector<int>{4, 9});        // "我走" → "走走" would write 走 three times
  CHECK(char_run_tokens({7, 5, 5}, 2, pc) == std::vector<int>{4, 5, 8, 9});
  // 2-grams: "我走了走了" → not "走了" (a third copy); "走" alone is free (a third 走 with no third 了 yet)
  CHECK(char_run_tokens({7, 5, 6, 5, 6}, 2, pc) == std::vector<int>{8, 9});
  CHECK(char_run_tokens({7, 5, 6, 5, 6, 5}, 2, pc) == std::vector<int>{4, 6, 9});  // and "走走": 走 three times
  CHECK(char_run_tokens({12, 13}, 2, pc) == std::vector<int>{9});         // "对不对" is no run: "对" may follow
  CHECK(char_run_tokens({10, 11}, 2, pc) == std::vector<int>{9});         // "000": digits are the number guard's
  CHECK(char_run_tokens({7, 4}, 0, pc).empty());                          // off
  CHECK(char_run_tokens({7, 4}, 3, pc) == std::vector<int>{4});           // a limit of 3: "走走走走" needs both 走 of "走走"
  // TargetPieces reads the characters only for a language written without spaces
  const std::vector<std::string> texts = {"", "", "", "", "走走", "走", "了", "\u2581我", "走了", "哈哈哈", "00", "0", "对", "不对"};
  CHECK(TargetPieces(texts, "zh", chars).chars().of.size() == chars.size());
  CHECK(TargetPieces(texts, "fr", chars).chars().empty());
}

TEST_CASE("repeat_run_tokens: the token that would start one more copy of a run of n-grams", "[guards][run]") {
  CHECK(repeat_run_tokens({7, 7}, 2, kEosId, nullptr) == std::vector<int>{7});         // "alors alors" → not a third
  CHECK(repeat_run_tokens({7}, 2, kEosId, nullptr).empty());                          // one copy: free
  CHECK(repeat_run_tokens({7, 7}, 3, kEosId, nullptr).empty());                       // a limit of 3
  CHECK(repeat_run_tokens({7, 8, 7, 8}, 2, kEosId, nullptr) == std::vector<int>{7});   // "de la de la" → not "de"
  CHECK(repeat_run_tokens({5, 7, 8, 7, 8}, 2, kEosId, nullptr) == std::vector<int>{7});
  CHECK(repeat_run_tokens({7, 8, 9, 7, 8}, 2, kEosId, nullptr).empty());              // not a run of 2-grams
  CHECK(repeat_run_tokens({7, 8, 9, 7, 8, 9}, 2, kEosId, nullptr) == std::vector<int>{7});
  CHECK(repeat_run_tokens({7, 7, 7}, 2, kEosId, nullptr) == std::vector<int>{7});
  CHECK(repeat_run_tokens({7, 7}, 0, kEosId, nullptr).empty());                       // off
  CHECK(repeat_run_tokens({kEosId, kEosId}, 2, kEosId, nullptr).empty());             // </s> is never banned
  // the longest n-gram watched is kRunGramMax tokens
  std::vector<int> ten, eleven;
  for (int i = 0; i < kRunGramMax; ++i) ten.push_back(10 + i);
  for (int i = 0; i <= kRunGramMax; ++i) eleven.push_back(10 + i);
  std::vector<int> t2 = ten, e2 = eleven;
  t2.insert(t2.end(), ten.begin(), ten.end());
  e2.insert(e2.end(), eleven.begin(), eleven.end());
  CHECK(repeat_run_tokens(t2, 2, kEosId, nullptr) == std::vector<int>{10});
  CHECK(repeat_run_tokens(e2, 2, kEosId, nullptr).empty());
  // digits are the number guard's: "2000" as "2" "0" "0" "0" is not a loop
  std::vector<char> digits(20, 0);
  digits[7] = 1;
  CHECK(repeat_run_tokens({7, 7}, 2, kEosId, &digits).empty());
  CHECK(repeat_run_tokens({7, 8, 7, 8}, 2, kEosId, &digits) == std::vector<int>{7});  // not every token a digit
  // both repeat guards at once
  CHECK(repeat_guard_tokens({7, 8, 7}, 2, 2, kEosId, nullptr) == std::vector<int>{8});     // no-repeat: "7 8" again
  CHECK(repeat_guard_tokens({9, 8, 7, 7}, 3, 2, kEosId, nullptr) == std::vector<int>{7});  // the run guard only
}

TEST_CASE("greedy with the default options: the run guard ends the bigram model's loop after two copies", "[guards][run]") {
  auto m = std::make_shared<BigramModel>();
  Hypothesis h;
  const std::vector<StepEvent> steps = run(m, DecodeOptions{}, &h);
  // A (.5), A (.45 beats </s> .4), then a third A is banned: </s>
  CHECK(tokens_of(steps) == std::vector<int>{A, A, kEosId});
  CHECK(h.finished);
  REQUIRE(steps[2].blocked.size() == 1);
  CHECK(steps[2].blocked[0].first == A);
  CHECK(steps[2].blocked[0].second == Approx(0.45).epsilon(1e-4));
  CHECK(steps[2].probability == Approx(0.4).epsilon(1e-4));
}

TEST_CASE("is_number_word and spells_number: the words that spell a number, per language", "[guards][numbers]") {
  CHECK(is_number_word("fr", "\u2581vingt"));
  CHECK(is_number_word("fr", "\u2581Quatre"));
  CHECK(is_number_word("fr", "-deux"));
  CHECK(is_number_word("fr", "\u2581vingt-deux"));  // a compound of number words
  CHECK_FALSE(is_number_word("fr", "\u2581un"));    // also the article
  CHECK_FALSE(is_number_word("fr", "\u2581vingtaine"));
  CHECK_FALSE(is_number_word("fr", "\u2581vingt-et"));
  CHECK_FALSE(is_number_word("fr", "\u2581"));
  CHECK(is_number_word("en", "\u2581twenty"));
  CHECK_FALSE(is_number_word("en", "\u2581once"));  // a word of Spanish ("eleven"), not of English
  CHECK(is_number_word("es", "\u2581once"));
  CHECK(is_number_word("de", "\u2581zwanzig"));
  CHECK(is_number_word("de", "\u2581Fünf"));  // (ASCII lower-casing: "ü" is its own in both)
  CHECK(is_number_word("zh", "三"));
  CHECK(is_number_word("zh", "九十"));
  CHECK(is_number_word("zh", "\u2581一百"));
  CHECK_FALSE(is_number_word("zh", "一"));     // also "a"
  CHECK_FALSE(is_number_word("zh", "三个"));   // a numeral with its measure word: not the numeral alone
  CHECK_FALSE(is_number_word("xx", "\u2581two"));  // a language without a list: none
  CHECK_FALSE(is_number_word("", "\u2581two"));
  CHECK(spells_number("en", "\u2581I\u2581have\u2581two\u2581cats\u2581and\u2581" "15\u2581dogs."));
  CHECK_FALSE(spells_number("en", "\u2581I\u2581have\u2581" "15\u2581dogs\u2581and\u2581one\u2581cat."));
  CHECK(spells_number("en", "\u2581Twenty-two."));
  CHECK(spells_number("zh", "我有两只猫和15只狗。"));
  CHECK_FALSE(spells_number("zh", "我有一只猫和15只狗。"));
}

TEST_CASE("the number guard: where the source writes digits, no number word but one of a small number still to write",
          "[guards][numbers]") {
  // pieces: 0-3 control, 4 "▁vingt", 5 "▁six", 6 "▁26", 7 "▁ans", 8 "▁5", 9 "▁cinq", 10 "▁douze"
  auto pieces = std::make_shared<const TargetPieces>(
      std::vector<std::string>{"", "", "", "", "\u2581vingt", "\u2581six", "\u2581" "26", "\u2581ans", "\u2581" "5",
                               "\u2581cinq", "\u2581douze"}, "fr");
  std::vector<int> ids, values;
  for (const TargetPieces::NumberWord& w : pieces->number_words()) {
    ids.push_back(w.id);
    values.push_back(w.value);
  }
  CHECK(ids == std::vector<int>{4, 5, 9, 10});
  CHECK(values == std::vector<int>{-1, 6, 5, 12});
  // "26" to write: every word and the other number are banned
  CHECK(NumberGuard(pieces, {"26"}).banned({}, kEosId) == std::vector<int>{4, 5, 8, 9, 10});
  // once it is written, still no number word: the source has no other number ("26 ans" → "26 ans vingt…")
  CHECK(NumberGuard(pieces, {"26"}).banned({6, 7}, kEosId) == std::vector<int>{4, 5, 6, 8, 9, 10});
  // a small number (12 or less) may be spelled out, as itself: "cinq" for 5, not "six" or "vingt"
  CHECK(NumberGuard(pieces, {"5"}).banned({}, kEosId) == std::vector<int>{4, 5, 6, 10});
  CHECK(NumberGuard(pieces, {"012"}).banned({}, kEosId) == std::vector<int>{4, 5, 6, 8, 9});
  CHECK(NumberGuard(pieces, {"013"}).banned({}, kEosId) == std::vector<int>{4, 5, 6, 8, 9, 10});
  // "5" and "26": no word at all while "26" is still to write (else the model spells 5 and drops 26),
  // then "cinq"
  CHECK(NumberGuard(pieces, {"5", "26"}).banned({}, kEosId) == std::vector<int>{4, 5, 9, 10});
  CHECK(NumberGuard(pieces, {"5", "26"}).banned({6, 7}, kEosId) == std::vector<int>{4, 5, 6, 10});
  // a finished number that is still open (the hypothesis ends in "26"): it counts as written
  CHECK(NumberGuard(pieces, {"26", "5"}).banned({6}, kEosId) == std::vector<int>{4, 5, 6, 10});
  // a source that spells a number itself: words stay allowed
  CHECK(NumberGuard(pieces, {"26"}, true).banned({}, kEosId) == std::vector<int>{8});
  // no digits in the source: words are free (digits are not)
  CHECK(NumberGuard(pieces, {}).banned({}, kEosId) == std::vector<int>{6, 8});
  // a TargetPieces without a language: no number words
  CHECK(TargetPieces({"", "\u2581vingt"}).number_words().empty());
  CHECK(small_number_value("fr", "\u2581douze") == 12);
  CHECK(small_number_value("zh", "两") == 2);
  CHECK(small_number_value("zh", "十二") == 12);
  CHECK(small_number_value("en", "\u2581twenty") == -1);
  CHECK(small_number_value("en", "\u2581cat") == -1);
  // "cent" of "pour cent": banned before "40" is written, not after
  auto percent = std::make_shared<const TargetPieces>(
      std::vector<std::string>{"", "", "", "", "\u2581cent", "\u2581" "4", "0", "\u2581pour"}, "fr");
  REQUIRE(percent->number_words().size() == 1);
  CHECK(percent->number_words()[0].in_percent);
  CHECK(NumberGuard(percent, {"40"}).banned({}, kEosId) == std::vector<int>{4, 6});
  CHECK(NumberGuard(percent, {"40"}).banned({5, 6, 7}, kEosId) == std::vector<int>{5, 6});
}

TEST_CASE("Guards: one seam for every guard, as the options set them", "[guards]") {
  // pieces: 0-3 control, 4 "▁0", 5 "0", 6 "▁la"
  auto pieces = std::make_shared<const TargetPieces>(std::vector<std::string>{"", "", "", "", "\u2581" "0", "0", "\u2581la"});
  DecodeOptions o;  // run guard 2, numbers copied, no-repeat off
  const Guards g(o, kEosId, NumberGuard(pieces, {"1000"}));
  // "la la": a third "la" is the run guard's; no digit but "1…" begins the source's number: "▁0" and "0" are the number guard's
  GuardBans b = g.bans({6, 6});
  CHECK(b.repeat == std::vector<int>{6});
  CHECK(b.numbers == std::vector<int>{4, 5});
  float row[7] = {0, 0, 0, 0, 1, 2, 3};
  b.apply(row, 7);
  CHECK(std::isinf(row[4]));
  CHECK(std::isinf(row[6]));
  CHECK(row[3] == 0.0f);
  StepEvent ev;
  const float model_row[7] = {0, 0, 0, 1, 2, 3, 4};  // log p = row - lse; the chosen token 3 (</s>) ranks below 4, 5, 6
  b.record(ev, model_row, 0.0f, 1.0f);
  REQUIRE(ev.blocked.size() == 1);
  CHECK(ev.blocked[0].first == 6);
  REQUIRE(ev.number_blocked.size() == 2);
  CHECK(ev.number_blocked[0].first == 5);  // most likely first
  // copy_numbers off: no number bans, but "0 0 0" stays exempt from the run guard (the pieces still say what a digit is)
  o.copy_numbers = false;
  const Guards off(o, kEosId, NumberGuard(pieces, {"1000"}));
  b = off.bans({4, 5, 5});
  CHECK(b.numbers.empty());
  CHECK(b.repeat.empty());
  CHECK(Guards().bans({6, 6, 6}).empty());  // none
}
