#include "attnseq/decode/repeat_guard.h"

#include <algorithm>
#include <cmath>
#include <limits>

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
