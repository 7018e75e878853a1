#include "attnseq/translator.h"

#include <cmath>

#include "attnseq/core/errors.h"
#include "attnseq/decode/number_words.h"
#include "attnseq/decode/target_pieces.h"
#include "attnseq/text/sentences.h"
#include "attnseq/text/tokenizer.h"

namespace attnseq {
namespace {

bool is_blank(const std::string& s) {
  for (unsigned char c : s)
    if (!(c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f')) return false;
  return true;
}

}  // namespace

Translator::~Translator() = default;
Translator::Translator(Translator&&) noexcept = default;
Translator& Translator::operator=(Translator&&) noexcept = default;

text::RestoredText Translator::restored(const std::string& text, bool restore, bool final_stop) const {
  text::RestoredText read;
  if (restore && restorer_) read = restorer_->restore(text);
  else read.text = text;
  // a sentence typed without its final stop gets one (text/restore.h), in a source language written with
  // spaces between words: there it is worth 6-12 test BLEU to the shipped models on their test sentences with
  // the stop taken away (docs/architecture.md); zh-en reads Chinese without one as well as with "。"
  if (restore && final_stop && !src_lang_.empty() && !writes_without_spaces(src_lang_)) text::complete_final_stop(read, ".");
  return read;
}

std::pair<text::RestoredText, std::vector<Token>> Translator::read_source(const std::string& text, bool restore) const {
  text::RestoredText read = restored(text, restore);
  try {
    std::vector<Token> tokens = tokenize(read);
    return {std::move(read), std::move(tokens)};
  } catch (const Error& e) {
    if (e.code() != ErrorCode::InputTooLong || !restore) throw;
    text::RestoredText without = restored(text, restore, /*final_stop=*/false);
    if (without.text == read.text) throw;
    std::vector<Token> tokens = tokenize(without);  // (throws as before when the text itself is too long)
    return {std::move(without), std::move(tokens)};
  }
}

std::vector<Token> Translator::tokenize(const std::string& text, bool restore) const {
  return read_source(text, restore).second;
}

std::vector<Token> Translator::tokenize(const text::RestoredText& read) const {
  Encoding enc = src_tok_->encode(read.text);
  std::vector<Token> out;
  for (size_t i = 0; i < enc.ids.size(); ++i)
    out.push_back({enc.ids[i], enc.pieces[i], static_cast<int>(read.to_input(enc.spans[i].begin)),
                   static_cast<int>(read.to_input(enc.spans[i].end))});
  out.push_back({src_eos_, src_tok_->piece(src_eos_), -1, -1});
  if (static_cast<int>(out.size()) > info_.config.max_src_len)
    throw Error(ErrorCode::InputTooLong, "the text has " + std::to_string(out.size()) +
                                             " tokens (with </s>); this model accepts at most " +
                                             std::to_string(info_.config.max_src_len) +
                                             ": translate it one sentence at a time");
  return out;
}

std::vector<std::pair<size_t, size_t>> Translator::sentences(const std::string& text) const {
  std::vector<std::pair<size_t, size_t>> out;
  for (const text::SentenceSpan& s : text::split_sentences(text)) out.emplace_back(s.begin, s.end);
  return out;
}

std::vector<int> Translator::target_ids(const std::string& text) const { return tgt_tok_->encode(text).ids; }

std::string Translator::detokenize(const std::vector<int>& ids) const { return tgt_tok_->decode(ids); }

namespace {

// The source text each copied <unk> writes ("" elsewhere); empty when nothing is copied.
std::vector<std::string> copied_texts(size_t n, const std::vector<int>& copies, const std::vector<Token>& source) {
  std::vector<std::string> out;
  for (size_t i = 0; i < n && i < copies.size(); ++i) {
    const int j = copies[i];
    if (j < 0 || j >= static_cast<int>(source.size())) continue;
    if (out.empty()) out.resize(n);
    out[i] = source[j].piece;
  }
  return out;
}

}  // namespace

std::string Translator::detokenize(const std::vector<int>& ids, const std::vector<int>& copies,
                                   const std::vector<Token>& source) const {
  return tgt_tok_->decode(ids, copied_texts(ids.size(), copies, source));
}

Token Translator::target_token(int id) const { return {id, tgt_tok_->piece(id), -1, -1}; }

std::string Translator::shown_piece(int id, int copied, const std::vector<Token>& source) const {
  return copied >= 0 && copied < static_cast<int>(source.size()) ? source[copied].piece : tgt_tok_->piece(id);
}

Token Translator::source_token(int id) const { return {id, src_tok_->piece(id), -1, -1}; }

NumberGuard Translator::number_guard(const std::vector<Token>& source) const {
  std::string text;
  for (const Token& t : source)
    if (t.begin >= 0) text += t.piece;  // the normalized source (</s>, which has no span, left out)
  return NumberGuard(target_pieces_, NumberGuard::digit_runs(text), spells_number(src_lang_, text));
}

NameGuard Translator::name_guard(const std::vector<Token>& source) const {
  std::vector<std::string> texts;
  for (const Token& t : source)
    if (t.begin >= 0) texts.push_back(t.piece);  // the normalized source (</s>, which has no span, left out)
  // The first word counts only when the model reads it in kMinNamePieces pieces written small too.
  const std::string lower = NameGuard::first_word_lower(texts);
  const bool first_rare = !lower.empty() && static_cast<int>(src_tok_->encode_ids(lower).size()) >= kMinNamePieces;
  return NameGuard(target_pieces_, NameGuard::source_names(texts, translated_names_, first_rare));
}

TranslationHypothesis Translator::to_text(const Hypothesis& h, const std::vector<Token>& source) const {
  TranslationHypothesis out;
  out.text = detokenize(h.tokens, h.copies, source);
  for (size_t i = 0; i < h.tokens.size(); ++i) {
    out.tokens.push_back(target_token(h.tokens[i]));
    out.tokens.back().piece = shown_piece(h.tokens[i], i < h.copies.size() ? h.copies[i] : -1, source);
  }
  for (float lp : h.token_logprobs) out.probabilities.push_back(std::exp(lp));
  out.logprobs = h.token_logprobs;
  out.score = h.score;
  out.finished = h.finished;
  out.attention = h.attention;
  std::vector<int> so_far, copies;
  for (const StepEvent& ev : h.steps) {
    so_far.push_back(ev.token);
    copies.push_back(ev.copied);
    out.steps.push_back({ev, detokenize(so_far, copies, source), shown_piece(ev.token, ev.copied, source)});
  }
  return out;
}

TranslationResult Translator::translate(const std::string& text, const DecodeOptions& options,
                                         const AbortCallback& abort) const {
  std::unique_ptr<TranslationJob> job = begin(text, options);
  while (!job->done()) {
    check_abort(abort, job->steps());
    job->step();
  }
  return job->result();
}

std::unique_ptr<TranslationJob> Translator::begin(const std::string& text, const DecodeOptions& options) const {
  options.validate(info_.config);
  if (is_blank(text)) return std::make_unique<TranslationJob>(*this, std::vector<Token>{}, options);
  auto [read, tokens] = read_source(text, options.restore_input);
  return std::make_unique<TranslationJob>(*this, std::move(tokens), options, read.changed() ? read.text : "");
}

std::unique_ptr<TranslationSession> Translator::start(const std::string& text, const DecodeOptions& options) const {
  options.validate(info_.config);
  if (is_blank(text)) return nullptr;  // as translate(): nothing to generate
  auto [read, tokens] = read_source(text, options.restore_input);
  return std::make_unique<TranslationSession>(*this, std::move(tokens), options, read.changed() ? read.text : "");
}

TranslationSession::TranslationSession(const Translator& translator, std::vector<Token> source,
                                       const DecodeOptions& options, std::string read_as)
    : translator_(translator),
      source_(std::move(source)),
      read_as_(std::move(read_as)),
      options_(options),
      session_(translator.model(), ids_of(source_), options, translator.control_ids(), translator.source_guards(source_)) {}

TranslationStep TranslationSession::next() {
  StepEvent ev = session_.next();
  step_macs_ += ev.macs;
  std::string piece = translator_.shown_piece(ev.token, ev.copied, source_);
  return {std::move(ev), text(), std::move(piece)};
}

const AttentionStack& TranslationSession::encoder_attention() const {
  static const AttentionStack none;
  return options_.return_attention ? session_.state().encoder_self_attention : none;
}

const std::vector<Matrix>& TranslationSession::attention_values() const {
  static const std::vector<Matrix> none;
  return options_.return_attention ? session_.state().attention_values : none;
}

TranslationResult TranslationSession::result() const {
  TranslationResult r;
  r.source = source_;
  r.hypotheses.push_back(hypothesis());
  r.encoder_attention = encoder_attention();
  r.attention_values = attention_values();
  r.encode_macs = session_.state().encode_macs;
  r.macs = r.encode_macs + step_macs_;
  r.read_as = read_as_;
  return r;
}

TranslationHypothesis TranslationSession::hypothesis() const { return translator_.to_text(session_.hypothesis(), source_); }

std::string TranslationSession::text() const {
  return translator_.detokenize(session_.hypothesis().tokens, session_.hypothesis().copies, source_);
}

}  // namespace attnseq
