// The records of cpp/attnseq/records.h as JSON: one writer per FieldKind, one loop per record, from
// the X-macro lists. Field names are the lists' (snake_case).
#include "cli/json_out.h"

#include "attnseq/records.h"

namespace attnseq_cli {

using attnseq::FieldKind;
using nlohmann::json;

namespace {

json step_json(const attnseq::TranslationStep& s, const attnseq::Translator& t);
json hypothesis_json(const attnseq::TranslationHypothesis& s, const attnseq::Translator& t);
json candidate_json(const attnseq::BeamCandidate& s, const attnseq::Translator& t);
json config_json(const attnseq::ModelConfig& s);
json control_ids_json(const attnseq::Translator& s);

json tokens_json(const std::vector<attnseq::Token>& tokens, bool spans) {
  json out = json::array();
  for (const auto& t : tokens) {
    json j = {{"id", t.id}, {"piece", t.piece}};
    if (spans) j["span"] = t.begin < 0 ? json(nullptr) : json::array({t.begin, t.end});
    out.push_back(j);
  }
  return out;
}

// [layers][heads][queries][keys] of a one-row stack; a step's (queries = 1) drops the query level.
json stack_json(const attnseq::AttentionStack& a, bool one_query) {
  json layers = json::array();
  for (int l = 0; l < a.layers; ++l) {
    json heads = json::array();
    for (int h = 0; h < a.heads; ++h) {
      if (one_query) {
        heads.push_back(std::vector<float>(a.at(0, l, h), a.at(0, l, h) + a.keys));
        continue;
      }
      json rows = json::array();
      for (int q = 0; q < a.queries; ++q) rows.push_back(std::vector<float>(a.at(0, l, h, q), a.at(0, l, h, q) + a.keys));
      heads.push_back(std::move(rows));
    }
    layers.push_back(std::move(heads));
  }
  return layers;
}

// put(Kind<K>, j, name, value, translator): writes one field of kind K, or leaves it out where the kind
// says so. One overload per kind: a kind without one fails the build.
template <FieldKind K>
using Kind = std::integral_constant<FieldKind, K>;
using Tr = const attnseq::Translator*;  // the records' pieces come from it (null for the config)

void put(Kind<FieldKind::Int>, json& j, const char* name, int v, Tr) { j[name] = v; }
void put(Kind<FieldKind::Float>, json& j, const char* name, float v, Tr) { j[name] = v; }
void put(Kind<FieldKind::Count>, json& j, const char* name, uint64_t v, Tr) { j[name] = v; }
void put(Kind<FieldKind::Bool>, json& j, const char* name, bool v, Tr) { j[name] = v; }
void put(Kind<FieldKind::Text>, json& j, const char* name, const std::string& v, Tr) { j[name] = v; }
void put(Kind<FieldKind::Piece>, json& j, const char* name, int v, Tr t) { j[name] = t->target_token(v).piece; }
void put(Kind<FieldKind::Token>, json& j, const char* name, int v, Tr) { j[name] = v; }
void put(Kind<FieldKind::Tokens>, json& j, const char* name, const std::vector<attnseq::Token>& v, Tr) {
  j[name] = tokens_json(v, false);
}
void put(Kind<FieldKind::SourceTokens>, json& j, const char* name, const std::vector<attnseq::Token>& v, Tr) {
  j[name] = tokens_json(v, true);
}
void put(Kind<FieldKind::Alternatives>, json& j, const char* name, const std::vector<std::pair<int, float>>& v, Tr t) {
  json a = json::array();
  for (const auto& [id, p] : v) a.push_back({{"id", id}, {"piece", t->target_token(id).piece}, {"probability", p}});
  j[name] = std::move(a);
}
void put(Kind<FieldKind::Numbers>, json& j, const char* name, const std::vector<float>& v, Tr) { j[name] = v; }
void put(Kind<FieldKind::Floats>, json& j, const char* name, const std::vector<float>& v, Tr) {
  if (!v.empty()) j[name] = v;
}
void put(Kind<FieldKind::OptFloats>, json& j, const char* name, const std::vector<float>& v, Tr) {
  if (!v.empty()) j[name] = v;
}
void put(Kind<FieldKind::StepStack>, json& j, const char* name, const attnseq::AttentionStack& v, Tr) {
  if (!v.data.empty()) j[name] = stack_json(v, true);
}
void put(Kind<FieldKind::Stack>, json& j, const char* name, const attnseq::AttentionStack& v, Tr) {
  if (!v.data.empty()) j[name] = stack_json(v, false);
}
void put(Kind<FieldKind::Table>, json& j, const char* name, const std::vector<std::vector<float>>& v, Tr) { j[name] = v; }
void put(Kind<FieldKind::Rows>, json& j, const char* name, const std::vector<std::vector<float>>& v, Tr) { j[name] = v; }
void put(Kind<FieldKind::Matrices>, json& j, const char* name, const std::vector<attnseq::Matrix>& v, Tr) {
  json a = json::array();
  for (const attnseq::Matrix& m : v) {
    json rows = json::array();
    for (Eigen::Index r = 0; r < m.rows(); ++r) rows.push_back(std::vector<float>(m.row(r).data(), m.row(r).data() + m.cols()));
    a.push_back(std::move(rows));
  }
  j[name] = std::move(a);
}
void put(Kind<FieldKind::Steps>, json& j, const char* name, const std::vector<attnseq::TranslationStep>& v, Tr t) {
  if (v.empty()) return;
  json a = json::array();
  for (const auto& s : v) a.push_back(step_json(s, *t));
  j[name] = std::move(a);
}
void put(Kind<FieldKind::Hypotheses>, json& j, const char* name, const std::vector<attnseq::TranslationHypothesis>& v, Tr t) {
  json a = json::array();
  for (const auto& h : v) a.push_back(hypothesis_json(h, *t));
  j[name] = std::move(a);
}
void put(Kind<FieldKind::Trace>, json& j, const char* name, const attnseq::BeamTrace& v, Tr t) {
  if (v.steps.empty()) return;
  json steps = json::array();
  for (const auto& step : v.steps) {
    json s = json::array();
    for (const auto& c : step) s.push_back(candidate_json(c, *t));
    steps.push_back(std::move(s));
  }
  j[name] = std::move(steps);
}
void put(Kind<FieldKind::Config>, json& j, const char* name, const attnseq::ModelConfig& v, Tr) { j[name] = config_json(v); }
void put(Kind<FieldKind::ControlIds>, json& j, const char* name, const attnseq::Translator& v, Tr) {
  j[name] = control_ids_json(v);
}
void put(Kind<FieldKind::Metadata>, json& j, const char* name, const std::map<std::string, std::string>& v, Tr) {
  json meta = json::object();
  for (const auto& kv : v)
    if (attnseq::reported_metadata(kv.first)) meta[kv.first] = kv.second;
  j[name] = std::move(meta);
}
void put(Kind<FieldKind::Arch>, json& j, const char* name, attnseq::Arch v, Tr) { j[name] = attnseq::arch_name(v); }
void put(Kind<FieldKind::OptInt>, json& j, const char* name, std::optional<int> v, Tr) {
  if (v) j[name] = *v;
}
void put(Kind<FieldKind::OptInts>, json& j, const char* name, const std::optional<std::vector<int>>& v, Tr) {
  if (v) j[name] = *v;
}
void put(Kind<FieldKind::OptAttention>, json& j, const char* name, std::optional<attnseq::AttentionKind> v, Tr) {
  if (v) j[name] = attnseq::attention_name(*v);
}

#define ATTNSEQ_X(name, kind, value, doc) put(Kind<FieldKind::kind>(), j, #name, value, t);

json step_json(const attnseq::TranslationStep& s, const attnseq::Translator& translator) {
  const Tr t = &translator;
  json j = json::object();
  ATTNSEQ_STEP_FIELDS(ATTNSEQ_X)
  return j;
}

json hypothesis_json(const attnseq::TranslationHypothesis& s, const attnseq::Translator& translator) {
  const Tr t = &translator;
  json j = json::object();
  ATTNSEQ_HYPOTHESIS_FIELDS(ATTNSEQ_X)
  return j;
}

json candidate_json(const attnseq::BeamCandidate& s, const attnseq::Translator& translator) {
  const Tr t = &translator;
  json j = json::object();
  ATTNSEQ_CANDIDATE_FIELDS(ATTNSEQ_X)
  return j;
}

json control_ids_json(const attnseq::Translator& s) {
  const Tr t = &s;
  json j = json::object();
  ATTNSEQ_CONTROL_ID_FIELDS(ATTNSEQ_X)
  return j;
}

json config_json(const attnseq::ModelConfig& s) {
  const Tr t = nullptr;  // no config field is a piece
  json j = json::object();
  ATTNSEQ_CONFIG_FIELDS(ATTNSEQ_X)
  return j;
}

}  // namespace

json result_json(const attnseq::TranslationResult& s, const attnseq::Translator& translator) {
  const Tr t = &translator;
  json j = json::object();
  ATTNSEQ_RESULT_FIELDS(ATTNSEQ_X)
  return j;
}

json sensitivity_json(const attnseq::SensitivityResult& s, const attnseq::Translator& translator) {
  const Tr t = &translator;
  json j = json::object();
  ATTNSEQ_SENSITIVITY_FIELDS(ATTNSEQ_X)
  return j;
}

json info_json(const attnseq::Translator& s) {
  const Tr t = &s;
  json j = json::object();
  ATTNSEQ_MODEL_INFO_FIELDS(ATTNSEQ_X)
  return j;
}

#undef ATTNSEQ_X

json error_json(const std::string& code, const std::string& message) {
  return {{"error", {{"code", code}, {"message", message}}}};
}

}  // namespace attnseq_cli
