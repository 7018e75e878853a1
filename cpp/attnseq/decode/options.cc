#include "attnseq/decode/options.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <utility>
#include <vector>

#include "attnseq/core/errors.h"

namespace attnseq {
namespace {

// Throws BadOption naming the field (Error::field()), its value and the range; `note` may name
// another field ("at most beam_size").
template <typename T>
void check_range(const char* field, T value, T lo, T hi, std::vector<MessagePart> note = {}) {
  if (!(value >= lo && value <= hi)) {  // also rejects NaN
    std::ostringstream os;
    os << " = " << value << " is out of range: expected " << lo << " .. " << hi;
    std::vector<MessagePart> parts{{"decoding option "}, {field, true}, {os.str()}};
    parts.insert(parts.end(), note.begin(), note.end());
    throw Error(ErrorCode::BadOption, std::move(parts));
  }
}

}  // namespace

const char* strategy_name(Strategy s) {
  switch (s) {
    case Strategy::Greedy: return "greedy";
    case Strategy::Beam: return "beam";
    case Strategy::Sample: return "sample";
  }
  return "greedy";
}

Strategy parse_strategy(const std::string& name) {
  for (Strategy s : {Strategy::Greedy, Strategy::Beam, Strategy::Sample})
    if (name == strategy_name(s)) return s;
  throw Error(ErrorCode::BadOption,
              {{"decoding option "}, {"strategy", true}, {" = \"" + name + "\": expected greedy, beam or sample"}});
}

void DecodeOptions::validate(const ModelConfig& model) const {
  check_range("beam_size", beam_size, 1, 64);
  check_range("num_hypotheses", num_hypotheses, 1, beam_size, {{" (at most "}, {"beam_size", true}, {")"}});
  check_range("length_penalty", length_penalty, 0.0f, 10.0f);
  check_range("temperature", temperature, 1e-4f, 100.0f);
  check_range("top_k", top_k, 0, model.vocab_tgt, {{" (0 = no limit)"}});
  check_range("top_p", top_p, 1e-6f, 1.0f);
  check_range("max_length_ratio", max_length_ratio, 0.0f, 100.0f);
  check_range("max_length_extra", max_length_extra, 0, 100000);
  check_range("max_length", max_length, 1, 1 << 20);
  check_range("alternatives", alternatives, 0, 50);
  const int cap = std::min(max_length, model.max_target_len());
  if (static_cast<int>(prefix.size()) >= cap)
    throw Error(ErrorCode::BadOption, {{"decoding option "}, {"prefix", true},
                                       {" has " + std::to_string(prefix.size()) +
                                        " tokens, not fewer than the length limit " + std::to_string(cap)}});
  for (size_t i = 0; i < prefix.size(); ++i)
    if (prefix[i] < 0 || prefix[i] >= model.vocab_tgt)
      throw Error(ErrorCode::BadOption, {{"decoding option "}, {"prefix", true},
                                         {"[" + std::to_string(i) + "] = " + std::to_string(prefix[i]) +
                                          " is not a target vocabulary id (0.." + std::to_string(model.vocab_tgt - 1) +
                                          ")"}});
}

int DecodeOptions::length_limit(int src_len, const ModelConfig& model) const {
  const double by_ratio = std::ceil(max_length_ratio * src_len) + max_length_extra;
  double limit = std::min<double>(by_ratio, max_length);
  limit = std::min<double>(limit, model.max_target_len());
  return std::max(static_cast<int>(limit), static_cast<int>(prefix.size()) + 1);
}

}  // namespace attnseq
