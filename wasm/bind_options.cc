#include "bind_options.h"

#include <cmath>
#include <string>
#include <vector>

#include "attnseq/core/errors.h"

namespace attnseq_wasm {
namespace {

using attnseq::DecodeOptions;
using attnseq::Error;
using attnseq::ErrorCode;
using emscripten::val;

enum class Kind { Int, Float, Bool, Seed, Strategy, Prefix };

// The JavaScript keys are the DecodeOptions fields in camelCase (beam_size -> beamSize): the names
// of errors from DecodeOptions::validate() are mapped the same way, by bind_errors.cc (js_field_name).
struct Field {
  const char* js;  // JavaScript key
  Kind kind;
};

const Field kFields[] = {
    {"strategy", Kind::Strategy},
    {"beamSize", Kind::Int},
    {"lengthPenalty", Kind::Float},
    {"numHypotheses", Kind::Int},
    {"temperature", Kind::Float},
    {"topK", Kind::Int},
    {"topP", Kind::Float},
    {"seed", Kind::Seed},
    {"maxLength", Kind::Int},
    {"maxLengthRatio", Kind::Float},
    {"maxLengthExtra", Kind::Int},
    {"prefix", Kind::Prefix},
    {"kvCache", Kind::Bool},
    {"alternatives", Kind::Int},
    {"returnAttention", Kind::Bool},
};

[[noreturn]] void bad(const std::string& message) { throw Error(ErrorCode::BadOption, message); }

std::string type_of(const val& v) {
  if (v.isNull()) return "null";
  if (v.isArray()) return "an array";
  return v.typeOf().as<std::string>();
}

std::string known_keys() {
  std::string s;
  for (const Field& f : kFields) s += std::string(s.empty() ? "" : ", ") + f.js;
  return s;
}

double finite_number(const Field& f, const val& v) {
  if (!v.isNumber()) bad(std::string("decoding option ") + f.js + " must be a number, got " + type_of(v));
  const double d = v.as<double>();
  if (!std::isfinite(d)) bad(std::string("decoding option ") + f.js + " must be a finite number");
  return d;
}

int integer(const Field& f, const val& v) {
  const double d = finite_number(f, v);
  if (d != std::floor(d)) bad(std::string("decoding option ") + f.js + " must be an integer, got " + std::to_string(d));
  if (d < -2147483648.0 || d > 2147483647.0)
    bad(std::string("decoding option ") + f.js + " = " + std::to_string(d) + " is out of range");
  return static_cast<int>(d);
}

std::vector<int> prefix_ids(const val& v, const attnseq::Translator& t) {
  if (v.isString()) return t.target_ids(v.as<std::string>());
  if (!v.isArray()) bad("decoding option prefix must be a string or an array of target token ids, got " + type_of(v));
  const int n = v["length"].as<int>();
  std::vector<int> ids;
  ids.reserve(n);
  for (int i = 0; i < n; ++i) {
    const val x = v[i];
    const Field f{"prefix[i]", Kind::Int};
    if (!x.isNumber() || !std::isfinite(x.as<double>()) || x.as<double>() != std::floor(x.as<double>()) ||
        std::fabs(x.as<double>()) > 2147483647.0)
      bad("decoding option prefix[" + std::to_string(i) + "] must be an integer token id, got " +
          (x.isNumber() ? std::to_string(x.as<double>()) : type_of(x)));
    ids.push_back(integer(f, x));
  }
  return ids;
}

void set_field(DecodeOptions& o, const Field& f, const val& v, const attnseq::Translator& t) {
  const std::string key = f.js;
  switch (f.kind) {
    case Kind::Strategy:
      if (!v.isString()) bad("decoding option strategy must be a string (greedy, beam or sample), got " + type_of(v));
      o.strategy = attnseq::parse_strategy(v.as<std::string>());
      return;
    case Kind::Bool:
      if (v.typeOf().as<std::string>() != "boolean")
        bad("decoding option " + key + " must be true or false, got " + type_of(v));
      (key == "kvCache" ? o.kv_cache : o.return_attention) = v.as<bool>();
      return;
    case Kind::Seed: {
      const double d = finite_number(f, v);
      if (d < 0 || d != std::floor(d) || d > 9007199254740991.0)
        bad("decoding option seed must be a non-negative safe integer, got " + std::to_string(d));
      o.seed = static_cast<uint64_t>(d);
      return;
    }
    case Kind::Prefix:
      o.prefix = prefix_ids(v, t);
      return;
    case Kind::Int: {
      const int x = integer(f, v);
      if (key == "beamSize") o.beam_size = x;
      else if (key == "numHypotheses") o.num_hypotheses = x;
      else if (key == "topK") o.top_k = x;
      else if (key == "maxLength") o.max_length = x;
      else if (key == "maxLengthExtra") o.max_length_extra = x;
      else if (key == "alternatives") o.alternatives = x;
      return;
    }
    case Kind::Float: {
      const float x = static_cast<float>(finite_number(f, v));
      if (key == "lengthPenalty") o.length_penalty = x;
      else if (key == "temperature") o.temperature = x;
      else if (key == "topP") o.top_p = x;
      else if (key == "maxLengthRatio") o.max_length_ratio = x;
      return;
    }
  }
}

}  // namespace

DecodeOptions decode_options_from_js(const val& js, const attnseq::Translator& t) {
  DecodeOptions o;
  if (js.isUndefined() || js.isNull()) {
    o.validate(t.info().config);
    return o;
  }
  if (js.typeOf().as<std::string>() != "object" || js.isArray())
    bad("decoding options must be an object, got " + type_of(js));
  const val keys = val::global("Object").call<val>("keys", js);
  const int n = keys["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const std::string key = keys[i].as<std::string>();
    const Field* field = nullptr;
    for (const Field& f : kFields)
      if (key == f.js) field = &f;
    if (!field) bad("unknown decoding option \"" + key + "\" (known: " + known_keys() + ")");
    const val v = js[key];
    if (v.isUndefined()) continue;
    set_field(o, *field, v, t);
  }
  o.validate(t.info().config);  // its errors name the C++ field: bind_errors.cc gives the JavaScript key
  return o;
}

}  // namespace attnseq_wasm
