#include "cli/json_out.h"

namespace attnseq_cli {

using nlohmann::json;

namespace {

json tokens_json(const std::vector<attnseq::Token>& tokens, bool spans) {
  json out = json::array();
  for (const auto& t : tokens) {
    json j = {{"id", t.id}, {"piece", t.piece}};
    if (spans) j["span"] = t.begin < 0 ? json(nullptr) : json::array({t.begin, t.end});
    out.push_back(j);
  }
  return out;
}

json trace_json(const attnseq::BeamTrace& trace) {
  json steps = json::array();
  for (const auto& step : trace.steps) {
    json s = json::array();
    for (const auto& c : step)
      s.push_back({{"parent", c.parent}, {"token", c.token}, {"logprob", c.logprob}, {"score", c.score},
                   {"kept", c.kept}, {"finished", c.finished}});
    steps.push_back(s);
  }
  return steps;
}

json steps_json(const std::vector<attnseq::StepEvent>& steps) {
  json out = json::array();
  for (const auto& s : steps) {
    json alts = json::array();
    for (const auto& a : s.alternatives) alts.push_back({{"id", a.first}, {"probability", a.second}});
    out.push_back({{"token", s.token}, {"probability", s.probability}, {"forced", s.forced}, {"end", s.end},
                   {"done", s.done}, {"alternatives", alts}});
  }
  return out;
}

}  // namespace

json result_json(const attnseq::TranslationResult& r) {
  json hyps = json::array();
  for (const auto& h : r.hypotheses) {
    hyps.push_back({{"text", h.text}, {"tokens", tokens_json(h.tokens, false)}, {"probabilities", h.probabilities},
                    {"score", h.score}, {"finished", h.finished}, {"attention", h.attention}});
    if (!h.steps.empty()) hyps.back()["steps"] = steps_json(h.steps);
  }
  json out = {{"source", tokens_json(r.source, true)}, {"hypotheses", hyps}, {"macs", r.macs}};
  if (!r.beam_trace.steps.empty()) out["beam_trace"] = trace_json(r.beam_trace);
  return out;
}

json info_json(const attnseq::ModelInfo& info) {
  json meta = json::object();
  for (const auto& kv : info.metadata)
    if (kv.first != "src_tokenizer" && kv.first != "tgt_tokenizer") meta[kv.first] = kv.second;
  return {{"name", info.name}, {"description", info.description}, {"arch", attnseq::arch_name(info.config.arch)},
          {"quantized", info.quantized}, {"metadata", meta}};
}

json error_json(const std::string& code, const std::string& message) {
  return {{"error", {{"code", code}, {"message", message}}}};
}

}  // namespace attnseq_cli
