#include "bind_records.h"

#include <emscripten/bind.h>

#include <optional>
#include <utility>

#include "attnseq/records.h"
#include "bind_errors.h"

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

namespace {

using attnseq::FieldKind;

// What the writers need besides the value: pieces (the translator), UTF-16 spans (the offsets of the
// text, when the record has source tokens), the source length (the columns of a hypothesis's attention).
struct Ctx {
  const attnseq::Translator* t;
  const std::vector<int>* offsets = nullptr;
  int src_len = 0;
};

// A Float32Array holding a copy of n floats (slice() copies out of the WebAssembly heap).
val float32_array(const float* data, size_t n) {
  return val(emscripten::typed_memory_view(n, data)).call<val>("slice");
}

// Plain records registered as value_objects below: Embind turns them into plain objects.
struct JsToken {
  int id = 0;
  std::string piece;
};
struct JsAlternative {
  int id = 0;
  std::string piece;
  float probability = 0;
};

template <typename T>
val array_of(const std::vector<T>& items) {
  val a = val::array();
  for (size_t i = 0; i < items.size(); ++i) a.set(i, val(items[i]));
  return a;
}

val step_record(const attnseq::TranslationStep& s, const Ctx& c);
val hypothesis_record(const attnseq::TranslationHypothesis& s, const Ctx& c);
val candidate_record(const attnseq::BeamCandidate& s, const Ctx& c);
val config_record(const attnseq::ModelConfig& s);
val control_ids_record(const attnseq::Translator& s);

// Js<K>: the member type a field of kind K has in a record, and of(value, ctx) making it. A kind
// without a specialization fails the build.
template <FieldKind K>
struct Js;

template <>
struct Js<FieldKind::Int> {
  using type = int;
  static int of(int v, const Ctx&) { return v; }
};
template <>
struct Js<FieldKind::Float> {
  using type = float;
  static float of(float v, const Ctx&) { return v; }
};
template <>
struct Js<FieldKind::Count> {
  using type = double;
  static double of(uint64_t v, const Ctx&) { return static_cast<double>(v); }
};
template <>
struct Js<FieldKind::Bool> {
  using type = bool;
  static bool of(bool v, const Ctx&) { return v; }
};
template <>
struct Js<FieldKind::Text> {
  using type = std::string;
  static std::string of(const std::string& v, const Ctx&) { return v; }
};
template <>
struct Js<FieldKind::Piece> {
  using type = std::string;
  static std::string of(int id, const Ctx& c) { return c.t->target_token(id).piece; }
};
template <>
struct Js<FieldKind::Token> {
  using type = JsToken;
  static JsToken of(int id, const Ctx& c) { return {id, c.t->target_token(id).piece}; }
};
template <>
struct Js<FieldKind::Tokens> {
  using type = val;
  static val of(const std::vector<attnseq::Token>& v, const Ctx&) {
    std::vector<JsToken> out;
    for (const attnseq::Token& t : v) out.push_back({t.id, t.piece});
    return array_of(out);
  }
};
template <>
struct Js<FieldKind::SourceTokens> {
  using type = val;
  static val of(const std::vector<attnseq::Token>& v, const Ctx& c) { return source_tokens_to_js(v, *c.offsets); }
};
template <>
struct Js<FieldKind::Alternatives> {
  using type = val;
  static val of(const std::vector<std::pair<int, float>>& v, const Ctx& c) {
    std::vector<JsAlternative> out;
    for (const auto& [id, p] : v) out.push_back({id, c.t->target_token(id).piece, p});
    return array_of(out);
  }
};
template <>
struct Js<FieldKind::Numbers> {
  using type = val;
  static val of(const std::vector<float>& v, const Ctx&) {
    val a = val::array();
    for (size_t i = 0; i < v.size(); ++i) a.set(i, v[i]);
    return a;
  }
};
template <>
struct Js<FieldKind::Floats> {
  using type = val;
  static val of(const std::vector<float>& v, const Ctx&) { return float32_array(v.data(), v.size()); }
};
template <>
struct Js<FieldKind::OptFloats> {
  using type = val;
  static val of(const std::vector<float>& v, const Ctx&) { return v.empty() ? val::null() : float32_array(v.data(), v.size()); }
};
template <>
struct Js<FieldKind::StepStack> {
  using type = val;
  static val of(const attnseq::AttentionStack& s, const Ctx&) {
    if (s.data.empty()) return val::null();
    val o = val::object();
    o.set("data", float32_array(s.data.data(), s.data.size()));
    o.set("layers", s.layers);
    o.set("heads", s.heads);
    o.set("cols", s.keys);
    return o;
  }
};
template <>
struct Js<FieldKind::Stack> {
  using type = val;
  static val of(const attnseq::AttentionStack& s, const Ctx&) {
    if (s.data.empty()) return val::null();
    val o = val::object();
    o.set("data", float32_array(s.data.data(), s.data.size()));
    o.set("layers", s.layers);
    o.set("heads", s.heads);
    o.set("rows", s.queries);
    o.set("cols", s.keys);
    return o;
  }
};
template <>
struct Js<FieldKind::Table> {
  using type = val;
  static val of(const std::vector<std::vector<float>>& rows, const Ctx&) {
    const size_t cols = rows.empty() ? 0 : rows[0].size();
    std::vector<float> flat;
    flat.reserve(rows.size() * cols);
    for (const auto& r : rows)
      for (size_t j = 0; j < cols; ++j) flat.push_back(j < r.size() ? r[j] : 0.0f);
    val o = val::object();
    o.set("data", float32_array(flat.data(), flat.size()));
    o.set("rows", static_cast<int>(rows.size()));
    o.set("cols", static_cast<int>(cols));
    return o;
  }
};
template <>
struct Js<FieldKind::Rows> {
  using type = val;
  static val of(const std::vector<std::vector<float>>& rows, const Ctx& c) {
    const int cols = c.src_len;
    std::vector<float> flat;
    flat.reserve(rows.size() * static_cast<size_t>(cols));
    // Every row has cols entries; guard anyway so the shape fields never lie about the data.
    for (const auto& r : rows)
      for (int j = 0; j < cols; ++j) flat.push_back(j < static_cast<int>(r.size()) ? r[j] : 0.0f);
    val o = val::object();
    o.set("data", float32_array(flat.data(), flat.size()));
    o.set("rows", static_cast<int>(rows.size()));
    o.set("cols", cols);
    return o;
  }
};
template <>
struct Js<FieldKind::Matrices> {
  using type = val;
  static val of(const std::vector<attnseq::Matrix>& v, const Ctx&) {
    val layers = val::array();
    for (size_t l = 0; l < v.size(); ++l) {
      val m = val::object();
      m.set("data", float32_array(v[l].data(), static_cast<size_t>(v[l].size())));
      m.set("rows", static_cast<int>(v[l].rows()));
      m.set("cols", static_cast<int>(v[l].cols()));
      layers.set(l, m);
    }
    return layers;
  }
};
template <>
struct Js<FieldKind::Steps> {
  using type = val;
  static val of(const std::vector<attnseq::TranslationStep>& v, const Ctx& c) {
    if (v.empty()) return val::null();
    val a = val::array();
    for (size_t i = 0; i < v.size(); ++i) a.set(i, step_record(v[i], c));
    return a;
  }
};
template <>
struct Js<FieldKind::Hypotheses> {
  using type = val;
  static val of(const std::vector<attnseq::TranslationHypothesis>& v, const Ctx& c) {
    val a = val::array();
    for (size_t i = 0; i < v.size(); ++i) a.set(i, hypothesis_record(v[i], c));
    return a;
  }
};
template <>
struct Js<FieldKind::Trace> {
  using type = val;
  static val of(const attnseq::BeamTrace& trace, const Ctx& c) {
    if (trace.steps.empty()) return val::null();
    val steps = val::array();
    for (size_t s = 0; s < trace.steps.size(); ++s) {
      val cands = val::array();
      for (size_t i = 0; i < trace.steps[s].size(); ++i) cands.set(i, candidate_record(trace.steps[s][i], c));
      steps.set(s, cands);
    }
    return steps;
  }
};
template <>
struct Js<FieldKind::Config> {
  using type = val;
  static val of(const attnseq::ModelConfig& v, const Ctx&) { return config_record(v); }
};
template <>
struct Js<FieldKind::ControlIds> {
  using type = val;
  static val of(const attnseq::Translator& v, const Ctx&) { return control_ids_record(v); }
};
template <>
struct Js<FieldKind::Metadata> {
  using type = val;
  static val of(const std::map<std::string, std::string>& v, const Ctx&) {
    val meta = val::object();
    for (const auto& kv : v)
      if (attnseq::reported_metadata(kv.first)) meta.set(kv.first, kv.second);
    return meta;
  }
};
template <>
struct Js<FieldKind::Arch> {
  using type = std::string;
  static std::string of(attnseq::Arch v, const Ctx&) { return attnseq::arch_name(v); }
};
// Optional fields: the config alone has them, and it is built as an object of the present fields only
// (a value_object always has every field). `of` gives undefined for an absent one.
template <>
struct Js<FieldKind::OptInt> {
  using type = val;
  static val of(std::optional<int> v, const Ctx&) { return v ? val(*v) : val::undefined(); }
};
template <>
struct Js<FieldKind::OptInts> {
  using type = val;
  static val of(const std::optional<std::vector<int>>& v, const Ctx&) {
    if (!v) return val::undefined();
    val a = val::array();
    for (size_t i = 0; i < v->size(); ++i) a.set(i, (*v)[i]);
    return a;
  }
};
template <>
struct Js<FieldKind::OptAttention> {
  using type = val;
  static val of(std::optional<attnseq::AttentionKind> v, const Ctx&) {
    return v ? val(std::string(attnseq::attention_name(*v))) : val::undefined();
  }
};

// The records, one member per field of their list (a val has no default: undefined until filled).
template <typename T>
T blank() {
  return T{};
}
template <>
val blank<val>() {
  return val::undefined();
}
#define ATTNSEQ_MEMBER(name, kind, value, doc) Js<FieldKind::kind>::type name = blank<Js<FieldKind::kind>::type>();
struct JsStep {
  ATTNSEQ_STEP_FIELDS(ATTNSEQ_MEMBER)
};
struct JsHypothesis {
  ATTNSEQ_HYPOTHESIS_FIELDS(ATTNSEQ_MEMBER)
};
struct JsResult {
  ATTNSEQ_RESULT_FIELDS(ATTNSEQ_MEMBER)
};
struct JsCandidate {
  ATTNSEQ_CANDIDATE_FIELDS(ATTNSEQ_MEMBER)
};
struct JsSource {
  ATTNSEQ_SOURCE_FIELDS(ATTNSEQ_MEMBER)
};
struct JsInfo {
  ATTNSEQ_MODEL_INFO_FIELDS(ATTNSEQ_MEMBER)
};
struct JsSensitivity {
  ATTNSEQ_SENSITIVITY_FIELDS(ATTNSEQ_MEMBER)
};
struct JsControlIds {
  ATTNSEQ_CONTROL_ID_FIELDS(ATTNSEQ_MEMBER)
};
#undef ATTNSEQ_MEMBER

#define ATTNSEQ_FILL(name, kind, value, doc) r.name = Js<FieldKind::kind>::of(value, c);

val step_record(const attnseq::TranslationStep& s, const Ctx& c) {
  JsStep r;
  ATTNSEQ_STEP_FIELDS(ATTNSEQ_FILL)
  return val(std::move(r));
}

val hypothesis_record(const attnseq::TranslationHypothesis& s, const Ctx& c) {
  JsHypothesis r;
  ATTNSEQ_HYPOTHESIS_FIELDS(ATTNSEQ_FILL)
  return val(std::move(r));
}

val candidate_record(const attnseq::BeamCandidate& s, const Ctx& c) {
  JsCandidate r;
  ATTNSEQ_CANDIDATE_FIELDS(ATTNSEQ_FILL)
  return val(std::move(r));
}

val control_ids_record(const attnseq::Translator& s) {
  const Ctx c{&s};
  JsControlIds r;
  ATTNSEQ_CONTROL_ID_FIELDS(ATTNSEQ_FILL)
  return val(std::move(r));
}

#undef ATTNSEQ_FILL

// The config: a plain object of the fields present (those of the other architecture are left out).
val config_record(const attnseq::ModelConfig& s) {
  const Ctx c{nullptr};  // no config field needs the translator
  val o = val::object();
#define ATTNSEQ_PUT(name, kind, value, doc)                    \
  {                                                          \
    const val v(Js<FieldKind::kind>::of(value, c));          \
    if (!v.isUndefined()) o.set(js_field_name(#name), v);    \
  }
  ATTNSEQ_CONFIG_FIELDS(ATTNSEQ_PUT)
#undef ATTNSEQ_PUT
  return o;
}

}  // namespace

val source_tokens_to_js(const std::vector<attnseq::Token>& tokens, const std::vector<int>& offsets) {
  val a = val::array();
  const int n = static_cast<int>(offsets.size()) - 1;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const attnseq::Token& t = tokens[i];
    val o = val::object();
    o.set("id", t.id);
    o.set("piece", t.piece);
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

val result_to_js(const attnseq::TranslationResult& s, const attnseq::Translator& t, const std::vector<int>& offsets) {
  const Ctx c{&t, &offsets, static_cast<int>(s.source.size())};
  // The best hypothesis is spread at the top level; empty input gives an empty, finished one.
  attnseq::TranslationHypothesis none;
  none.finished = true;
  val o = hypothesis_record(s.hypotheses.empty() ? none : s.hypotheses[0], c);
  JsResult r;
#define ATTNSEQ_FILL(name, kind, value, doc) r.name = Js<FieldKind::kind>::of(value, c);
  ATTNSEQ_RESULT_FIELDS(ATTNSEQ_FILL)
#undef ATTNSEQ_FILL
  return val::global("Object").call<val>("assign", o, val(std::move(r)));
}

val step_to_js(const attnseq::TranslationStep& s, const attnseq::Translator& t) { return step_record(s, Ctx{&t}); }

val source_to_js(const attnseq::TranslationSession& s, const attnseq::Translator& t, const std::vector<int>& offsets) {
  const Ctx c{&t, &offsets, static_cast<int>(s.source().size())};
  JsSource r;
#define ATTNSEQ_FILL(name, kind, value, doc) r.name = Js<FieldKind::kind>::of(value, c);
  ATTNSEQ_SOURCE_FIELDS(ATTNSEQ_FILL)
#undef ATTNSEQ_FILL
  return val(std::move(r));
}

val sensitivity_to_js(const attnseq::SensitivityResult& s, const attnseq::Translator& t,
                      const std::vector<int>& offsets) {
  const Ctx c{&t, &offsets, static_cast<int>(s.source.size())};
  JsSensitivity r;
#define ATTNSEQ_FILL(name, kind, value, doc) r.name = Js<FieldKind::kind>::of(value, c);
  ATTNSEQ_SENSITIVITY_FIELDS(ATTNSEQ_FILL)
#undef ATTNSEQ_FILL
  return val(std::move(r));
}

val info_to_js(const attnseq::Translator& s) {
  const Ctx c{&s};
  JsInfo r;
#define ATTNSEQ_FILL(name, kind, value, doc) r.name = Js<FieldKind::kind>::of(value, c);
  ATTNSEQ_MODEL_INFO_FIELDS(ATTNSEQ_FILL)
#undef ATTNSEQ_FILL
  return val(std::move(r));
}

namespace {

// The lists themselves (describe_records()), names in camelCase: what scripts/gen_dts.mjs writes
// index.d.ts from.
val record_fields() {
  val lists = val::global("JSON").call<val>("parse", attnseq::describe_records());
  const val keys = val::global("Object").call<val>("keys", lists);
  for (int k = 0; k < keys["length"].as<int>(); ++k) {
    val list = lists[keys[k]];
    for (int i = 0; i < list["length"].as<int>(); ++i) list[i].set("name", js_field_name(list[i]["name"].as<std::string>()));
  }
  return lists;
}

template <typename R, typename M>
void field(emscripten::value_object<R>& o, const char* name, M R::*member) {
  o.field(js_field_name(name).c_str(), member);
}

}  // namespace

EMSCRIPTEN_BINDINGS(attnseq_records) {
  emscripten::value_object<JsToken>("Token").field("id", &JsToken::id).field("piece", &JsToken::piece);
  emscripten::value_object<JsAlternative>("Alternative")
      .field("id", &JsAlternative::id)
      .field("piece", &JsAlternative::piece)
      .field("probability", &JsAlternative::probability);
#define ATTNSEQ_RECORD(Struct, jsname, FIELDS)                           \
  {                                                                      \
    using S = Struct;                                                    \
    emscripten::value_object<S> o(jsname);                               \
    FIELDS(ATTNSEQ_FIELD)                                                \
  }
#define ATTNSEQ_FIELD(name, kind, value, doc) field(o, #name, &S::name);
  ATTNSEQ_RECORD(JsStep, "Step", ATTNSEQ_STEP_FIELDS)
  ATTNSEQ_RECORD(JsHypothesis, "Hypothesis", ATTNSEQ_HYPOTHESIS_FIELDS)
  ATTNSEQ_RECORD(JsResult, "Result", ATTNSEQ_RESULT_FIELDS)
  ATTNSEQ_RECORD(JsCandidate, "BeamCandidate", ATTNSEQ_CANDIDATE_FIELDS)
  ATTNSEQ_RECORD(JsSource, "GenerationSource", ATTNSEQ_SOURCE_FIELDS)
  ATTNSEQ_RECORD(JsInfo, "ModelInfo", ATTNSEQ_MODEL_INFO_FIELDS)
  ATTNSEQ_RECORD(JsSensitivity, "Sensitivity", ATTNSEQ_SENSITIVITY_FIELDS)
  ATTNSEQ_RECORD(JsControlIds, "ControlIds", ATTNSEQ_CONTROL_ID_FIELDS)
#undef ATTNSEQ_FIELD
#undef ATTNSEQ_RECORD
  emscripten::function("recordFields", &record_fields);
}

}  // namespace attnseq_wasm
