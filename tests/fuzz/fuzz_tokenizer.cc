// Fuzz target: the tokenizer.
//   first input byte, low bit 0: the rest is tokenizer JSON text -> Tokenizer::from_json_text; when it
//     builds, a few fixed texts are encoded and decoded with it (and every id of the vocabulary decoded).
//   low bit 1: the rest is text -> encode, decode and normalize with the real tokenizers of
//     tests/data/tokenizer/ (tok.json: charsmap normalizer + user symbols; tok_bytes.json: byte fallback),
//     and the input read as little-endian int32 ids -> decode.
// Invariants checked beyond "no crash, typed errors only": encode's ids, pieces and spans have the
// same length; spans are ordered and inside the text; decoding the encoded ids never throws.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "attnseq/text/tokenizer.h"
#include "fuzz_common.h"

namespace {

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "tokenizer invariant broken: %s\n", what);
    std::abort();
  }
}

void exercise(const attnseq::Tokenizer& tok, const std::string& text) {
  const attnseq::Encoding enc = tok.encode(text);
  check(enc.ids.size() == enc.pieces.size() && enc.ids.size() == enc.spans.size(), "ids/pieces/spans sizes differ");
  size_t prev_end = 0;
  for (size_t i = 0; i < enc.ids.size(); ++i) {
    check(enc.ids[i] >= 0 && enc.ids[i] < tok.vocab_size(), "encode returned an id outside the vocabulary");
    check(enc.spans[i].begin <= enc.spans[i].end && enc.spans[i].end <= text.size(), "span outside the text");
    check(enc.spans[i].begin >= prev_end || enc.spans[i].begin == enc.spans[i].end, "spans overlap");
    prev_end = std::max(prev_end, enc.spans[i].end);
  }
  (void)tok.decode(enc.ids);  // ids from encode are always decodable: no exception allowed here
  (void)tok.normalize(text);
}

const attnseq::Tokenizer& real(int which) {
  static const attnseq::Tokenizer* toks[2] = {nullptr, nullptr};
  if (!toks[which]) {
    auto bytes = fuzz::read_file(fuzz::data_path(which ? "tokenizer/tok_bytes.json" : "tokenizer/tok.json"));
    toks[which] = new attnseq::Tokenizer(attnseq::Tokenizer::from_json_text(
        std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size())));
  }
  return *toks[which];
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  fuzz::Reader in(data, size);
  const uint8_t mode = in.u8();
  const std::string rest = in.rest();
  if ((mode & 1) == 0) {
    fuzz::expect_typed_errors([&] {
      const attnseq::Tokenizer tok = attnseq::Tokenizer::from_json_text(rest);
      for (const char* text : {"", " ", "Hello world.", "  a\tb  c ", "\xE2\x84\xA2 \xC3\xA9t\xC3\xA9 \xFF\xC3"})
        exercise(tok, text);
      std::vector<int> all(static_cast<size_t>(tok.vocab_size()));
      for (int id = 0; id < tok.vocab_size(); ++id) all[static_cast<size_t>(id)] = id;
      (void)tok.decode(all);
      (void)tok.piece(tok.unk_id());
    });
    return 0;
  }
  for (int which : {0, 1}) {
    const attnseq::Tokenizer& tok = real(which);
    exercise(tok, rest);
    std::vector<int> ids;
    for (size_t i = 0; i + 4 <= rest.size(); i += 4) {
      int32_t id;
      std::memcpy(&id, rest.data() + i, 4);
      ids.push_back(mode & 2 ? static_cast<int>(static_cast<uint32_t>(id) % static_cast<uint32_t>(tok.vocab_size())) : id);
    }
    fuzz::expect_typed_errors([&] { (void)tok.decode(ids); });
  }
  return 0;
}
