// Typed errors of the attnseq library. Library code throws; the CLI and the WebAssembly
// boundary translate them (exit code / JavaScript Error with a stable `code`).
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace attnseq {

// The one list of error codes: X(enumerator, stable name, doc). The names cross the WebAssembly
// boundary as strings; with ATTNSEQ_API_ERROR_CODES below they are every code the JavaScript API can
// raise: errorCodes() lists them, and scripts/gen_dts.mjs writes index.d.ts's ErrorCode and
// web/src/engine/error-codes.js from that list (tests/js/records.test.js fails when they are stale;
// tests/js/errors.test.js checks the i18n catalogues against it). The docs are the user's: index.d.ts
// shows them.
#define ATTNSEQ_ERROR_CODES(X)                                                                                       \
  X(ModelTruncated, "MODEL_TRUNCATED",                                                                              \
    "the file ends before its header or a tensor's data (e.g. an interrupted download)")                           \
  X(ModelBadHeader, "MODEL_BAD_HEADER", "not a safetensors file (e.g. an HTML error page), or a damaged header")   \
  X(ModelBadTensor, "MODEL_BAD_TENSOR", "a tensor's dtype, shape or offsets are wrong, missing or unexpected")     \
  X(ModelBadConfig, "MODEL_BAD_CONFIG", "config/metadata missing, inconsistent, or not an attnseq model")          \
  X(ModelVersion, "MODEL_VERSION", "the file's format version is newer than this runtime reads")                  \
  X(BadTokenizer, "BAD_TOKENIZER", "the tokenizer stored in the model is malformed")                              \
  X(BadOption, "BAD_OPTION", "a decoding option is unknown, of the wrong type or out of range (the message names it)") \
  X(BadInput, "BAD_INPUT", "the text is not a string, or cannot be processed")                                    \
  X(InputTooLong, "INPUT_TOO_LONG",                                                                                 \
    "the text has more tokens than the model accepts (`info.config.maxSrcLen`, `</s>` included): nothing is "      \
    "truncated; translate one sentence at a time")                                                                  \
  X(Aborted, "ABORTED",                                                                                             \
    "the request was cancelled: its AbortSignal fired (the engine stops within one decoder step), or a newer "     \
    "request with the same `supersede` key replaced it before it reached the engine")                             \
  X(Internal, "INTERNAL", "a bug in attnseq (please report), or a crashed WebAssembly instance")

// The codes raised outside the C++ library, X(stable name, where, doc): by the WebAssembly boundary
// (wasm/bind_errors.cc) or by the JavaScript side (web/src/engine). Listed here so that the API's
// codes have one list.
#define ATTNSEQ_API_ERROR_CODES(X)                                                                                   \
  X("OUT_OF_MEMORY", "wasm", "the WebAssembly heap cannot grow any further")                                       \
  X("LOAD_FAILED", "js",                                                                                            \
    "the model could not be fetched or read (network error, HTTP status, missing file, unsupported source), or "   \
    "the WebAssembly module / worker could not start")                                                             \
  X("DISPOSED", "js", "the translator was disposed (or a generation used after it ended)")                        \
  X("WORKER_DIED", "js",                                                                                            \
    "the Web Worker running the model died (its WebAssembly instance crashed, it ran out of memory, or the "       \
    "browser terminated it): pending and later calls reject with it; load the model again (`Translator.load` "     \
    "starts a new worker). See `Translator.failure`")                                                              \
  X("MODEL_CHECKSUM", "js",                                                                                         \
    "the file's SHA-256 differs from the `sha256` load option (damaged in transit or replaced)")

enum class ErrorCode {
#define ATTNSEQ_X(e, name, doc) e,
  ATTNSEQ_ERROR_CODES(ATTNSEQ_X)
#undef ATTNSEQ_X
};

const char* code_name(ErrorCode code);  // e.g. "MODEL_TRUNCATED"

// One piece of an error message: plain text, or the name of an input field (a decoding option such
// as "beam_size"), which a front end may spell its own way (JavaScript: beamSize).
struct MessagePart {
  std::string text;
  bool field = false;
};

class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  // An error about input fields: what() is the parts joined, with the field names as C++ spells them.
  Error(ErrorCode code, std::vector<MessagePart> parts)
      : std::runtime_error(join(parts, [](const std::string& f) { return f; })), code_(code), parts_(std::move(parts)) {}
  ErrorCode code() const { return code_; }
  const char* code_name() const { return attnseq::code_name(code_); }
  // The field this error is about (the first one its message names, e.g. "beam_size"); "" when none.
  std::string field() const {
    for (const MessagePart& p : parts_)
      if (p.field) return p.text;
    return "";
  }
  // The message with every field name passed through rename (std::string -> std::string).
  template <typename Rename>
  std::string message(Rename rename) const {
    return parts_.empty() ? std::string(what()) : join(parts_, rename);
  }

 private:
  template <typename Rename>
  static std::string join(const std::vector<MessagePart>& parts, Rename rename) {
    std::string out;
    for (const MessagePart& p : parts) out += p.field ? rename(p.text) : p.text;
    return out;
  }

  ErrorCode code_;
  std::vector<MessagePart> parts_;  // empty unless the message names fields
};

inline const char* code_name(ErrorCode code) {
  switch (code) {
#define ATTNSEQ_X(e, name, doc) \
  case ErrorCode::e: return name;
    ATTNSEQ_ERROR_CODES(ATTNSEQ_X)
#undef ATTNSEQ_X
  }
  return "INTERNAL";
}

}  // namespace attnseq
