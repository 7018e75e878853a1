// Text in, translation out: tokenizers + model + search, with everything the front end shows
// (source/target pieces with character spans, per-step probabilities and attention).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "attnseq/core/special_ids.h"
#include "attnseq/decode/abort.h"
#include "attnseq/decode/beam_search.h"
#include "attnseq/decode/options.h"
#include "attnseq/decode/results.h"
#include "attnseq/decode/session.h"
#include "attnseq/io/weights.h"
#include "attnseq/models/model.h"
#include "attnseq/text/restore.h"

namespace attnseq {

class Tokenizer;

struct ModelInfo {
  std::string name;         // metadata "name" (may be empty)
  std::string description;  // metadata "description" (may be empty)
  ModelConfig config;
  bool quantized = false;   // weights stored as I8
  std::map<std::string, std::string> metadata;  // the whole __metadata__ map
};

struct Token {
  int id = 0;
  std::string piece;  // SentencePiece piece, e.g. "▁chat"
  int begin = -1;     // source tokens: byte span [begin, end) in the input text; -1 when none (</s>)
  int end = -1;
};

// One step with its text: the record generate() yields and --json prints (records.h lists its fields).
struct TranslationStep {
  StepEvent event;
  std::string text;  // the translation up to and including this token
  std::string piece;  // the chosen token's piece; a copied <unk>: the source text it writes (event.copied)
};

struct TranslationHypothesis {
  std::string text;
  std::vector<Token> tokens;        // target tokens, </s> included when reached
  std::vector<float> probabilities;  // of each token
  std::vector<float> logprobs;       // natural log of each token's probability (exact where p underflows)
  float score = 0.0f;
  bool finished = false;
  std::vector<std::vector<float>> attention;  // [tokens][source tokens]
  std::vector<TranslationStep> steps;  // beam search (and the CLI's --json): the record of each step
};

struct TranslationResult {
  std::vector<Token> source;  // source tokens, </s> included
  std::vector<TranslationHypothesis> hypotheses;  // best first; empty for empty input
  BeamTrace beam_trace;       // beam search only
  AttentionStack encoder_attention;  // Transformer: [1, layers, heads, S, S] encoder self-attention; else empty
  std::vector<Matrix> attention_values;  // [layer] → [S, C]: what cross-attention's weighted sums run over
  uint64_t encode_macs = 0;   // multiply-adds of the encoder
  uint64_t macs = 0;          // multiply-adds (encode + all steps)
  std::string read_as;        // the text the model read when the engine restored it (Translator::restored); else ""
};

class TranslationSession;
class TranslationJob;

inline std::vector<int> ids_of(const std::vector<Token>& tokens) {
  std::vector<int> ids;
  for (const Token& t : tokens) ids.push_back(t.id);
  return ids;
}

class Translator {
 public:
  // Validates the whole file (header, metadata, config, tokenizers, every tensor) and builds the model.
  explicit Translator(std::shared_ptr<const Bytes> model_file);
  ~Translator();
  Translator(Translator&&) noexcept;
  Translator& operator=(Translator&&) noexcept;

  const ModelInfo& info() const { return info_; }
  const Tokenizer& source_tokenizer() const { return *src_tok_; }
  const Tokenizer& target_tokenizer() const { return *tgt_tok_; }
  std::shared_ptr<const Model> model() const { return model_; }
  // The target vocabulary's <s> and </s>, as the model file's tokenizer defines them.
  ControlIds control_ids() const { return ids_; }

  // The text the model reads: `text` with its accent-less, lower-case words restored to the written form
  // the model learned from (text/restore.h), when the model file carries a restoration table, and a
  // final stop when it was typed without one (source languages written with spaces), when `restore` is set
  // (DecodeOptions::restore_input); `text` itself otherwise. final_stop false: without the stop.
  text::RestoredText restored(const std::string& text, bool restore = true, bool final_stop = true) const;
  // The text the model reads (restored()) and its source pieces: without the final stop when the stop
  // alone takes the source past the model's limit. Throws InputTooLong beyond it.
  std::pair<text::RestoredText, std::vector<Token>> read_source(const std::string& text, bool restore = true) const;
  bool restores_input() const { return restorer_ != nullptr; }
  // Source pieces (with </s>) of the text the model reads, and their spans in the typed `text`. Throws
  // InputTooLong beyond the model's limit.
  std::vector<Token> tokenize(const std::string& text, bool restore = true) const;
  std::vector<Token> tokenize(const text::RestoredText& read) const;
  // The sentences of a paragraph, as byte spans [begin, end) of `text` (text/sentences.h): translate
  // them one at a time (the models are trained on single sentences).
  std::vector<std::pair<size_t, size_t>> sentences(const std::string& text) const;
  // Target ids of a prefix text (no </s>), for DecodeOptions::prefix.
  std::vector<int> target_ids(const std::string& text) const;
  std::string detokenize(const std::vector<int>& target_ids) const;
  // The same, each generated <unk> written as the source token it copies (copies[i] >= 0: a position of
  // `source`; Hypothesis::copies, decode/unknown_copy.h).
  std::string detokenize(const std::vector<int>& target_ids, const std::vector<int>& copies,
                         const std::vector<Token>& source) const;
  Token target_token(int id) const;
  // A generated token's piece as shown: a copied <unk> (copied >= 0, a position of `source`) shows the
  // source text it writes.
  std::string shown_piece(int id, int copied, const std::vector<Token>& source) const;
  Token source_token(int id) const;  // a source vocabulary id's piece (no span)
  // The number guard for a source (its pieces' digit runs; decode/number_guard.h): what the searches of
  // translate(), begin() and start() apply when DecodeOptions::copy_numbers is on.
  NumberGuard number_guard(const std::vector<Token>& source) const;
  // The name guard for a source (its rare capitalized words; decode/name_guard.h), applied when
  // DecodeOptions::copy_names is on; and both guards together, as the searches take them.
  NameGuard name_guard(const std::vector<Token>& source) const;
  SourceGuards source_guards(const std::vector<Token>& source) const { return {number_guard(source), name_guard(source)}; }
  // A search's hypothesis with its text, pieces and the text of each step (a copied <unk>: the source
  // token's text, as its piece too).
  TranslationHypothesis to_text(const Hypothesis& h, const std::vector<Token>& source) const;

