#include "attnseq/decode/guards.h"

#include <algorithm>
#include <iterator>

#include "attnseq/decode/repeat_guard.h"

namespace attnseq {

void GuardBans::apply(float* row, int vocab) const {
  ban_tokens(row, vocab, repeat);
  ban_tokens(row, vocab, numbers);
  ban_tokens(row, vocab, names);
}

void GuardBans::record(StepEvent& ev, const float* row, float lse, float chosen_logp) const {
  ev.blocked = blocked_above(repeat, row, lse, chosen_logp);
  ev.number_blocked = blocked_above(numbers, row, lse, chosen_logp);
  ev.name_blocked = blocked_above(names, row, lse, chosen_logp);
}

Guards::Guards(const DecodeOptions& options, int eos, SourceGuards source)
    : no_repeat_ngram_size_(options.no_repeat_ngram_size),
      max_repeat_run_(options.max_repeat_run),
      eos_(eos),
      numbers_(options.copy_numbers ? source.numbers : NumberGuard{}),
      names_(options.copy_names ? std::move(source.names) : NameGuard{}),
      pieces_(source.numbers.pieces()) {}

GuardBans Guards::bans(const std::vector<int>& tokens) const {
  GuardBans out;
  out.repeat = repeat_guard_tokens(tokens, no_repeat_ngram_size_, max_repeat_run_, eos_,
                                   pieces_ ? &pieces_->digits() : nullptr, pieces_ ? &pieces_->units() : nullptr);
  if (pieces_ && !pieces_->chars().empty()) {  // a target without spaces: runs of characters too
    const std::vector<int> chars = char_run_tokens(tokens, max_repeat_run_, pieces_->chars());
    if (!chars.empty()) {
      std::vector<int> merged;
      std::set_union(out.repeat.begin(), out.repeat.end(), chars.begin(), chars.end(), std::back_inserter(merged));
      out.repeat = std::move(merged);
    }
  }
  out.numbers = numbers_.banned(tokens, eos_);
  out.names = names_.banned(tokens, eos_);
  return out;
}

}  // namespace attnseq
