#include "attnseq/decode/options.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <cmath>
#include <sstream>
#include <type_traits>
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

// Typed access to one member, by the member's C++ type.
template <typename T>
double to_number(const T& v) {
  if constexpr (std::is_arithmetic_v<T>) return static_cast<double>(v);
  else return 0.0;
}
template <typename T>
void from_number(T& m, double v) {
  if constexpr (std::is_same_v<T, bool>) m = v != 0.0;
  else if constexpr (std::is_arithmetic_v<T>) m = static_cast<T>(v);
}

// Range check of one member (numbers only) with its table range; integral kinds print as integers.
template <typename T>
void check_member(const char* name, OptionKind kind, const T& v, double lo, double hi) {
  if constexpr (std::is_same_v<T, bool> || !std::is_arithmetic_v<T>) {
    (void)name, (void)kind, (void)v, (void)lo, (void)hi;
  } else if constexpr (std::is_floating_point_v<T>) {
    check_range<T>(name, v, static_cast<T>(lo), static_cast<T>(hi));
  } else {
    (void)kind;
    check_range<long long>(name, static_cast<long long>(v), static_cast<long long>(lo), static_cast<long long>(hi));
  }
}

// A list option's member set from a value of its type (other members are left alone).
template <typename T, typename V>
void assign_list(T& m, const V& v) {
  if constexpr (std::is_same_v<T, V>) m = v;
  else (void)m, (void)v;
}

std::vector<OptionSpec> build_table() {
  std::vector<OptionSpec> t;
#define ATTNSEQ_X(type, member, def, kind, applies, lo, hi, doc) \
  t.push_back({#member, OptionKind::kind, applies, static_cast<double>(lo), static_cast<double>(hi), doc});
  ATTNSEQ_DECODE_OPTIONS(ATTNSEQ_X)
#undef ATTNSEQ_X
  return t;
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

const char* option_kind_name(OptionKind kind) {
  switch (kind) {
    case OptionKind::Int: return "int";
    case OptionKind::Float: return "float";
    case OptionKind::Bool: return "bool";
    case OptionKind::Seed: return "seed";
    case OptionKind::Strategy: return "strategy";
    case OptionKind::Prefix: return "prefix";
    case OptionKind::Positions: return "positions";
    case OptionKind::Heads: return "heads";
  }
  return "int";
}

const std::vector<OptionSpec>& option_table() {
  static const std::vector<OptionSpec> table = build_table();
  return table;
}

const OptionSpec* find_option(const std::string& name) {
  for (const OptionSpec& s : option_table())
    if (name == s.name) return &s;
  return nullptr;
}

double OptionSpec::number(const DecodeOptions& o) const {
  const std::string n = name;
#define ATTNSEQ_X(type, member, def, kind, applies, lo, hi, doc) \
  if (n == #member) return to_number(o.member);
  ATTNSEQ_DECODE_OPTIONS(ATTNSEQ_X)
#undef ATTNSEQ_X
  return 0.0;
}

std::string OptionSpec::text(const DecodeOptions& o) const {
  return kind == OptionKind::Strategy ? strategy_name(o.strategy) : "";
}

void OptionSpec::set_number(DecodeOptions& o, double v) const {
  const std::string n = name;
#define ATTNSEQ_X(type, member, def, kind, applies, lo, hi, doc) \
  if (n == #member) return from_number(o.member, v);
  ATTNSEQ_DECODE_OPTIONS(ATTNSEQ_X)
#undef ATTNSEQ_X
}

void OptionSpec::set_text(DecodeOptions& o, const std::string& v) const {
  if (kind == OptionKind::Strategy) o.strategy = parse_strategy(v);
}

namespace {
// Sets the list option `name` of kind `want` from a value of its element type (one dispatch for every list kind).
template <typename V>
void set_list(const std::string& n, OptionKind want, DecodeOptions& o, const V& v) {
#define ATTNSEQ_X(type, member, def, kind_, applies, lo, hi, doc) \
  if (n == #member && OptionKind::kind_ == want) return assign_list(o.member, v);
  ATTNSEQ_DECODE_OPTIONS(ATTNSEQ_X)
#undef ATTNSEQ_X
}
}  // namespace

void OptionSpec::set_positions(DecodeOptions& o, const std::vector<int>& v) const {
  set_list(name, OptionKind::Positions, o, v);
}

void OptionSpec::set_heads(DecodeOptions& o, const std::vector<HeadRef>& v) const {
  set_list(name, OptionKind::Heads, o, v);
}

std::string describe_options() {
  const DecodeOptions d;
  nlohmann::json out = nlohmann::json::array();
  for (const OptionSpec& s : option_table()) {
    nlohmann::json o = {{"name", s.name}, {"kind", option_kind_name(s.kind)}, {"applies", s.applies}, {"doc", s.doc}};
    switch (s.kind) {
      case OptionKind::Strategy:
        o["default"] = s.text(d);
        o["choices"] = {strategy_name(Strategy::Greedy), strategy_name(Strategy::Beam), strategy_name(Strategy::Sample)};
        break;
      case OptionKind::Bool: o["default"] = s.number(d) != 0; break;
      case OptionKind::Prefix:
      case OptionKind::Positions:
      case OptionKind::Heads: o["default"] = nlohmann::json::array(); break;
      case OptionKind::Float: o["default"] = s.number(d), o["min"] = s.min, o["max"] = s.max; break;
      case OptionKind::Int:
      case OptionKind::Seed:
        o["default"] = static_cast<int64_t>(s.number(d));
        o["min"] = static_cast<int64_t>(s.min), o["max"] = static_cast<int64_t>(s.max);
        break;
    }
    out.push_back(std::move(o));
  }
  return out.dump();
}

void DecodeOptions::validate(const ModelConfig& model) const {
#define ATTNSEQ_X(type, member, def, kind, applies, lo, hi, doc) \
  check_member(#member, OptionKind::kind, member, static_cast<double>(lo), static_cast<double>(hi));
  ATTNSEQ_DECODE_OPTIONS(ATTNSEQ_X)
#undef ATTNSEQ_X
  check_range("num_hypotheses", num_hypotheses, 1, beam_size, {{" (at most "}, {"beam_size", true}, {")"}});
  check_range("top_k", top_k, 0, model.vocab_tgt, {{" (0 = no limit)"}});
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
  check_head_mask(model, head_mask);
  check_source_mask(model, source_mask, -1);  // >= 0 here; below the source's length once it is known
}

StateOptions DecodeOptions::state_options() const {
  StateOptions so;
  so.kv_cache = kv_cache;
  so.source_mask = source_mask;
  so.head_mask = head_mask;
  return so;
}

int DecodeOptions::length_limit(int src_len, const ModelConfig& model) const {
  const double by_ratio = std::ceil(max_length_ratio * src_len) + max_length_extra;
  double limit = std::min<double>(by_ratio, max_length);
  limit = std::min<double>(limit, model.max_target_len());
  return std::max(static_cast<int>(limit), static_cast<int>(prefix.size()) + 1);
}

}  // namespace attnseq
