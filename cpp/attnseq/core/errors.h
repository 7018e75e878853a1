// Typed errors of the attnseq library. Library code throws; the CLI and the WebAssembly
// boundary translate them (exit code / JavaScript Error with a stable `code`).
#pragma once

#include <stdexcept>
#include <string>

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

class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  ErrorCode code() const { return code_; }
  const char* code_name() const { return attnseq::code_name(code_); }

 private:
  ErrorCode code_;
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