  // Empty or whitespace-only text gives a result with no hypotheses and no model work. `abort` is asked
  // before every model step, in every strategy: true stops with Error(Aborted) (decode/abort.h).
  TranslationResult translate(const std::string& text, const DecodeOptions& options,
                              const AbortCallback& abort = {}) const;
  // translate() one model step at a time: a caller that must stay responsive (the WebAssembly worker)
  // runs it in slices. Options are validated and the source encoded here.
  std::unique_ptr<TranslationJob> begin(const std::string& text, const DecodeOptions& options) const;
  // Step-wise decoding for animation (greedy or sample). Options are validated as by translate();
  // empty or whitespace-only text gives no session (nullptr): there is nothing to generate.
  std::unique_ptr<TranslationSession> start(const std::string& text, const DecodeOptions& options) const;

 private:
  ModelInfo info_;
  ControlIds ids_;
  int src_eos_ = -1;  // appended to every source
  std::unique_ptr<Tokenizer> src_tok_, tgt_tok_;
  std::shared_ptr<const TargetPieces> target_pieces_;  // what each target piece writes, for the decoding guards
  std::string src_lang_;                        // the source language ("" when the file does not say)
  std::unique_ptr<const text::InputRestorer> restorer_;  // metadata "restore"; null when the file has none
  std::unordered_set<std::string> translated_names_;      // metadata "names": words the pair translates (name_guard.h)
  std::shared_ptr<const Model> model_;
};

// A translation taken one model step at a time (Translator::begin): greedy and sampling through a
// StepSession, beam search through a BeamSearch. Blank text gives a job that is done at once.
class TranslationJob {
 public:
  // read_as: the text the model reads when it is not the typed text (Translator::restored), else "".
  TranslationJob(const Translator& translator, std::vector<Token> source, const DecodeOptions& options,
                 std::string read_as = "");
  ~TranslationJob();
  bool done() const;
  int steps() const { return steps_; }  // model steps taken
  void step();                          // one model step; throws BadInput when done()
  TranslationResult result();           // once done(): what translate() returns (call once)

 private:
  const Translator& translator_;
  DecodeOptions options_;
  TranslationResult result_;  // source, encoder attention, multiply-adds so far
  std::unique_ptr<StepSession> session_;  // greedy, sampling
  std::unique_ptr<BeamSearch> beam_;      // beam search
  int steps_ = 0;
};

class TranslationSession {
 public:
  TranslationSession(const Translator& translator, std::vector<Token> source, const DecodeOptions& options,
                     std::string read_as = "");
  const std::vector<Token>& source() const { return source_; }
  const std::string& read_as() const { return read_as_; }
  bool done() const { return session_.done(); }
  TranslationStep next();
  // The encoder's attention data; empty when DecodeOptions::return_attention is false.
  const AttentionStack& encoder_attention() const;
  const std::vector<Matrix>& attention_values() const;
  uint64_t encode_macs() const { return session_.state().encode_macs; }
  // The hypothesis so far, as text and tokens (copies the attention rows).
  TranslationHypothesis hypothesis() const;
  // The text so far (cheap: no attention copies).
  std::string text() const;
  // The translation so far as translate() returns it: source, the one hypothesis, encoder attention,
  // multiply-adds of the encoder and of every step taken.
  TranslationResult result() const;

 private:
  const Translator& translator_;
  std::vector<Token> source_;
  std::string read_as_;  // the text the model reads when restored, else ""
  DecodeOptions options_;
  StepSession session_;
  uint64_t step_macs_ = 0;  // multiply-adds of the steps taken so far
};

}  // namespace attnseq
