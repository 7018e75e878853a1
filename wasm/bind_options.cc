// JavaScript options object → DecodeOptions, driven by attnseq::option_table(): the keys are the
// table's names in camelCase (js_field_name: beam_size → beamSize), the checks follow each option's
// kind; ranges are checked once, by DecodeOptions::validate(). decodingOptions() gives JavaScript the
// table itself (names in camelCase), for its defaults, forms and widget attributes.
#include "bind_options.h"

#include <emscripten/bind.h>

#include <cmath>
#include <string>
#include <vector>

#include "attnseq/core/errors.h"
#include "bind_errors.h"

namespace attnseq_wasm {
namespace {

using attnseq::DecodeOptions;
using attnseq::Error;
using attnseq::ErrorCode;
using attnseq::OptionKind;
using attnseq::OptionSpec;
using emscripten::val;

[[noreturn]] void bad(const std::string& message) { throw Error(ErrorCode::BadOption, message); }

std::string type_of(const val& v) {
  if (v.isNull()) return "null";
  if (v.isArray()) return "an array";
  return v.typeOf().as<std::string>();
}

std::string known_keys() {
  std::string s;
  for (const OptionSpec& f : attnseq::option_table()) s += (s.empty() ? "" : ", ") + js_field_name(f.name);
  return s;
}

double finite_number(const std::string& key, const val& v) {
  if (!v.isNumber()) bad("decoding option " + key + " must be a number, got " + type_of(v));
  const double d = v.as<double>();
  if (!std::isfinite(d)) bad("decoding option " + key + " must be a finite number");
  return d;
}

double integer(const std::string& key, const val& v, double lo, double hi) {
  const double d = finite_number(key, v);
  if (d != std::floor(d)) bad("decoding option " + key + " must be an integer, got " + std::to_string(d));
  if (d < lo || d > hi) bad("decoding option " + key + " = " + std::to_string(d) + " is out of range");
  return d;
}

std::vector<int> prefix_ids(const val& v, const attnseq::Translator& t) {
  if (v.isString()) return t.target_ids(v.as<std::string>());
  if (!v.isArray()) bad("decoding option prefix must be a string or an array of target token ids, got " + type_of(v));
  const int n = v["length"].as<int>();
  std::vector<int> ids;
  ids.reserve(n);
  for (int i = 0; i < n; ++i) {
    const val x = v[i];
    if (!x.isNumber() || !std::isfinite(x.as<double>()) || x.as<double>() != std::floor(x.as<double>()) ||
        std::fabs(x.as<double>()) > 2147483647.0)
      bad("decoding option prefix[" + std::to_string(i) + "] must be an integer token id, got " +
          (x.isNumber() ? std::to_string(x.as<double>()) : type_of(x)));
    ids.push_back(static_cast<int>(x.as<double>()));
  }
  return ids;
}

// An integer of a list, or the error naming key[i].
int list_integer(const std::string& where, const val& x) {
  if (!x.isNumber() || !std::isfinite(x.as<double>()) || x.as<double>() != std::floor(x.as<double>()) ||
      std::fabs(x.as<double>()) > 2147483647.0)
    bad("decoding option " + where + " must be an integer, got " + (x.isNumber() ? std::to_string(x.as<double>()) : type_of(x)));
  return static_cast<int>(x.as<double>());
}

// sourceMask: [position, ...] (0-based source positions).
std::vector<int> positions(const std::string& key, const val& v) {
  if (!v.isArray()) bad("decoding option " + key + " must be an array of source positions (0-based), got " + type_of(v));
  const int n = v["length"].as<int>();
  std::vector<int> out;
  for (int i = 0; i < n; ++i) out.push_back(list_integer(key + "[" + std::to_string(i) + "]", v[i]));
  return out;
}

// headMask: [{layer, head}, ...] (0-based).
std::vector<attnseq::HeadRef> heads(const std::string& key, const val& v) {
  if (!v.isArray()) bad("decoding option " + key + " must be an array of {layer, head} objects (0-based), got " + type_of(v));
  const int n = v["length"].as<int>();
  std::vector<attnseq::HeadRef> out;
  for (int i = 0; i < n; ++i) {
    const std::string at = key + "[" + std::to_string(i) + "]";
    const val x = v[i];
    if (x.typeOf().as<std::string>() != "object" || x.isNull() || x.isArray())
      bad("decoding option " + at + " must be a {layer, head} object (0-based), got " + type_of(x));
    out.push_back({list_integer(at + ".layer", x["layer"]), list_integer(at + ".head", x["head"])});
  }
  return out;
}

void set_field(DecodeOptions& o, const OptionSpec& f, const std::string& key, const val& v, const attnseq::Translator& t) {
  switch (f.kind) {
    case OptionKind::Strategy:
      if (!v.isString()) bad("decoding option " + key + " must be a string (greedy, beam or sample), got " + type_of(v));
      f.set_text(o, v.as<std::string>());
      return;
    case OptionKind::Bool:
      if (v.typeOf().as<std::string>() != "boolean") bad("decoding option " + key + " must be true or false, got " + type_of(v));
      f.set_number(o, v.as<bool>() ? 1 : 0);
      return;
    case OptionKind::Seed: {
      const double d = finite_number(key, v);
      if (d < 0 || d != std::floor(d) || d > f.max)
        bad("decoding option " + key + " must be a non-negative safe integer, got " + std::to_string(d));
      f.set_number(o, d);
      return;
    }
    case OptionKind::Prefix:
      o.prefix = prefix_ids(v, t);
      return;
    case OptionKind::Positions:
      f.set_positions(o, positions(key, v));
      return;
    case OptionKind::Heads:
      f.set_heads(o, heads(key, v));
      return;
    case OptionKind::Int:
      f.set_number(o, integer(key, v, -2147483648.0, 2147483647.0));
      return;
    case OptionKind::Float:
      f.set_number(o, finite_number(key, v));
      return;
  }
}

// The option table for JavaScript: describe_options() with camelCase names.
val decoding_options() {
  val table = val::global("JSON").call<val>("parse", attnseq::describe_options());
  const int n = table["length"].as<int>();
  for (int i = 0; i < n; ++i) table[i].set("name", js_field_name(table[i]["name"].as<std::string>()));
  return table;
}

}  // namespace

DecodeOptions decode_options_from_js(const val& js, const attnseq::Translator& t) {
  DecodeOptions o;
  if (js.isUndefined() || js.isNull()) {
    o.validate(t.info().config);
    return o;
  }
  if (js.typeOf().as<std::string>() != "object" || js.isArray()) bad("decoding options must be an object, got " + type_of(js));
  const val keys = val::global("Object").call<val>("keys", js);
  const int n = keys["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const std::string key = keys[i].as<std::string>();
    const OptionSpec* field = nullptr;
    for (const OptionSpec& f : attnseq::option_table())
      if (key == js_field_name(f.name)) field = &f;
    if (!field) bad("unknown decoding option \"" + key + "\" (known: " + known_keys() + ")");
    const val v = js[key];
    if (v.isUndefined()) continue;
    set_field(o, *field, key, v, t);
  }
  o.validate(t.info().config);  // its errors name the C++ field: bind_errors.cc gives the JavaScript key
  return o;
}

EMSCRIPTEN_BINDINGS(attnseq_options) { emscripten::function("decodingOptions", &decoding_options); }

}  // namespace attnseq_wasm
