// Error envelopes (see bind_errors.h) and the list of the API's error codes.
#include "bind_errors.h"

#include <emscripten/bind.h>

#include <exception>
#include <new>
#include <stdexcept>

#include "attnseq/core/errors.h"

namespace attnseq_wasm {

val error_envelope(const std::string& code, const std::string& message) {
  val error = val::object();
  error.set("code", code);
  error.set("message", message);
  val out = val::object();
  out.set("error", error);
  return out;
}

val value_envelope(val value) {
  val out = val::object();
  out.set("value", std::move(value));
  return out;
}

std::string js_field_name(const std::string& cpp) {
  std::string out;
  bool upper = false;
  for (char c : cpp) {
    if (c == '_') {
      upper = !out.empty();
      continue;
    }
    out += upper && c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    upper = false;
  }
  return out;
}

void describe_current_exception(std::string& code, std::string& message) {
  try {
    throw;
  } catch (const attnseq::Error& e) {
    code = e.code_name();
    message = e.message(js_field_name);  // "decoding option beamSize = 0 ..."
  } catch (const std::bad_alloc&) {
    code = "OUT_OF_MEMORY";
    message = "out of memory: the WebAssembly heap cannot grow any further";
  } catch (const std::exception& e) {
    code = "INTERNAL";
    message = std::string("internal error: ") + e.what();
  } catch (...) {
    code = "INTERNAL";
    message = "internal error: unknown C++ exception";
  }
}

namespace {

// Every code of the API, one list (core/errors.h): [{code, origin, doc}], origin "engine" (the C++
// library, ATTNSEQ_ERROR_CODES), "wasm" (this boundary) or "js" (web/src/engine; ATTNSEQ_API_ERROR_CODES).
val error_codes() {
  val codes = val::array();
  auto add = [&](const char* code, const char* origin, const char* doc) {
    val c = val::object();
    c.set("code", std::string(code));
    c.set("origin", std::string(origin));
    c.set("doc", std::string(doc));
    codes.call<void>("push", c);
  };
#define ATTNSEQ_X(e, name, doc) add(name, "engine", doc);
  ATTNSEQ_ERROR_CODES(ATTNSEQ_X)
#undef ATTNSEQ_X
#define ATTNSEQ_X(name, origin, doc) add(name, origin, doc);
  ATTNSEQ_API_ERROR_CODES(ATTNSEQ_X)
#undef ATTNSEQ_X
  return codes;
}

// Throws on purpose, so tests can check that a C++ exception thrown inside a binding reaches
// JavaScript as a proper error: kind "attnseq" | "std" | "bad_alloc" | "other"; "trap" traps instead
// (a real WebAssembly RuntimeError, as a bug would cause: the instance is unusable afterwards).
val throw_for_test(const std::string& kind) {
  return guarded([&]() -> val {
    if (kind == "attnseq") throw attnseq::Error(attnseq::ErrorCode::BadInput, "test error from C++");
    if (kind == "std") throw std::runtime_error("test std::runtime_error");
    if (kind == "bad_alloc") throw std::bad_alloc();
    if (kind == "other") throw 42;
    if (kind == "trap") __builtin_trap();
    return val(kind);
  });
}

}  // namespace

EMSCRIPTEN_BINDINGS(attnseq_errors) {
  emscripten::function("errorCodes", &error_codes);
  emscripten::function("throwForTest", &throw_for_test);
}

}  // namespace attnseq_wasm
