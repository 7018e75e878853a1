// Fuzz target: the tokenizer JSON parser (Tokenizer::from_json_text: vocabulary, special ids, base64
// charsmap, normalizer flags). The input is the JSON text (-max_len=4096 in
// scripts/test_native_hardening.sh; the seeds are miniature tokenizers, one with a 1.7 kB charsmap of a
// few rules, so that each input builds a tokenizer in well under a millisecond).
// Checks beyond "no crash":
//   - a rejection is Error(BAD_TOKENIZER), never another code or exception;
//   - a tokenizer that builds agrees with the JSON as nlohmann reads it: vocabulary size, every piece's
//     text, score and type, unk/bos/eos/pad ids; PieceToId(piece(id)) names a piece with the same text;
//   - it encodes a few fixed texts with the checks of tokenizer_checks.h (ids in range, contiguous spans
//     inside the text, pieces concatenating to the normalized text, decode(encode(text)) giving it back
//     for a clean vocabulary), and decodes its whole vocabulary.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnseq/text/tokenizer.h"
#include "fuzz_common.h"
#include "tokenizer_checks.h"

namespace {

constexpr const char* kTexts[] = {
    "",
    "   ",
    "the cat sat on the mat.",
    "  a\tb  c  ",
    "\xEF\xBC\xA1" "B \xE2\x84\xA2 \xEF\xAC\x81ne \xE2\x91\xA0 e\xCC\x81 \xE3\x80\x80x\xC2\xA0y",  // ＡB ™ ﬁne ① é ideographic/no-break space
    "<sep><s></s><unk> \xE2\x96\x81\xE2\x96\x81 \xFF\xC3 \xE6\xBC\xA2\xE5\xAD\x97",  // specials, U+2581, bad UTF-8, 漢字
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<attnseq::Tokenizer> built;  // at most one; a vector because Tokenizer has no default constructor
  try {
    built.push_back(attnseq::Tokenizer::from_json_text(text));
  } catch (const attnseq::Error& e) {
    fuzz::check(e.code() == attnseq::ErrorCode::BadTokenizer, "from_json_text threw something other than BAD_TOKENIZER");
    return 0;
  }
  const attnseq::Tokenizer& tok = built.front();

  // What was built is what the JSON says.
  const nlohmann::json j = nlohmann::json::parse(text.begin(), text.end(), nullptr, /*allow_exceptions=*/false);
  fuzz::check(!j.is_discarded() && j.is_object(), "a tokenizer was built from text that is not a JSON object");
  const nlohmann::json& pieces = j.at("pieces");
  fuzz::check(pieces.is_array() && static_cast<size_t>(tok.vocab_size()) == pieces.size(), "vocab_size differs from the JSON");
  for (int id = 0; id < tok.vocab_size(); ++id) {
    const nlohmann::json& p = pieces[static_cast<size_t>(id)];
    fuzz::check(tok.piece(id) == p[0].get<std::string>(), "a piece's text differs from the JSON");
    fuzz::check(tok.score(id) == static_cast<float>(p[1].get<double>()), "a piece's score differs from the JSON");
    fuzz::check(static_cast<int64_t>(tok.type(id)) == p[2].get<int64_t>(), "a piece's type differs from the JSON");
  }
  fuzz::check(tok.unk_id() == j.at("unk_id").get<int64_t>() && tok.bos_id() == j.at("bos_id").get<int64_t>() &&
                  tok.eos_id() == j.at("eos_id").get<int64_t>() && tok.pad_id() == j.at("pad_id").get<int64_t>(),
              "special ids differ from the JSON");
  fuzz::check(tok.type(tok.unk_id()) == attnseq::PieceType::Unknown, "unk_id is not an unknown piece");

  const fuzz::TokenizerTraits traits = fuzz::traits_of(tok);
  for (const char* t : kTexts) fuzz::check_encoding(tok, traits, t, /*promise_valid_utf8=*/false);
  std::vector<int> all(static_cast<size_t>(tok.vocab_size()));
  for (int id = 0; id < tok.vocab_size(); ++id) all[static_cast<size_t>(id)] = id;
  fuzz::check_decode(tok, traits, all);
  fuzz::check_decode(tok, traits, {tok.vocab_size()});
  return 0;
}
