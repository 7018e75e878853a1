// The number guard (DecodeOptions::copy_numbers; issue 29, item 5): every digit the translation writes
// copies a number of the source. A token that would write a run of digits the source does not hold
// ("2019" → "20119", "42" → "422", a number the source never had, a number written more often than the
// source writes it) gets probability 0; a number that has begun must be finished as the source writes
// it before anything else follows. Small numbers (up to kSmallNumber, 12) may still be spelled out
// ("3" → "trois") once no larger one is left to write, but no other number word (decode/number_words.h)
// may be written where the source writes digits: the model writes the source's digits rather than a
// number of its own ("26" → "six", "2" → "vingt"). A source that spells a number itself leaves the words free. A number is a maximal run of
// ASCII digits of the normalized source ("3,000" holds "3" and "000", so "3 000" and "3.000" copy it).
// Greedy, sampling and beam search apply it beside the no-repeat guard (decode/repeat_guard.h), to each
// row of logits before choosing; the step records name what it removed (StepEvent::number_blocked).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "attnseq/decode/target_pieces.h"

namespace attnseq {

class NumberGuard {
 public:
  NumberGuard() = default;  // off: bans nothing
  // numbers: the source's digit runs (digit_runs() of its normalized text); none bans every digit.
  // words_free: the source spells a number out itself (spells_number()), so number words stay allowed.
  NumberGuard(std::shared_ptr<const TargetPieces> pieces, std::vector<std::string> numbers, bool words_free = false);

  // The maximal runs of ASCII digits in `text`, in order (duplicates kept).
  static std::vector<std::string> digit_runs(const std::string& text);

  bool on() const { return pieces_ != nullptr; }
  const std::shared_ptr<const TargetPieces>& pieces() const { return pieces_; }
  // The tokens a hypothesis (`tokens`, the translation so far) may not continue with: sorted, without
  // duplicates; `eos` only in an unfinished number that some piece goes on with (so some token is
  // always left). Empty when the guard is off, or when the
  // hypothesis already ends in digits that begin no source number (a forced prefix wrote them).
  std::vector<int> banned(const std::vector<int>& tokens, int eos) const;

 private:
  // banned() once the hypothesis has written a digit.
  std::vector<int> banned_after_digits(const std::vector<int>& tokens, int eos) const;
  // The bans while `left` (the source numbers not yet written) is to write and `open` (the digits of an
  // unfinished number, or "") is open.
  std::vector<int> bans_for(const std::vector<std::string>& left, const std::string& open, int eos) const;

  std::shared_ptr<const TargetPieces> pieces_;
  std::vector<std::string> numbers_;
  bool words_free_ = false;
  // Caches, written by the const banned(): a NumberGuard belongs to one translation (the Translator
  // makes one per source; Guards, sessions and beam searches hold copies), never shared between threads.
  // The bans while no number is open depend only on the numbers left to write: kept for the last such
  // set once the translation has written digits, so a step does not re-read every piece with digits.
  mutable std::vector<std::string> cached_left_;
  mutable std::vector<int> cached_bans_;
  mutable bool cached_ = false;
  // The bans of a hypothesis that has written no digit yet (every number left, none open).
  mutable std::vector<int> fresh_bans_;
  mutable bool fresh_ = false;
};

}  // namespace attnseq
