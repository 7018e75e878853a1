#include "attnseq/decode/repeat_guard.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <unordered_map>

#include "attnseq/core/ascii.h"

namespace attnseq {

std::vector<int> repeated_ngram_tokens(const std::vector<int>& tokens, int n, int eos) {
  std::vector<int> banned;
  const int len = static_cast<int>(tokens.size());
  if (n <= 0 || len < n - 1) return banned;
  const int context = n - 1;  // the last n-1 tokens, which the next token would extend to an n-gram
  for (int i = 0; i + n <= len; ++i)
    if (tokens[i + context] != eos && std::equal(tokens.begin() + i, tokens.begin() + i + context, tokens.end() - context))
      banned.push_back(tokens[i + context]);
  std::sort(banned.begin(), banned.end());
  banned.erase(std::unique(banned.begin(), banned.end()), banned.end());
  return banned;
}

PieceUnits PieceUnits::from_texts(const std::vector<std::string>& texts) {
  static const std::string kMarker = "\xE2\x96\x81";  // U+2581, a word's leading space
  PieceUnits u;
  u.of.resize(texts.size());
  std::unordered_map<std::string, int> by_mark;
  for (size_t id = 0; id < texts.size(); ++id) {
    const std::string& t = texts[id];
    const std::string mark = t.compare(0, kMarker.size(), kMarker) == 0 ? t.substr(kMarker.size()) : t;
    int unit;
    if (mark.empty()) {
      unit = static_cast<int>(u.members.size());  // writes nothing (or only a space): its own unit
      u.members.emplace_back();
    } else {
      auto [it, added] = by_mark.emplace(mark, static_cast<int>(u.members.size()));
      if (added) u.members.emplace_back();
      unit = it->second;
    }
    u.of[id] = unit;
    u.members[static_cast<size_t>(unit)].push_back(static_cast<int>(id));
  }
  return u;
}

namespace {

// The most copies in a row of one n-gram (n <= kRunGramMax) in `s`, n-grams of digits aside; 1 when none repeats.
int most_copies(const std::u32string& s) {
  int best = 1;
  const int len = static_cast<int>(s.size());
  for (int n = 1; n <= kRunGramMax && 2 * n <= len; ++n)
    for (int i = 0; i + 2 * n <= len; ++i) {
      if (std::all_of(s.begin() + i, s.begin() + i + n, [](char32_t c) { return is_ascii_digit(c); })) continue;
      int k = 1;
      while (i + (k + 1) * n <= len && std::equal(s.begin() + i, s.begin() + i + n, s.begin() + i + k * n)) ++k;
      best = std::max(best, k);
    }
  return best;
}

}  // namespace

PieceChars PieceChars::from_chars(const std::vector<std::u32string>& chars) {
  PieceChars pc;
  pc.of.resize(chars.size());
  for (size_t id = 0; id < chars.size(); ++id) {
    std::u32string& own = pc.of[id];
    for (char32_t c : chars[id])
      if (c != U'\u2581' && c != U' ' && c != U'\t' && c != U'\n' && c != U'\u3000') own.push_back(c);
    if (own.empty()) continue;
    pc.starting[own[0]].push_back(static_cast<int>(id));
    const int copies = most_copies(own);
    if (copies >= 2) pc.self_runs.emplace_back(static_cast<int>(id), copies);
  }
  return pc;
}

std::vector<int> char_run_tokens(const std::vector<int>& tokens, int max_run, const PieceChars& chars) {
  std::vector<int> banned;
  if (max_run <= 0 || chars.empty()) return banned;
  const int copies = max_run + 1;  // a run of this many copies is banned
  for (const auto& [id, k] : chars.self_runs)
    if (k >= copies) banned.push_back(id);
  // The text so far, as far back as a run can reach: copies · kRunGramMax characters.
  const size_t reach = static_cast<size_t>(copies * kRunGramMax);
  std::u32string tail;
  for (size_t i = tokens.size(); i-- > 0 && tail.size() < reach;) {
    const int id = tokens[i];
    if (id < 0 || static_cast<size_t>(id) >= chars.of.size()) continue;
    tail.insert(0, chars.of[static_cast<size_t>(id)]);
  }
  const int len = static_cast<int>(tail.size());
  for (int n = 1; n <= kRunGramMax && n <= len; ++n) {
    const int from = len - n;  // the last n characters: the n-gram a run of period n would go on with
    if (std::all_of(tail.begin() + from, tail.end(), [](char32_t c) { return is_ascii_digit(c); })) continue;
    // how far back the text is n-periodic: its last `periodic` characters each equal the one n before
    int periodic = n;
    while (periodic < len && tail[static_cast<size_t>(len - 1 - periodic)] == tail[static_cast<size_t>(len - 1 - periodic + n)]) ++periodic;
    // `periodic` counts characters from the end that repeat with period n (the first n of them trivially)
    const auto it = chars.starting.find(tail[static_cast<size_t>(from)]);
    if (it == chars.starting.end()) continue;
    const int need = std::max(1, copies * n - periodic);  // characters of the new piece that must go on with the period
    for (int id : it->second) {
      const std::u32string& t = chars.of[static_cast<size_t>(id)];
      if (static_cast<int>(t.size()) < need) continue;
      int j = 0;
      while (j < static_cast<int>(t.size()) && t[static_cast<size_t>(j)] == (j < n ? tail[static_cast<size_t>(from + j)] : t[static_cast<size_t>(j - n)])) ++j;
      if (j >= need) banned.push_back(id);
    }
  }
  std::sort(banned.begin(), banned.end());
  banned.erase(std::unique(banned.begin(), banned.end()), banned.end());
  return banned;
}

std::vector<int> repeat_run_tokens(const std::vector<int>& tokens, int max_run, int eos, const std::vector<char>* exempt,
                                   const PieceUnits* units) {
  std::vector<int> banned;
  if (max_run <= 0) return banned;
  const int len = static_cast<int>(tokens.size());
  auto is_exempt = [&](int id) { return exempt && id >= 0 && id < static_cast<int>(exempt->size()) && (*exempt)[id]; };
  auto unit = [&](int id) { return units && id >= 0 && id < static_cast<int>(units->of.size()) ? units->of[static_cast<size_t>(id)] : -1 - id; };
  for (int n = 1; n <= kRunGramMax && n * max_run <= len; ++n) {
    // the last n · max_run tokens: max_run copies of their last n (period n)?
    bool run = true;
    for (int i = len - n * max_run; i + n < len && run; ++i) run = unit(tokens[i]) == unit(tokens[i + n]);
    if (!run) continue;
    const int next = tokens[len - n];  // what would start one more copy
    if (next == eos) continue;
    bool all_exempt = true;
    for (int i = len - n; i < len && all_exempt; ++i) all_exempt = is_exempt(tokens[i]);
    if (all_exempt) continue;
    if (unit(next) >= 0) {
      for (int id : units->members[static_cast<size_t>(unit(next))])
        if (id != eos) banned.push_back(id);
    } else {
      banned.push_back(next);
    }
  }
  std::sort(banned.begin(), banned.end());
  banned.erase(std::unique(banned.begin(), banned.end()), banned.end());
  return banned;
}

std::vector<int> repeat_guard_tokens(const std::vector<int>& tokens, int no_repeat_ngram_size, int max_repeat_run,
                                     int eos, const std::vector<char>* exempt, const PieceUnits* units) {
  std::vector<int> banned = repeated_ngram_tokens(tokens, no_repeat_ngram_size, eos);
  const std::vector<int> run = repeat_run_tokens(tokens, max_repeat_run, eos, exempt, units);
  if (run.empty()) return banned;
  std::vector<int> out;
  std::set_union(banned.begin(), banned.end(), run.begin(), run.end(), std::back_inserter(out));
  return out;
}

void ban_tokens(float* row, int vocab, const std::vector<int>& banned) {
  for (int t : banned)
    if (t >= 0 && t < vocab) row[t] = -std::numeric_limits<float>::infinity();
}

std::vector<std::pair<int, float>> blocked_above(const std::vector<int>& banned, const float* row, float lse,
                                                 float chosen_logp) {
  std::vector<std::pair<int, float>> out;
  for (int t : banned) {
    const float lp = row[t] - lse;
    if (lp > chosen_logp) out.emplace_back(t, std::exp(lp));
  }
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
  return out;
}

}  // namespace attnseq
