// The name guard (decode/name_guard.h; issue 29: names are kept): which source words are names, what a
// hypothesis that has begun one may not continue with, and how the searches and the step records take it.
#include <catch2/catch.hpp>

#include "attnseq/decode/beam_search.h"
#include "attnseq/decode/guards.h"
#include "attnseq/decode/name_guard.h"
#include "attnseq/decode/session.h"
#include "bigram_model.h"

using namespace attnseq;
using namespace testing;

namespace {

const std::string kSp = "\u2581";

// A target vocabulary: ids 0-3 control (no text), then pieces.
std::shared_ptr<const TargetPieces> vocab(std::vector<std::string> pieces) {
  std::vector<std::string> texts{"", "", "", ""};
  texts.insert(texts.end(), pieces.begin(), pieces.end());
  return std::make_shared<const TargetPieces>(texts);
}

}  // namespace

TEST_CASE("source_names: capitalized words the model reads in 3 pieces or more, not the first, not translated",
          "[guards][names]") {
  // "No quiero salir con Begoña y Tom ." with Begoña in 4 pieces, Tom in 1
  const std::vector<std::string> t{kSp + "No", kSp + "quiero", kSp + "salir", kSp + "con", kSp + "Be", "go", "ñ", "a",
                                   kSp + "y", kSp + "Tom", kSp + "."};
  CHECK(NameGuard::source_names(t, {}) == std::vector<std::string>{"Begoña"});
  CHECK(NameGuard::source_names(t, {"Begoña"}).empty());  // the model file says the pair translates it
  // the first word counts only when the caller says it is rare written small
  const std::vector<std::string> first{kSp + "Ma", "te", "o", kSp + "vi", "ene", kSp + "."};
  CHECK(NameGuard::source_names(first, {}).empty());
  CHECK(NameGuard::source_names(first, {}, true) == std::vector<std::string>{"Mateo"});
  CHECK(NameGuard::first_word_lower(first) == "mateo");
  CHECK(NameGuard::first_word_lower({kSp + "Élodie"}) == "élodie");
  CHECK(NameGuard::first_word_lower({kSp + "¿", "Ša", "ša"}) == "šaša");
  CHECK(NameGuard::first_word_lower({kSp + "."}).empty());
  // a word in small letters, a one-letter word, repeated names (once), an apostrophe ends a word
  const std::vector<std::string> more{kSp + "Le", kSp + "ch", "at", "ons", kSp + "d'", "O", "l", "ga", kSp + "X",
                                      kSp + "O", "l", "ga"};
  CHECK(NameGuard::source_names(more, {}) == std::vector<std::string>{"Olga"});
}

TEST_CASE("is_name_letter, is_name_capital, to_name_lower", "[guards][names]") {
  CHECK(is_name_letter(U'a'));
  CHECK(is_name_letter(U'ñ'));
  CHECK(is_name_letter(U'Ж'));
  CHECK_FALSE(is_name_letter(U'\''));
  CHECK_FALSE(is_name_letter(U'×'));
  CHECK_FALSE(is_name_letter(U'中'));
  CHECK(is_name_capital(U'É'));
  CHECK(is_name_capital(U'Ł'));
  CHECK(is_name_capital(U'Š'));
  CHECK_FALSE(is_name_capital(U'ł'));
  CHECK_FALSE(is_name_capital(U'ß'));
  CHECK(to_name_lower(U'Ł') == U'ł');
  CHECK(to_name_lower(U'Š') == U'š');
  CHECK(to_name_lower(U'Ё') == U'ё');
  CHECK(to_name_lower(U'Ω') == U'ω');
  CHECK(to_name_lower(U'x') == U'x');
}

