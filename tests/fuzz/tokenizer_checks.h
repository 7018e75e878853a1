// Invariants of attnseq::Tokenizer checked by fuzz_tokenizer_text (fixed, real tokenizers) and
// fuzz_tokenizer_json (whatever tokenizer the fuzzed JSON builds). Each one is a promise of
// cpp/attnseq/text/tokenizer.h or of sentencepiece's Encode/Decode that the tokenizer reproduces.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "attnseq/text/tokenizer.h"
#include "fuzz_common.h"

namespace fuzz {

// What a tokenizer is, as far as the checks need to know.
struct TokenizerTraits {
  bool byte_fallback = false;  // it has the 256 byte pieces: unknown characters are spelled as bytes
  // Every piece is valid UTF-8 and PieceToId(piece(id)) == id (no piece text is both a reserved and a
  // regular piece). Then decode() writes valid UTF-8 and decode(encode(text)) gives the normalized text
  // back (below); sentencepiece makes neither promise for other vocabularies.
  bool clean = true;
};

inline TokenizerTraits traits_of(const attnseq::Tokenizer& tok) {
  TokenizerTraits t;
  const int byte0 = tok.id_of("<0x00>");
  t.byte_fallback = tok.type(byte0) == attnseq::PieceType::Byte;
  for (int id = 0; id < tok.vocab_size(); ++id) {
    const std::string& piece = tok.piece(id);
    // PieceToId finds a piece with the same text (the reserved one first when a text is both).
    check(tok.piece(tok.id_of(piece)) == piece, "id_of(piece(id)) names another piece text");
    if (tok.id_of(piece) != id || !valid_utf8(piece)) t.clean = false;
  }
  return t;
}

inline std::string escaped_spaces_to_spaces(std::string_view s) {
  static constexpr std::string_view kSpace = "\xE2\x96\x81";  // U+2581
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if (s.substr(i, kSpace.size()) == kSpace) {
      out += ' ';
      i += kSpace.size();
    } else {
      out += s[i++];
    }
  }
  return out;
}

inline std::string_view without_leading_spaces(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  return s;
}

// Encodes `text` and checks the result against the normalized text and the vocabulary. No exception is
// allowed: encode, normalize and decode-what-encode-gave accept any bytes.
// `promise_valid_utf8`: the normalizer only writes valid UTF-8 (U+FFFD for malformed input) -- true of
// every real charsmap, not of a fuzzed one.
inline void check_encoding(const attnseq::Tokenizer& tok, const TokenizerTraits& traits, std::string_view text,
                           bool promise_valid_utf8) {
  using attnseq::PieceType;
  const attnseq::Encoding enc = tok.encode(text);
  const std::string norm = tok.normalize(text);
  if (promise_valid_utf8) check(valid_utf8(norm), "normalize() wrote malformed UTF-8");
  check(enc.ids.size() == enc.pieces.size() && enc.ids.size() == enc.spans.size(), "ids/pieces/spans sizes differ");
  check(enc.ids.empty() == norm.empty(), "encode gave no pieces for a non-empty normalized text, or pieces for none");

  std::string joined;  // the pieces as normalized text (byte pieces as their byte)
  bool has_unknown = false;
  // A vocabulary without the piece U+2581 spells spaces as byte pieces; decode() then writes U+2581, not
  // a space, as sentencepiece 0.1.97 does (its DecodeIds on such a vocabulary, built from
  // tests/fuzz/corpus/fuzz_tokenizer_json/byte-spaces.json: "the cat▁sat▁on▁the▁mat.").
  bool byte_space = false;
  std::string byte_run;  // the bytes of the current run of byte pieces
  for (size_t i = 0; i < enc.ids.size(); ++i) {
    const int id = enc.ids[i];
    check(id >= 0 && id < tok.vocab_size(), "encode returned an id outside the vocabulary");
    const attnseq::Span span = enc.spans[i];
    check(span.begin <= span.end && span.end <= text.size(), "span outside the text");
    // Each piece starts where the one before ended (a byte-fallback character's leading byte pieces
    // have empty spans at its start), so the spans tile the text from the first piece to the last.
    check(i == 0 || span.begin == enc.spans[i - 1].end, "spans are not contiguous");
    switch (tok.type(id)) {
      case PieceType::Unknown:
        check(id == tok.unk_id(), "an unknown piece with an id other than unk_id");
        check(!traits.byte_fallback, "an unknown piece from a byte-fallback tokenizer");
        check(!enc.pieces[i].empty(), "an empty unknown piece");
        has_unknown = true;
        joined += enc.pieces[i];
        break;
      case PieceType::Byte: {
        check(traits.byte_fallback, "a byte piece without byte fallback");
        check(enc.pieces[i] == tok.piece(id), "a byte piece's text differs from the vocabulary");
        const std::string& name = enc.pieces[i];
        joined += static_cast<char>(std::stoi(name.substr(3, 2), nullptr, 16));
        byte_run += joined.back();
        byte_space = byte_space || byte_run.find("\xE2\x96\x81") != std::string::npos;
        continue;  // the run goes on
      }
      case PieceType::Normal:
      case PieceType::UserDefined:
        check(enc.pieces[i] == tok.piece(id), "a piece's text differs from the vocabulary's");
        joined += enc.pieces[i];
        break;
      default:
        check(false, "encode produced a control or unused piece");
    }
    byte_run.clear();
  }
  check(joined == norm, "the pieces do not concatenate to the normalized text");
  if (!enc.spans.empty()) check(enc.spans.back().end <= text.size(), "the last span ends after the text");

  // Decoding what encode produced never throws; for a clean vocabulary it gives the normalized text
  // back (U+2581 read as a space, leading spaces dropped as sentencepiece does) unless a piece was
  // unknown (decoded as " \u2047 ") or a space was spelled in byte pieces (decoded as U+2581).
  const std::string decoded = tok.decode(enc.ids);
  if (traits.clean) {
    check(valid_utf8(decoded), "decode() wrote malformed UTF-8");
    if (!has_unknown && !byte_space && valid_utf8(norm))
      check(without_leading_spaces(decoded) == without_leading_spaces(escaped_spaces_to_spaces(norm)),
            "decode(encode(text)) differs from the normalized text");
  }
}

// Decodes fuzzed ids: BAD_INPUT exactly when one is outside [0, vocab_size()), else a string (valid
// UTF-8 for a clean vocabulary).
inline void check_decode(const attnseq::Tokenizer& tok, const TokenizerTraits& traits, const std::vector<int>& ids) {
  bool out_of_range = false;
  for (int id : ids) out_of_range = out_of_range || id < 0 || id >= tok.vocab_size();
  try {
    const std::string s = tok.decode(ids);
    check(!out_of_range, "decode accepted an id outside the vocabulary");
    if (traits.clean) check(valid_utf8(s), "decode() wrote malformed UTF-8");
  } catch (const attnseq::Error& e) {
    check(out_of_range && e.code() == attnseq::ErrorCode::BadInput, "decode threw for ids inside the vocabulary, or not BAD_INPUT");
  }
}

}  // namespace fuzz
