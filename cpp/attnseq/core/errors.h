// Typed errors of the attnseq library. Library code throws; the CLI and the WebAssembly
// boundary translate them (exit code / JavaScript Error with a stable `code`).
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace attnseq {

// Stable codes: they cross the WebAssembly boundary as strings (see code_name()).
enum class ErrorCode {
  ModelTruncated,     // the byte buffer ends before the header or a tensor's data
  ModelBadHeader,     // header length, JSON syntax or header structure is wrong
  ModelBadTensor,     // a tensor's dtype, shape or offsets are wrong, missing or unexpected
  ModelBadConfig,     // config/metadata missing, inconsistent or of an unknown architecture
  ModelVersion,       // the file's format version is newer than this runtime supports
  BadTokenizer,       // tokenizer metadata is malformed
  BadOption,          // a decoding option is out of range or inconsistent
  BadInput,           // the text or token ids given cannot be processed
  InputTooLong,       // the source has more tokens than the model accepts
  Internal,           // a broken invariant inside attnseq (a bug: please report)
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
    case ErrorCode::ModelTruncated: return "MODEL_TRUNCATED";
    case ErrorCode::ModelBadHeader: return "MODEL_BAD_HEADER";
    case ErrorCode::ModelBadTensor: return "MODEL_BAD_TENSOR";
    case ErrorCode::ModelBadConfig: return "MODEL_BAD_CONFIG";
    case ErrorCode::ModelVersion: return "MODEL_VERSION";
    case ErrorCode::BadTokenizer: return "BAD_TOKENIZER";
    case ErrorCode::BadOption: return "BAD_OPTION";
    case ErrorCode::BadInput: return "BAD_INPUT";
    case ErrorCode::InputTooLong: return "INPUT_TOO_LONG";
    case ErrorCode::Internal: return "INTERNAL";
  }
  return "INTERNAL";
}

}  // namespace attnseq
