// Typed errors of the attnseq library. Library code throws; the CLI and the WebAssembly
// boundary translate them (exit code / JavaScript Error with a stable `code`).
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace attnseq {

// The one list of error codes: X(enumerator, stable name, doc). The names cross the WebAssembly
// boundary as strings (errorCodes() lists them for JavaScript; index.d.ts and the i18n catalogues
// are checked against it by tests/js/errors.test.js).
#define ATTNSEQ_ERROR_CODES(X)                                                                           \
  X(ModelTruncated, "MODEL_TRUNCATED", "the byte buffer ends before the header or a tensor's data")        \
  X(ModelBadHeader, "MODEL_BAD_HEADER", "header length, JSON syntax or header structure is wrong")         \
  X(ModelBadTensor, "MODEL_BAD_TENSOR", "a tensor's dtype, shape or offsets are wrong, missing or unexpected") \
  X(ModelBadConfig, "MODEL_BAD_CONFIG", "config/metadata missing, inconsistent or of an unknown architecture") \
  X(ModelVersion, "MODEL_VERSION", "the file's format version is newer than this runtime supports")         \
  X(BadTokenizer, "BAD_TOKENIZER", "tokenizer metadata is malformed")                                       \
  X(BadOption, "BAD_OPTION", "a decoding option is out of range or inconsistent")                           \
  X(BadInput, "BAD_INPUT", "the text or token ids given cannot be processed")                               \
  X(InputTooLong, "INPUT_TOO_LONG", "the source has more tokens than the model accepts")                    \
  X(Internal, "INTERNAL", "a broken invariant inside attnseq (a bug: please report)")

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
