// How errors cross the WebAssembly boundary. No C++ exception (nor an opaque exception pointer) ever
// reaches JavaScript: every binding that can fail runs its body through guarded(), which returns
//   {value: <result>}                       on success
//   {error: {code: "BAD_OPTION", message}}  when anything was thrown
// and web/src/engine/core.js rethrows the error as an AttnseqError with the same code and message.
// Codes are attnseq::code_name() values, plus OUT_OF_MEMORY (std::bad_alloc) and INTERNAL.
#pragma once

#include <emscripten/val.h>

#include <string>
#include <utility>

namespace attnseq_wasm {

using emscripten::val;

// {error: {code, message}}
val error_envelope(const std::string& code, const std::string& message);
// {value}
val value_envelope(val value);

// A C++ field name (DecodeOptions::beam_size) as JavaScript spells it (beamSize).
std::string js_field_name(const std::string& cpp);

// Classifies the exception being handled (call only inside a catch block). Field names in messages
// (attnseq::Error::field(), e.g. from DecodeOptions::validate()) are given as js_field_name() spells them.
void describe_current_exception(std::string& code, std::string& message);

// Runs f() (which returns a val) and wraps its result or its exception. The envelope is built after
// the catch block has ended, so the exception object is freed before control returns to JavaScript.
template <typename F>
val guarded(F&& f) {
  std::string code, message;
  try {
    return value_envelope(std::forward<F>(f)());
  } catch (...) {
    describe_current_exception(code, message);
  }
  return error_envelope(code, message);
}

}  // namespace attnseq_wasm
