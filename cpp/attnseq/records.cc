#include "attnseq/records.h"

#include <nlohmann/json.hpp>

namespace attnseq {
namespace {

// The names an enum-valued field takes.
nlohmann::json choices(FieldKind kind) {
  nlohmann::json out = nlohmann::json::array();
  if (kind == FieldKind::Arch)
    for (Arch a : {Arch::Rnn, Arch::Transformer, Arch::Conv}) out.push_back(arch_name(a));
  if (kind == FieldKind::OptAttention)
    for (AttentionKind a : {AttentionKind::None, AttentionKind::Additive, AttentionKind::Dot, AttentionKind::General,
                            AttentionKind::ScaledDot})
      out.push_back(attention_name(a));
  return out;
}

nlohmann::json field(const char* name, FieldKind kind, const char* doc) {
  nlohmann::json f = {{"name", name}, {"kind", field_kind_name(kind)}, {"doc", doc}};
  nlohmann::json c = choices(kind);
  if (!c.empty()) f["choices"] = c;
  return f;
}

}  // namespace

const char* field_kind_name(FieldKind kind) {
  switch (kind) {
    case FieldKind::Int: return "int";
    case FieldKind::Float: return "float";
    case FieldKind::Count: return "count";
    case FieldKind::Bool: return "bool";
    case FieldKind::Text: return "text";
    case FieldKind::Piece: return "piece";
    case FieldKind::Token: return "token";
    case FieldKind::Tokens: return "tokens";
    case FieldKind::SourceTokens: return "source_tokens";
    case FieldKind::Alternatives: return "alternatives";
    case FieldKind::Numbers: return "numbers";
    case FieldKind::Floats: return "floats";
    case FieldKind::OptFloats: return "opt_floats";
    case FieldKind::StepStack: return "step_stack";
    case FieldKind::Stack: return "stack";
    case FieldKind::Table: return "table";
    case FieldKind::Rows: return "rows";
    case FieldKind::Matrices: return "matrices";
    case FieldKind::Steps: return "steps";
    case FieldKind::Hypotheses: return "hypotheses";
    case FieldKind::Trace: return "trace";
    case FieldKind::Config: return "config";
    case FieldKind::ControlIds: return "control_ids";
    case FieldKind::Metadata: return "metadata";
    case FieldKind::Arch: return "arch";
    case FieldKind::OptInt: return "opt_int";
    case FieldKind::OptInts: return "opt_ints";
    case FieldKind::OptAttention: return "opt_attention";
  }
  return "int";
}

std::optional<int> max_positions(const ModelConfig& c) {
  if (c.arch == Arch::Transformer) return c.transformer.max_positions;
  if (c.arch == Arch::Conv) return c.conv.max_positions;
  return std::nullopt;
}

std::optional<std::vector<int>> receptive_fields(const ModelConfig& c) {
  if (c.arch != Arch::Conv) return std::nullopt;
  std::vector<int> field;  // after layer l = 1..L
  for (int l = 1; l <= c.conv.layers; ++l) field.push_back(c.conv.receptive_field(l));
  return field;
}

std::string describe_records() {
  nlohmann::json out = nlohmann::json::object();
#define ATTNSEQ_X(name, kind, value, doc) list.push_back(field(#name, FieldKind::kind, doc));
#define ATTNSEQ_LIST(key, FIELDS)         \
  {                                       \
    nlohmann::json list = nlohmann::json::array(); \
    FIELDS(ATTNSEQ_X)                     \
    out[key] = std::move(list);           \
  }
  ATTNSEQ_LIST("step", ATTNSEQ_STEP_FIELDS)
  ATTNSEQ_LIST("hypothesis", ATTNSEQ_HYPOTHESIS_FIELDS)
  ATTNSEQ_LIST("result", ATTNSEQ_RESULT_FIELDS)
  ATTNSEQ_LIST("candidate", ATTNSEQ_CANDIDATE_FIELDS)
  ATTNSEQ_LIST("source", ATTNSEQ_SOURCE_FIELDS)
  ATTNSEQ_LIST("sensitivity", ATTNSEQ_SENSITIVITY_FIELDS)
  ATTNSEQ_LIST("model_info", ATTNSEQ_MODEL_INFO_FIELDS)
  ATTNSEQ_LIST("control_ids", ATTNSEQ_CONTROL_ID_FIELDS)
  ATTNSEQ_LIST("config", ATTNSEQ_CONFIG_FIELDS)
#undef ATTNSEQ_LIST
#undef ATTNSEQ_X
  return out.dump();
}

}  // namespace attnseq
