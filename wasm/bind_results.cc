#include "bind_results.h"

#include <cmath>

namespace attnseq_wasm {

std::vector<int> utf16_offsets(const std::string& s) {
  std::vector<int> map(s.size() + 1, 0);
  int units = 0;
  size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    // Embind encodes JavaScript strings as UTF-8 (lone surrogates as 3-byte sequences), so lead
    // bytes tell the length; a stray continuation byte counts as one unit, like the decoder's U+FFFD.
    size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
    if (i + len > s.size()) len = s.size() - i;
    for (size_t k = 0; k < len; ++k) map[i + k] = units;
    units += len == 4 ? 2 : 1;
    i += len;
  }
  map[s.size()] = units;
  return map;
}

val float32_array(const float* data, size_t n) {
  // slice() copies out of the WebAssembly heap into a buffer of its own.
  return val(emscripten::typed_memory_view(n, data)).call<val>("slice");
}

namespace {

val token_to_js(const attnseq::Token& t) {
  val o = val::object();
  o.set("id", t.id);
  o.set("piece", t.piece);
  return o;
}

val number_array(const std::vector<float>& v) {
  val a = val::array();
  for (size_t i = 0; i < v.size(); ++i) a.set(i, v[i]);
  return a;
}

val beam_trace_to_js(const attnseq::BeamTrace& trace, const attnseq::Translator& t) {
  val steps = val::array();
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    val cands = val::array();
    const auto& step = trace.steps[s];
    for (size_t i = 0; i < step.size(); ++i) {
      const attnseq::BeamCandidate& c = step[i];
      val o = val::object();
      o.set("parent", c.parent);
      o.set("token", c.token);
      o.set("piece", t.target_token(c.token).piece);
      o.set("logprob", c.logprob);
      o.set("score", c.score);
      o.set("kept", c.kept);
      o.set("finished", c.finished);
      cands.set(i, o);
    }
    steps.set(s, cands);
  }
  return steps;
}

}  // namespace

val source_tokens_to_js(const std::vector<attnseq::Token>& tokens, const std::vector<int>& offsets) {
  val a = val::array();
  const int n = static_cast<int>(offsets.size()) - 1;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const attnseq::Token& t = tokens[i];
    val o = token_to_js(t);
    if (t.begin < 0 || t.end < t.begin || t.end > n) {
      o.set("span", val::null());
    } else {
      val span = val::array();
      span.set(0, offsets[t.begin]);
      span.set(1, offsets[t.end]);
      o.set("span", span);
    }
    a.set(i, o);
  }
  return a;
}

val target_tokens_to_js(const std::vector<attnseq::Token>& tokens) {
  val a = val::array();
  for (size_t i = 0; i < tokens.size(); ++i) a.set(i, token_to_js(tokens[i]));
  return a;
}

val matrix_to_js(const std::vector<std::vector<float>>& rows, int cols) {
  std::vector<float> flat;
  flat.reserve(rows.size() * static_cast<size_t>(cols));
  for (const auto& r : rows) {
    // Every row has cols entries; guard anyway so the shape fields never lie about the data.
    for (int c = 0; c < cols; ++c) flat.push_back(c < static_cast<int>(r.size()) ? r[c] : 0.0f);
  }
  val o = val::object();
  o.set("data", float32_array(flat.data(), flat.size()));
  o.set("rows", static_cast<int>(rows.size()));
  o.set("cols", cols);
  return o;
}

val attention_stack_to_js(const attnseq::AttentionStack& s) {
  if (s.data.empty()) return val::null();
  val o = val::object();
  o.set("data", float32_array(s.data.data(), s.data.size()));
  o.set("layers", s.layers);
  o.set("heads", s.heads);
  o.set("rows", s.queries);
  o.set("cols", s.keys);
  return o;
}

val attention_values_to_js(const std::vector<attnseq::Matrix>& values) {
  val layers = val::array();
  for (size_t l = 0; l < values.size(); ++l) {
    val m = val::object();
    m.set("data", float32_array(values[l].data(), static_cast<size_t>(values[l].size())));
    m.set("rows", static_cast<int>(values[l].rows()));
    m.set("cols", static_cast<int>(values[l].cols()));
    layers.set(l, m);
  }
  return layers;
}