TEST_CASE("the name guard: a name begun is finished letter for letter", "[guards][names]") {
  //                   4            5      6     7    8      9       10         11    12
  auto p = vocab({kSp + "Bego", "ña", "a", "n", ".", kSp + "is", kSp + "B", "e", "go"});
  const int eos = kEosId;
  NameGuard g(p, {"Begoña"});
  REQUIRE(g.on());
  // "Bego": only "ña" goes on with the name; "a" (Begoa), "n" (Begon), "go", and every piece that ends the
  // word ("." and the ones that start a new word) depart, and so does </s>; the tokens without text are
  // banned as well, since a piece goes on with the name
  CHECK(g.banned({4}, eos) == std::vector<int>{0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12});
  // "Begoña" whole: it may end (".", a new word, </s>) but not go on ("ña", "a", "n", "e", "go")
  CHECK(g.banned({4, 5}, eos) == std::vector<int>{0, 1, 2, 5, 6, 7, 11, 12});
  // fewer than 2 letters of the name written: nothing ("B", then "e": "Be" acts)
  CHECK(g.banned({10}, eos).empty());
  CHECK(g.banned({10, 11}, eos) == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  // a word that is no prefix of a name: nothing
  CHECK(g.banned({9}, eos).empty());
  CHECK(g.banned({}, eos).empty());
  // off
  CHECK(NameGuard().banned({4}, eos).empty());
  CHECK_FALSE(NameGuard(p, {}).on());
}

TEST_CASE("the name guard: where no piece goes on with the name, <unk> may copy the source's character",
          "[guards][names]") {
  auto p = vocab({kSp + "Bego", "a", "."});  // no "ñ" in the target vocabulary
  NameGuard g(p, {"Begoña"});
  // every piece departs: the textless tokens stay allowed (<unk>), the pieces and </s> are banned
  CHECK(g.banned({4}, kEosId) == std::vector<int>{kEosId, 4, 5, 6});
}

TEST_CASE("greedy and beam search take the name guard's bans, and the steps name what it removed", "[guards][names]") {
  // The bigram model's A and B as pieces: A = "▁Ja" then "ne" … B = "e". After A the model prefers A
  // (.45, "Jane" → "Janene"…) and the guard lets only </s> or B end it; with the name "Jane" written as
  // "▁Ja" + "ne", B = "ne" finishes it.
  auto pieces = vocab({kSp + "Ja", "ne"});
  auto m = std::make_shared<BigramModel>();
  DecodeOptions o;
  o.max_repeat_run = 0;
  SourceGuards guards{NumberGuard{}, NameGuard(pieces, {"Jane"})};
  StepSession s(m, {A, kEosId}, o, kIds, guards);
  CHECK(s.next().token == A);  // "▁Ja": nothing to guard yet
  const StepEvent second = s.next();
  CHECK(second.token == B);  // "ne": A ("Jaja") and </s> ("Ja") depart from the name
  REQUIRE(second.name_blocked.size() == 2);
  CHECK(second.name_blocked[0].first == A);
  CHECK(second.name_blocked[0].second == Approx(0.45).epsilon(1e-4));
  CHECK(second.name_blocked[1].first == kEosId);
  CHECK(second.number_blocked.empty());
  CHECK(second.probability == Approx(0.15).epsilon(1e-4));  // the model's probability, untouched
  // copy_names off: the guard given is not applied
  o.copy_names = false;
  StepSession off(m, {A, kEosId}, o, kIds, guards);
  off.next();
  CHECK(off.next().token == A);
  // beam search: the same ban per row
  o.copy_names = true;
  o.strategy = Strategy::Beam;
  o.beam_size = 2;
  BeamResult r = beam_search(*m, {A, kEosId}, o, kIds, {}, guards);
  REQUIRE(!r.hypotheses.empty());
  CHECK(r.hypotheses[0].tokens == std::vector<int>{B, kEosId});
  REQUIRE(r.trace.steps.size() >= 2);
  for (const BeamCandidate& c : r.trace.steps[1])  // after "▁Ja" only "ne" is a candidate
    if (r.trace.steps[0][static_cast<size_t>(c.parent)].token == A) CHECK(c.token == B);
}
