// Port of SentencePieceProcessor::Decode (sentencepiece_processor.cc, 0.1.97).
#include "attnseq/core/errors.h"
#include "attnseq/text/tokenizer_impl.h"
#include "attnseq/core/utf8.h"

namespace attnseq {
namespace {

constexpr std::string_view kSpaceSymbol = "\xE2\x96\x81";
constexpr std::string_view kUnknownSurface = " \xE2\x81\x87 ";  // " ⁇ "

std::string replace_space_symbols(std::string_view piece) {
  std::string out;
  for (size_t pos = 0; pos < piece.size();) {
    if (piece.substr(pos, kSpaceSymbol.size()) == kSpaceSymbol) {
      out += ' ';
      pos += kSpaceSymbol.size();
    } else {
      out += piece[pos++];
    }
  }
  return out;
}

class Decoder {
 public:
  explicit Decoder(const Tokenizer::Impl& impl) : impl_(impl) {}

  // surface: copied text for an unknown piece ("" = none)
  void add(int id, std::string_view surface = {}) {
    // sentencepiece turns ids into pieces and the pieces back into ids (PieceToId).
    const int resolved = impl_.vocab.id_of(impl_.vocab.at(id).piece);
    if (impl_.vocab.type(resolved) == PieceType::Byte) {
      bytes_ += static_cast<char>(text::Vocabulary::piece_to_byte(impl_.vocab.at(resolved).piece));
      return;
    }
    flush_bytes();
    if (bos_ws_seen_ || !text_.empty()) is_bos_ws_ = false;
    if (!surface.empty() && impl_.vocab.type(resolved) == PieceType::Unknown) {
      bos_ws_seen_ = false;
      text_ += decode_text(surface);
      return;
    }
    text_ += decode_piece(impl_.vocab.at(id).piece, resolved);
  }

  std::string finish() {
    flush_bytes();
    return std::move(text_);
  }

 private:
  // Pending byte pieces become UTF-8 characters; each malformed byte becomes U+FFFD.
  void flush_bytes() {
    std::string_view rest = bytes_;
    while (!rest.empty()) {
      const Utf8Char c = decode_utf8(rest);
      text_ += c.valid ? rest.substr(0, c.length) : kReplacementUtf8;
      rest.remove_prefix(c.length);
    }
    bytes_.clear();
  }

  std::string decode_piece(std::string_view piece, int id) {
    bos_ws_seen_ = false;
    const PieceType type = impl_.vocab.type(id);
    if (type == PieceType::Control) return "";
    if (type == PieceType::Unknown) {
      return piece == impl_.vocab.at(id).piece ? std::string(kUnknownSurface) : std::string(piece);
    }
    return decode_text(piece);
  }

  // A normal piece's text: U+2581 -> space, the leading one dropped at the beginning.
  std::string decode_text(std::string_view piece) {
    const text::NormalizerOptions& opt = impl_.normalizer.options();
    if (is_bos_ws_ && (opt.add_dummy_prefix || opt.remove_extra_whitespaces)) {
      if (piece.substr(0, kSpaceSymbol.size()) == kSpaceSymbol) {
        piece.remove_prefix(kSpaceSymbol.size());
        // With remove_extra_whitespaces every leading space is dropped, not just the first.
        bos_ws_seen_ = !opt.remove_extra_whitespaces;
      }
    }
    return replace_space_symbols(piece);
  }

  const Tokenizer::Impl& impl_;
  std::string text_;
  std::string bytes_;
  bool is_bos_ws_ = true;    // still at the beginning: a leading U+2581 is dropped
  bool bos_ws_seen_ = false;  // the previous piece had its leading U+2581 dropped
};

}  // namespace

std::string decode_pieces(const Tokenizer::Impl& impl, const std::vector<int>& ids,
                          const std::vector<std::string>& surfaces) {
  if (!surfaces.empty() && surfaces.size() != ids.size())
    throw Error(ErrorCode::BadInput, "decode: " + std::to_string(surfaces.size()) + " copied texts for " +
                                         std::to_string(ids.size()) + " ids");
  for (const int id : ids) {
    if (!impl.vocab.contains(id)) {
      throw Error(ErrorCode::BadInput, "token id " + std::to_string(id) + " is out of range [0, " +
                                           std::to_string(impl.vocab.size()) + ")");
    }
  }
  Decoder decoder(impl);
  for (size_t i = 0; i < ids.size(); ++i) decoder.add(ids[i], surfaces.empty() ? std::string_view{} : std::string_view(surfaces[i]));
  return decoder.finish();
}

}  // namespace attnseq