namespace {

// A step's [1, layers, heads, 1, cols] stack as {data, layers, heads, cols}; null when empty.
val step_stack_to_js(const attnseq::AttentionStack& s) {
  if (s.data.empty()) return val::null();
  val o = val::object();
  o.set("data", float32_array(s.data.data(), s.data.size()));
  o.set("layers", s.layers);
  o.set("heads", s.heads);
  o.set("cols", s.keys);
  return o;
}

}  // namespace

val hypothesis_to_js(const attnseq::TranslationHypothesis& h, int src_len, const attnseq::Translator& t) {
  val o = val::object();
  o.set("text", h.text);
  o.set("tokens", target_tokens_to_js(h.tokens));
  o.set("scores", number_array(h.logprobs));
  o.set("probabilities", number_array(h.probabilities));
  o.set("score", h.score);
  o.set("finished", h.finished);
  o.set("attention", matrix_to_js(h.attention, src_len));
  if (!h.steps.empty()) {
    val steps = val::array();
    std::vector<int> prefix;
    for (size_t i = 0; i < h.steps.size(); ++i) {
      prefix.push_back(h.steps[i].token);
      steps.set(i, step_to_js(h.steps[i], t.detokenize(prefix), t));
    }
    o.set("steps", steps);
  }
  return o;
}

val result_to_js(const attnseq::TranslationResult& r, const attnseq::Translator& t, const std::vector<int>& offsets) {
  const int src_len = static_cast<int>(r.source.size());
  val hyps = val::array();
  for (size_t i = 0; i < r.hypotheses.size(); ++i) hyps.set(i, hypothesis_to_js(r.hypotheses[i], src_len, t));
  // The best hypothesis is spread at the top level; empty input gives an empty one.
  val o = r.hypotheses.empty() ? hypothesis_to_js(attnseq::TranslationHypothesis{}, src_len, t) : hyps[0];
  o = val::global("Object").call<val>("assign", val::object(), o);
  if (r.hypotheses.empty()) o.set("finished", true);
  o.set("sourceTokens", source_tokens_to_js(r.source, offsets));
  o.set("hypotheses", hyps);
  if (!r.beam_trace.steps.empty()) o.set("beamTrace", beam_trace_to_js(r.beam_trace, t));
  o.set("encoderAttention", attention_stack_to_js(r.encoder_attention));
  o.set("attentionValues", attention_values_to_js(r.attention_values));
  o.set("encoderMacs", static_cast<double>(r.encode_macs));
  o.set("macs", static_cast<double>(r.macs));
  return o;
}

val step_to_js(const attnseq::StepEvent& ev, const std::string& text, const attnseq::Translator& t) {
  val o = val::object();
  o.set("step", ev.step);
  o.set("token", token_to_js(t.target_token(ev.token)));
  o.set("text", text);
  o.set("probability", ev.probability);
  o.set("forced", ev.forced);
  o.set("end", ev.end);
  o.set("done", ev.done);
  val alts = val::array();
  for (size_t i = 0; i < ev.alternatives.size(); ++i) {
    val a = token_to_js(t.target_token(ev.alternatives[i].first));
    a.set("probability", ev.alternatives[i].second);
    alts.set(i, a);
  }
  o.set("alternatives", alts);
  if (!ev.sampled.empty()) o.set("sampled", float32_array(ev.sampled.data(), ev.sampled.size()));
  o.set("crossAttention", step_stack_to_js(ev.cross_attention));  // [layers][heads][cols] for this one query
  o.set("crossScores", step_stack_to_js(ev.cross_scores));
  o.set("context", step_stack_to_js(ev.cross_context));          // [layers][1][C]
  o.set("alignment", float32_array(ev.alignment.data(), ev.alignment.size()));
  o.set("macs", static_cast<double>(ev.macs));
  return o;
}

}  // namespace attnseq_wasm
