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

// [layers][heads][keys] of a one-row, one-query stack (a step's cross-attention, its scores, its context).
json heads_json(const attnseq::AttentionStack& a) {
  json layers = json::array();
  for (int l = 0; l < a.layers; ++l) {
    json heads = json::array();
    for (int h = 0; h < a.heads; ++h) heads.push_back(std::vector<float>(a.at(0, l, h), a.at(0, l, h) + a.keys));
    layers.push_back(std::move(heads));
  }
  return layers;
}

// [layers][heads][queries][keys]: the encoder's self-attention.
json self_json(const attnseq::AttentionStack& a) {
  json layers = json::array();
  for (int l = 0; l < a.layers; ++l) {
    json heads = json::array();
    for (int h = 0; h < a.heads; ++h) {
      json rows = json::array();
      for (int q = 0; q < a.queries; ++q) rows.push_back(std::vector<float>(a.at(0, l, h, q), a.at(0, l, h, q) + a.keys));
      heads.push_back(std::move(rows));
    }
    layers.push_back(std::move(heads));
  }
  return layers;
}

// attention: the step's attention records (alignment, weights, scores, context), as --return-attention asks.
json steps_json(const std::vector<attnseq::StepEvent>& steps, const attnseq::Translator& t, bool attention) {
  json out = json::array();
  for (const auto& s : steps) {
    json alts = json::array();
    for (size_t i = 0; i < s.alternatives.size(); ++i) {
      const auto& a = s.alternatives[i];
      alts.push_back({{"id", a.first}, {"piece", t.target_token(a.first).piece}, {"probability", a.second}});
      if (i < s.sampled.size()) alts.back()["sampled"] = s.sampled[i];
    }
    json j = {{"token", s.token}, {"piece", t.target_token(s.token).piece}, {"probability", s.probability},
              {"forced", s.forced}, {"end", s.end}, {"done", s.done}, {"alternatives", alts}, {"macs", s.macs}};
    if (!attention) {
      out.push_back(std::move(j));
      continue;
    }
    if (!s.alignment.empty()) j["alignment"] = s.alignment;
    if (!s.cross_attention.data.empty()) j["cross_attention"] = heads_json(s.cross_attention);
    if (!s.cross_scores.data.empty()) j["cross_scores"] = heads_json(s.cross_scores);     // before the softmax
    if (!s.cross_context.data.empty()) j["context"] = heads_json(s.cross_context);        // [layers][1][C]
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace

json result_json(const attnseq::TranslationResult& r, const attnseq::Translator& t, bool attention) {
  json hyps = json::array();
  for (const auto& h : r.hypotheses) {
    hyps.push_back({{"text", h.text}, {"tokens", tokens_json(h.tokens, false)}, {"probabilities", h.probabilities},
                    {"score", h.score}, {"finished", h.finished}, {"attention", h.attention}});
    if (!h.steps.empty()) hyps.back()["steps"] = steps_json(h.steps, t, attention);
  }
  json out = {{"source", tokens_json(r.source, true)}, {"hypotheses", hyps}, {"macs", r.macs}};
  if (!r.beam_trace.steps.empty()) out["beam_trace"] = trace_json(r.beam_trace);
  if (!r.encoder_attention.data.empty()) out["encoder_attention"] = self_json(r.encoder_attention);
  return out;
}

json info_json(const attnseq::ModelInfo& info) {
  json meta = json::object();
  for (const auto& kv : info.metadata)
    if (kv.first != "src_tokenizer" && kv.first != "tgt_tokenizer") meta[kv.first] = kv.second;
  json out = {{"name", info.name}, {"description", info.description}, {"arch", attnseq::arch_name(info.config.arch)},
              {"quantized", info.quantized}, {"metadata", meta}};
  if (info.config.arch == attnseq::Arch::Conv) {  // the encoder's windows, layer by layer
    const attnseq::ConvConfig& c = info.config.conv;
    json field = json::array();  // tokens a position sees after layer l = 1..L
    for (int l = 1; l <= c.layers; ++l) field.push_back(c.receptive_field(l));
    out["conv"] = {{"kernel", c.kernel}, {"layers", c.layers}, {"receptive_field", field}};
  }
  return out;
}

json error_json(const std::string& code, const std::string& message) {
  return {{"error", {{"code", code}, {"message", message}}}};
}

}  // namespace attnseq_cli
