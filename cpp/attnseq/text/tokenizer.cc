#include "attnseq/text/tokenizer.h"

#include "attnseq/core/errors.h"
#include "attnseq/text/tokenizer_impl.h"

namespace attnseq {
namespace {

std::string byte_piece_name(unsigned char byte) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  return std::string("<0x") + kHex[byte >> 4] + kHex[byte & 15] + ">";
}

// Port of SentencePieceProcessor::PopulateSentencePieceText: maps the segmentation of the
// normalized text back to original bytes, merges runs of unknown pieces (or, with byte
// fallback, spells each unknown piece as byte pieces).
class EncodingBuilder {
 public:
  EncodingBuilder(const Tokenizer::Impl& impl, const text::NormalizedText& norm) : impl_(impl), norm_(norm) {}

  void add(const text::Token& t) {
    const std::string_view piece = std::string_view(norm_.text).substr(t.begin, t.end - t.begin);
    const Span span{norm_.norm_to_orig[t.begin], norm_.norm_to_orig[t.end]};
    const bool is_unk = impl_.vocab.type(t.id) == PieceType::Unknown;
    if (is_unk && impl_.vocab.byte_fallback()) {
      add_bytes(piece, span);
    } else if (is_unk && prev_unk_) {
      out_.pieces.back() += piece;
      out_.spans.back().end = span.end;
    } else {
      push(t.id, std::string(piece), span);
    }
    prev_unk_ = is_unk;
  }

  Encoding finish() { return std::move(out_); }

 private:
  // The last byte piece carries the surface; the others are empty spans at its start.
  void add_bytes(std::string_view piece, Span span) {
    for (size_t i = 0; i < piece.size(); ++i) {
      const auto byte = static_cast<unsigned char>(piece[i]);
      const bool last = i + 1 == piece.size();
      push(impl_.vocab.byte_id(byte), byte_piece_name(byte), last ? span : Span{span.begin, span.begin});
    }
  }

  void push(int id, std::string piece, Span span) {
    out_.ids.push_back(id);
    out_.pieces.push_back(std::move(piece));
    out_.spans.push_back(span);
  }

  const Tokenizer::Impl& impl_;
  const text::NormalizedText& norm_;
  Encoding out_;
  bool prev_unk_ = false;
};

}  // namespace

Encoding Tokenizer::encode(std::string_view text) const {
  const text::NormalizedText norm = impl_->normalizer.normalize(text);
  EncodingBuilder builder(*impl_, norm);
  for (const text::Token& t : impl_->model.encode(norm.text)) builder.add(t);
  return builder.finish();
}

std::vector<int> Tokenizer::encode_ids(std::string_view text) const { return encode(text).ids; }

std::string Tokenizer::decode(const std::vector<int>& ids) const { return decode_pieces(*impl_, ids, {}); }

std::string Tokenizer::decode(const std::vector<int>& ids, const std::vector<std::string>& surfaces) const {
  return decode_pieces(*impl_, ids, surfaces);
}

std::string Tokenizer::normalize(std::string_view text) const { return impl_->normalizer.normalize(text).text; }

int Tokenizer::vocab_size() const { return impl_->vocab.size(); }

const std::string& Tokenizer::piece(int id) const {
  if (!impl_->vocab.contains(id)) {
    throw Error(ErrorCode::BadInput, "token id " + std::to_string(id) + " is out of range [0, " +
                                         std::to_string(vocab_size()) + ")");
  }
  return impl_->vocab.at(id).piece;
}

float Tokenizer::score(int id) const {
  piece(id);  // range check
  return impl_->vocab.at(id).score;
}

PieceType Tokenizer::type(int id) const {
  piece(id);  // range check
  return impl_->vocab.type(id);
}

int Tokenizer::id_of(std::string_view piece) const { return impl_->vocab.id_of(piece); }
int Tokenizer::unk_id() const { return impl_->ids.unk; }
int Tokenizer::bos_id() const { return impl_->ids.bos; }
int Tokenizer::eos_id() const { return impl_->ids.eos; }
int Tokenizer::pad_id() const { return impl_->ids.pad; }

}  // namespace attnseq
