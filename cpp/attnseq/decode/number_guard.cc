#include "attnseq/decode/number_guard.h"

#include <algorithm>
#include <iterator>

#include "attnseq/core/ascii.h"
#include "attnseq/core/noinline.h"
#include "attnseq/decode/number_words.h"

namespace attnseq {

NumberGuard::NumberGuard(std::shared_ptr<const TargetPieces> pieces, std::vector<std::string> numbers, bool words_free)
    : pieces_(std::move(pieces)), numbers_(std::move(numbers)), words_free_(words_free) {}

std::vector<std::string> NumberGuard::digit_runs(const std::string& text) {
  std::vector<std::string> out;
  std::string run;
  for (char c : text) {
    if (is_ascii_digit(c)) {
      run += c;
    } else if (!run.empty()) {
      out.push_back(run);
      run.clear();
    }
  }
  if (!run.empty()) out.push_back(run);
  return out;
}

namespace {

// The index of a number of `numbers` not in `used` that equals `run` (whole) or begins with it, or npos.
size_t find_number(const std::vector<std::string>& numbers, const std::string& run, bool whole,
                   const std::vector<size_t>& used = {}) {
  for (size_t i = 0; i < numbers.size(); ++i)
    if ((whole ? numbers[i] == run : numbers[i].compare(0, run.size(), run) == 0) &&
        std::find(used.begin(), used.end(), i) == used.end())
      return i;
  return std::string::npos;
}

bool has(const std::vector<std::string>& numbers, const std::string& run) {
  return find_number(numbers, run, true) != std::string::npos;
}

bool begins(const std::vector<std::string>& numbers, const std::string& run) {
  return find_number(numbers, run, false) != std::string::npos;
}

// The value of a number up to kSmallNumber (which a translation may spell out), else -1.
int small_value(const std::string& number) {
  const size_t first = number.find_first_not_of('0');
  if (first == std::string::npos) return 0;
  if (number.size() - first > 2) return -1;
  const int v = std::stoi(number.substr(first));
  return v <= kSmallNumber ? v : -1;
}

// May `text` follow the open run? Every number it finishes must be one of `numbers` (each used once),
// and the digits it ends with must begin one of those left. (Called for every piece with digits at a
// step: no allocation unless the piece finishes a number.)
bool allowed(const std::vector<std::string>& numbers, std::string run, const std::string& text) {
  std::vector<size_t> used;  // numbers this piece finished
  for (char c : text) {
    if (is_ascii_digit(c)) {
      run += c;
    } else if (!run.empty()) {
      const size_t i = find_number(numbers, run, true, used);
      if (i == std::string::npos) return false;  // a number left unfinished (or not the source's)
      used.push_back(i);
      run.clear();
    }
  }
  return run.empty() || find_number(numbers, run, false, used) != std::string::npos;
}

}  // namespace

std::vector<int> NumberGuard::banned(const std::vector<int>& tokens, int eos) const {
  if (!on()) return {};
  // Most steps write no digit before them: every source number is still to write, and the bans are
  // those of the first step, kept. (This is the per-step path: small, so that the engine's optimizing
  // compiler, which compiles what runs at every step, has little to do; the rest is out of line.)
  const std::vector<char>& digits = pieces_->digits();
  const int V = pieces_->vocab();
  for (int id : tokens)
    if (id >= 0 && id < V && digits[static_cast<size_t>(id)]) return banned_after_digits(tokens, eos);
  if (!fresh_) {
    fresh_bans_ = bans_for(numbers_, std::string(), eos);
    fresh_ = true;
  }
  return fresh_bans_;
}

ATTNSEQ_NOINLINE std::vector<int> NumberGuard::banned_after_digits(const std::vector<int>& tokens, int eos) const {
  // What the hypothesis has written: its numbers so far, the last one still open when it ends in a digit.
  std::string text;
  for (int id : tokens)
    if (id >= 0 && id < pieces_->vocab()) text += pieces_->text(id);
  std::vector<std::string> written = digit_runs(text);
  std::string open;
  if (!text.empty() && is_ascii_digit(text.back())) {
    open = written.back();
    written.pop_back();
  }
  // Each source number may be written as often as the source writes it.
  std::vector<std::string> left = numbers_;
  for (const std::string& w : written) {
    auto it = std::find(left.begin(), left.end(), w);
    if (it != left.end()) left.erase(it);
  }
  if (!open.empty() && !begins(left, open)) return {};  // not the guard's doing (a forced prefix): leave it
  if (open.empty() && cached_ && left == cached_left_) return cached_bans_;
  std::vector<int> out = bans_for(left, open, eos);
  if (open.empty()) {
    cached_left_ = std::move(left);
    cached_bans_ = out;
    cached_ = true;
  }
  return out;
}

ATTNSEQ_NOINLINE std::vector<int> NumberGuard::bans_for(const std::vector<std::string>& left, const std::string& open,
                                                        int eos) const {
  std::vector<int> out;
  const int V = pieces_->vocab();
  std::vector<int> digit_bans;  // ascending, as with_digits()
  if (left.empty() && open.empty()) {  // no number to write (most sources): every piece with a digit
    for (int id : pieces_->with_digits())
      if (id != eos) digit_bans.push_back(id);
  } else {
    for (int id : pieces_->with_digits())
      if (id != eos && !allowed(left, open, pieces_->text(id))) digit_bans.push_back(id);
  }
  if (!open.empty() && !has(left, open)) {
    // an unfinished number: only its digits may follow (every other token, ascending, then merged);
    // </s> too, when a piece is left that goes on with the number (beam search ended "42" as "4")
    const bool goes_on = std::any_of(pieces_->with_digits().begin(), pieces_->with_digits().end(), [&](int id) {
      return pieces_->starts_with_digit(id) && !std::binary_search(digit_bans.begin(), digit_bans.end(), id);
    });
    std::vector<int> others;
    others.reserve(static_cast<size_t>(V));
    for (int id = 0; id < V; ++id)
      if ((id != eos || goes_on) && !pieces_->starts_with_digit(id)) others.push_back(id);
    std::set_union(others.begin(), others.end(), digit_bans.begin(), digit_bans.end(), std::back_inserter(out));
  } else if (!words_free_ && !numbers_.empty()) {
    // a source that writes digits: no number word while a large number is still to write (the model
    // writes it rather than a number of its own), then none but those of a small number still to write
    // (the open number, finished, counts as written)
    std::vector<std::string> pending = left;
    if (!open.empty()) pending.erase(std::find(pending.begin(), pending.end(), open));
    std::vector<int> small;  // the values of the small numbers still to write
    bool large_left = false;
    for (const std::string& n : pending) {
      const int v = small_value(n);
      if (v < 0) large_left = true;
      else small.push_back(v);
    }
    std::vector<int> words;  // ascending, as number_words()
    for (const TargetPieces::NumberWord& w : pieces_->number_words())
      if (large_left || (!w.in_percent && std::find(small.begin(), small.end(), w.value) == small.end()))
        words.push_back(w.id);
    std::set_union(words.begin(), words.end(), digit_bans.begin(), digit_bans.end(), std::back_inserter(out));
  } else {
    out = std::move(digit_bans);
  }
  return out;
}

}  // namespace attnseq
