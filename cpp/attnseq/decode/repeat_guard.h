// The repeat guards. The no-repeat-n-gram guard (DecodeOptions::no_repeat_ngram_size; the semantics of
// fairseq's, CTranslate2's and Marian's): a token that would complete an n-gram already present in the
// hypothesis gets probability 0. The run guard (DecodeOptions::max_repeat_run, on by default): a token
// that would make the hypothesis end in more than max_repeat_run copies in a row of the same n-gram
// (n <= kRunGramMax tokens: "alors alors alors", "tre tre tre", "de la de la de la") gets probability 0;
// it acts only once an output loops. Greedy, sampling and beam search apply them to each row of logits
// before choosing, and the step records list what they removed (StepEvent::blocked).
#pragma once

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace attnseq {

// Which target pieces write the same mark: pieces whose text is the same once a leading word marker
// (U+2581) is set aside share a unit ('"' and '▁"', 'the' and '▁the'), so that the run guard counts
// '"' '"' '▁"' as three copies of one mark, as a reader (and attnseq_train/degenerate.py) does. Pieces
// that write nothing (control and unknown pieces) are each a unit of their own. Built once per model.
struct PieceUnits {
  std::vector<int> of;                    // [vocab] the unit of each piece
  std::vector<std::vector<int>> members;  // [units] the pieces of each unit, ascending

  // texts[id]: what piece `id` writes (U+2581 = a space; empty for control and unknown pieces).
  static PieceUnits from_texts(const std::vector<std::string>& texts);
};

// Which characters each target piece writes, for a target language written without spaces between words
// (Chinese, Japanese), where a reader (and attnseq_train/degenerate.py) counts a repeat by characters:
// "我走走走了山。" is 走 three times in a row although its pieces are "走走" and "走", which no run of
// pieces or of units repeats. Built once per model.
struct PieceChars {
  std::vector<std::u32string> of;  // [vocab] the characters piece id writes, spaces and U+2581 left out
                                   // (none for control, unknown and byte pieces)
  std::unordered_map<char32_t, std::vector<int>> starting;  // the pieces whose first character is c, ascending
  // The pieces that hold a run themselves: (id, the most copies in a row of one n-gram of characters,
  // n <= kRunGramMax, inside it), for those with 2 or more, ascending ids; n-grams of ASCII digits aside.
  std::vector<std::pair<int, int>> self_runs;

  // chars[id]: the code points piece id writes (the Translator decodes them; U+2581 and spaces are dropped here).
  static PieceChars from_chars(const std::vector<std::u32string>& chars);
  bool empty() const { return of.empty(); }
};

// The tokens that would repeat an n-gram of `tokens` (the hypothesis so far, forced prefix included):
// for every earlier position i where tokens[i .. i+n-2] equals the last n-1 tokens, tokens[i+n-1].
// Sorted, without duplicates; empty when n <= 0 or the hypothesis is shorter than n - 1 tokens
// (n = 1: every token already present). `eos` (</s>) is never banned: the guard exists to end loops, and
// so some token is always left to choose.
std::vector<int> repeated_ngram_tokens(const std::vector<int>& tokens, int n, int eos);

// The longest n-gram the run guard watches ("de l'exposion": 2 words, 6 pieces).
constexpr int kRunGramMax = 10;

// The tokens that would make `tokens` end in max_run + 1 copies in a row of one n-gram (n = 1 ..
// kRunGramMax): for each n whose last n · max_run tokens are max_run copies of their last n, the token
// n back. Sorted, without duplicates; empty when max_run <= 0. Never `eos`, and never an n-gram whose
// every token writes a digit (exempt[id] != 0: "2000" is "2" "0" "0" "0" to a model whose digits are
// single pieces; the number guard watches numbers). exempt may be null (nothing exempt). With `units`,
// tokens are compared by unit (PieceUnits) and every piece of the unit that would start one more copy
// is banned; null compares ids.
std::vector<int> repeat_run_tokens(const std::vector<int>& tokens, int max_run, int eos, const std::vector<char>* exempt,
                                   const PieceUnits* units = nullptr);

// The run guard by characters (PieceChars): the tokens after which the text of `tokens` would hold
// max_run + 1 copies in a row of one n-gram of characters (n = 1 .. kRunGramMax), the run reaching into
// the new piece's characters, or the new piece holding such a run itself. Sorted, without duplicates;
// empty when max_run <= 0. Never `eos` (it writes nothing), never a run of ASCII digits (the number
// guard's). A run that one piece writes nearly whole, from fewer than n characters back, is missed (such
// pieces are rare: they hold most of the run themselves).
std::vector<int> char_run_tokens(const std::vector<int>& tokens, int max_run, const PieceChars& chars);

// Both repeat guards at once: the union of repeated_ngram_tokens(tokens, no_repeat_ngram_size, eos) and
// repeat_run_tokens(tokens, max_repeat_run, eos, exempt, units), sorted, without duplicates.
std::vector<int> repeat_guard_tokens(const std::vector<int>& tokens, int no_repeat_ngram_size, int max_repeat_run,
                                     int eos, const std::vector<char>* exempt, const PieceUnits* units = nullptr);

// Sets row[t] = -infinity for every banned token t (a logits or log-probability row).
void ban_tokens(float* row, int vocab, const std::vector<int>& banned);

// What the guard took away at a step, for the step record (StepEvent::blocked): the banned tokens the
// model ranked above the chosen one, with their probabilities under the model, most likely first.
// The model's log p(t) is row[t] - lse (logits and their log-sum-exp, or log-probabilities and 0), read
// before ban_tokens; chosen_logp: the chosen token's.
std::vector<std::pair<int, float>> blocked_above(const std::vector<int>& banned, const float* row, float lse,
                                                 float chosen_logp);

}  // namespace attnseq
