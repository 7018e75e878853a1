// Shared helpers of the libFuzzer targets (docs/robustness.md, "Native: fuzzing and sanitizers").
//
// Contract of every target: any input either succeeds or throws attnseq::Error with a code other than
// Internal. Anything else -- a crash, an ASan/UBSan report, another exception (std::bad_alloc from an
// allocation the input sized, std::length_error, nlohmann::json errors...), an Internal error, a hang --
// is a finding: the exception escapes LLVMFuzzerTestOneInput and libFuzzer reports it as a crash.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>

#include "attnseq/core/errors.h"
#include "attnseq/io/weights.h"

namespace fuzz {

inline std::string data_path(const std::string& rel) { return std::string(ATTNSEQ_TEST_DATA_DIR) + "/" + rel; }

inline std::shared_ptr<const attnseq::Bytes> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "fuzz target: cannot read %s\n", path.c_str());
    std::abort();
  }
  return std::make_shared<attnseq::Bytes>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// A broken invariant: prints what and aborts (libFuzzer reports it as a crash and keeps the input).
inline void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "fuzz target: invariant broken: %s\n", what);
    std::abort();
  }
}

// Strict UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF), written here independently
// of the library's decoder so that it can check it.
inline bool valid_utf8(std::string_view s) {
  size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    size_t n;
    uint32_t cp, min;
    if (b < 0x80) { ++i; continue; }
    if (b >= 0xC2 && b <= 0xDF) { n = 2; cp = b & 0x1F; min = 0x80; }
    else if (b >= 0xE0 && b <= 0xEF) { n = 3; cp = b & 0x0F; min = 0x800; }
    else if (b >= 0xF0 && b <= 0xF4) { n = 4; cp = b & 0x07; min = 0x10000; }
    else return false;
    if (s.size() - i < n) return false;
    for (size_t k = 1; k < n; ++k) {
      const auto t = static_cast<unsigned char>(s[i + k]);
      if ((t & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (t & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += n;
  }
  return true;
}

// Runs f; an attnseq::Error is an accepted outcome unless its code says "a bug in attnseq".
template <typename F>
void expect_typed_errors(F&& f) {
  try {
    f();
  } catch (const attnseq::Error& e) {
    if (e.code() == attnseq::ErrorCode::Internal) {
      std::fprintf(stderr, "attnseq::Error INTERNAL (a broken invariant): %s\n", e.what());
      std::abort();
    }
  }
}

// Consumes bytes from the front of the input (little-endian integers), zero when exhausted.
class Reader {
 public:
  Reader(const uint8_t* data, size_t size) : p_(data), n_(size) {}
  uint8_t u8() { return n_ ? (--n_, *p_++) : 0; }
  uint32_t u32() {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= uint32_t(u8()) << (8 * i);
    return v;
  }
  uint64_t u64() { return uint64_t(u32()) | (uint64_t(u32()) << 32); }
  int32_t i32() { return static_cast<int32_t>(u32()); }
  float f32() {
    const uint32_t bits = u32();
    float f;
    static_assert(sizeof f == sizeof bits, "float is 32-bit");
    std::memcpy(&f, &bits, sizeof f);
    return f;
  }
  // The rest of the input as a string.
  std::string rest() {
    std::string s(reinterpret_cast<const char*>(p_), n_);
    p_ += n_;
    n_ = 0;
    return s;
  }
  size_t left() const { return n_; }

 private:
  const uint8_t* p_;
  size_t n_;
};

}  // namespace fuzz
