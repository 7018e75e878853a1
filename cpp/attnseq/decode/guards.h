// Every decoding guard of one search, behind one seam: the repeat guards (decode/repeat_guard.h), the
// number guard (decode/number_guard.h) and the name guard (decode/name_guard.h), as the options set them. Greedy, sampling and beam search ask it
// what a hypothesis may not continue with (GuardBans), give those tokens probability 0 in what they
// choose from, and let it say in the step record what each guard removed; they never call a guard
// themselves.
#pragma once

#include <memory>
#include <vector>

#include "attnseq/decode/name_guard.h"
#include "attnseq/decode/number_guard.h"
#include "attnseq/decode/options.h"
#include "attnseq/decode/results.h"

namespace attnseq {

// What the guards ban for one hypothesis at one step, kept apart by guard so that the step record can
// say which acted. Each list sorted, without duplicates.
struct GuardBans {
  std::vector<int> repeat;   // the no-repeat-n-gram and run guards' (StepEvent::blocked)
  std::vector<int> numbers;  // the number guard's (StepEvent::number_blocked)
  std::vector<int> names;    // the name guard's (StepEvent::name_blocked)

  bool empty() const { return repeat.empty() && numbers.empty() && names.empty(); }
  // row[t] = -infinity for every banned t (a logits or log-probability row of `vocab` entries).
  void apply(float* row, int vocab) const;
  // ev.blocked, ev.number_blocked and ev.name_blocked: the banned tokens the model ranked above the chosen one. row: the
  // model's row before apply(), log p(t) = row[t] - lse; chosen_logp: the chosen token's log p.
  void record(StepEvent& ev, const float* row, float lse, float chosen_logp) const;
};

// The guards that depend on the source (Translator::source_guards): its numbers and its names. Each is
// off when default-constructed.
struct SourceGuards {
  SourceGuards(NumberGuard numbers = {}, NameGuard names = {})  // NOLINT: a NumberGuard alone is a SourceGuards
      : numbers(std::move(numbers)), names(std::move(names)) {}
  NumberGuard numbers;
  NameGuard names;
};

class Guards {
 public:
  Guards() = default;  // none
  // options: no_repeat_ngram_size, max_repeat_run, copy_numbers, copy_names; eos: </s> (never banned by
  // the repeat guards); source: the number and name guards of this source (Translator::source_guards),
  // each off unless options.copy_numbers / options.copy_names. The number guard's pieces exempt digits
  // from the run guard even when it is off, and tell it which pieces write the same mark (PieceUnits).
  Guards(const DecodeOptions& options, int eos, SourceGuards source);

  // What the hypothesis `tokens` (the translation so far, forced prefix included) may not continue with.
  GuardBans bans(const std::vector<int>& tokens) const;

 private:
  int no_repeat_ngram_size_ = 0;
  int max_repeat_run_ = 0;
  int eos_ = -1;
  NumberGuard numbers_;
  NameGuard names_;
  std::shared_ptr<const TargetPieces> pieces_;  // what the target pieces write (digits, number words, units); may be null
};

}  // namespace attnseq
