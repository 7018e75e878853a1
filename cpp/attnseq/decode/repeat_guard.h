// The no-repeat-n-gram guard (DecodeOptions::no_repeat_ngram_size; the semantics of fairseq's,
// CTranslate2's and Marian's): a token that would complete an n-gram already present in the hypothesis
// gets probability 0. Greedy, sampling and beam search apply it to each row of logits before choosing.
#pragma once

#include <utility>
#include <vector>

namespace attnseq {

// The tokens that would repeat an n-gram of `tokens` (the hypothesis so far, forced prefix included):
// for every earlier position i where tokens[i .. i+n-2] equals the last n-1 tokens, tokens[i+n-1].
// Sorted, without duplicates; empty when n <= 0 or the hypothesis is shorter than n - 1 tokens
// (n = 1: every token already present). `eos` (</s>) is never banned: the guard exists to end loops, and
// so some token is always left to choose.
std::vector<int> repeated_ngram_tokens(const std::vector<int>& tokens, int n, int eos);

// Sets row[t] = -infinity for every banned token t (a logits or log-probability row).
void ban_tokens(float* row, int vocab, const std::vector<int>& banned);

// What the guard took away at a step, for the step record (StepEvent::blocked): the banned tokens the
// model ranked above the chosen one, with their probabilities under the model, most likely first.
// The model's log p(t) is row[t] - lse (logits and their log-sum-exp, or log-probabilities and 0), read
// before ban_tokens; chosen_logp: the chosen token's.
std::vector<std::pair<int, float>> blocked_above(const std::vector<int>& banned, const float* row, float lse,
                                                 float chosen_logp);

}  // namespace attnseq
