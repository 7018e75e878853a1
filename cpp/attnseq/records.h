// What the engine hands out, declared once: the fields of a generation step, a hypothesis, a
// translation result, a beam search candidate, a generation's source, and the model's facts (info,
// config, control ids). Each X-macro row is
//   X(name, kind, value, doc)
//   name   the field as JSON spells it (the CLI's --json and --info); JavaScript spells it in camelCase
//          (cross_attention → crossAttention), as it does the decoding options
//   kind   how the value is written (FieldKind: one meaning in every output)
//   value  the field, an expression over `s`, the record's C++ object (named with each list)
//   doc    one line for the user: index.d.ts carries it
// The outputs are generated from these lists: the CLI's JSON (cpp/cli/json_out.cc), the Embind objects
// (wasm/bind_records.cc: value_object records, plain data), and describe_records() (the lists as JSON:
// scripts/gen_dts.mjs writes index.d.ts's interfaces from it; tests/js/records.test.js fails when the
// file is stale or when an output's keys differ from the list). A C++ member renamed breaks the build
// here; a field renamed here changes index.d.ts, and the front end's reads of the old name fail tsc.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "attnseq/sensitivity.h"
#include "attnseq/translator.h"

namespace attnseq {

// The metadata entries that info reports (FieldKind::Metadata): all but the tables the engine reads
// (the tokenizers, the input restoration table, the names table of the name guard), which are large or
// say nothing to a reader.
inline bool reported_metadata(const std::string& key) {
  return key != "src_tokenizer" && key != "tgt_tokenizer" && key != "restore" && key != "names";
}

enum class FieldKind {
  Int,           // int → number
  Float,         // float → number
  Count,         // uint64_t (multiply-adds) → number
  Bool,          // bool → boolean
  Text,          // std::string → string
  Piece,         // a target id → its piece (string)
  Token,         // a target id → JavaScript {id, piece}; JSON: the id (its piece is the record's `piece`)
  Tokens,        // target Tokens → [{id, piece}]
  SourceTokens,  // source Tokens → [{id, piece, span: [begin, end) | null}] (JSON: UTF-8 byte offsets;
                 //   JavaScript: UTF-16 offsets of the string passed in)
  Alternatives,  // (id, probability) pairs → [{id, piece, probability}]
  Numbers,       // std::vector<float> → number[]
  Floats,        // std::vector<float> → JavaScript Float32Array; JSON number[] (left out when empty)
  OptFloats,     // std::vector<float> → Float32Array, null when empty (JSON: left out)
  StepStack,     // AttentionStack [1, layers, heads, 1, cols] → {data, layers, heads, cols}, null when empty
                 //   (JSON: [layers][heads][cols], left out when empty)
  Stack,         // AttentionStack [1, layers, heads, rows, cols] → {data, layers, heads, rows, cols}, null when
                 //   empty (JSON: [layers][heads][rows][cols], left out when empty)
  Table,         // rows of floats of one length (std::vector<std::vector<float>>) → {data, rows, cols} (cols: the
                 //   rows' length, 0 without rows; JSON: [rows][cols])
  Rows,          // rows of floats (std::vector<std::vector<float>>, cols: the source length) → {data, rows, cols}
                 //   (JSON: [rows][cols])
  Matrices,      // std::vector<Matrix> → [{data, rows, cols}] (JSON: [[[...]]])
  Steps,         // TranslationSteps → [step records], null when empty (JSON: left out)
  Hypotheses,    // TranslationHypotheses → [hypothesis records]
  Trace,         // BeamTrace → [[candidate records]] per step, null when empty (JSON: left out)
  Config,        // ModelConfig → the config record
  ControlIds,    // the Translator's control ids → the control-ids record
  Metadata,      // the file's __metadata__ (reported_metadata(): the large tables left out) → {key: value}
  Arch,          // Arch → its name (arch_name)
  OptInt,        // std::optional<int> → number, left out when absent
  OptInts,       // std::optional<std::vector<int>> → number[], left out when absent
  OptAttention,  // std::optional<AttentionKind> → its name (attention_name), left out when absent
};
const char* field_kind_name(FieldKind kind);  // "int", "float", ... as describe_records() writes it

// One step of the autoregressive loop (s: a TranslationStep).
#define ATTNSEQ_STEP_FIELDS(X)                                                                                     \
  X(step, Int, s.event.step, "0-based index of the generated token")                                              \
  X(token, Token, s.event.token, "the chosen token")                                                              \
  X(piece, Text, s.piece, "the chosen token's piece (token.piece; a copied `<unk>`: the source text it writes)")                                        \
  X(text, Text, s.text, "the translation so far (all tokens up to this one, detokenized)")                       \
  X(probability, Float, s.event.probability,                                                                      \
    "its probability under the model (before temperature, top-k, top-p and the guards)")                \
  X(forced, Bool, s.event.forced, "taken from the forced prefix, not chosen by the search")                      \
  X(copied, Int, s.event.copied,                                                                                  \
    "a generated `<unk>` (a character the target vocabulary lacks): the index of the source token whose text "   \
    "the translation writes in its place (the source `<unk>` this step's alignment weighs most); -1 otherwise")   \
  X(end, Bool, s.event.end, "the token ends the sentence (the model's `</s>`, info.controlIds.eos)")              \
  X(done, Bool, s.event.done, "this is the last step: an end, or the length limit reached (done && !end)")       \
  X(capped, Bool, s.event.capped,                                                                                 \
    "a guard acted: the length cap (maxLength, maxLengthRatio) ended the output here, before `</s>`")           \
  X(alternatives, Alternatives, s.event.alternatives,                                                             \
    "the `alternatives` most likely tokens, descending (probabilities under the model)")                          \
  X(blocked, Alternatives, s.event.blocked,                                                                       \
    "a guard acted: the tokens the no-repeat-n-gram guard removed here that the model preferred to the chosen "  \
    "one (most likely first); empty when it did not change the choice")                                          \
  X(number_blocked, Alternatives, s.event.number_blocked,                                                         \
    "a guard acted: the tokens the number guard (copyNumbers) removed here because they would write a number the " \
    "source does not hold, that the model preferred to the chosen one (most likely first); empty when it did not " \
    "change the choice")                                                                                          \
  X(name_blocked, Alternatives, s.event.name_blocked,                                                             \
    "a guard acted: the tokens the name guard (copyNames) removed here because they would depart from a source " \
    "name the translation had begun to write, that the model preferred to the chosen one (most likely first); "  \
    "empty when it did not change the choice")                                                                    \
  X(sampled, OptFloats, s.event.sampled,                                                                          \
    "sampling: each alternative's probability in the distribution the token was drawn from (after temperature, " \
    "top-k, top-p and the guards; 0 = cut); null for greedy and beam search")                           \
  X(cross_attention, StepStack, s.event.cross_attention,                                                          \
    "the cross-attention weights (softmax of crossScores), [layers][heads][cols]; null when returnAttention is "  \
    "false")                                                                                                        \
  X(cross_scores, StepStack, s.event.cross_scores,                                                                \
    "the scores before the softmax, same layout (RNN: the score function's values; Transformer: q·k/sqrt(dh) "   \
    "per head); null without attention")                                                                           \
  X(context, StepStack, s.event.cross_context,                                                                    \
    "[layers][1][C]: each layer's weighted sum Σ_j weight_j · attentionValues[layer][j] (Transformer: the "       \
    "heads' outputs side by side, before the output projection); null without attention")                        \
  X(alignment, Floats, s.event.alignment,                                                                         \
    "[source tokens]: the alignment row of this step (see Hypothesis.attention); empty when returnAttention is "  \
    "false")                                                                                                        \
  X(macs, Count, s.event.macs, "multiply-adds of this step (beam search: this hypothesis's share)")

// A translation (s: a TranslationHypothesis).
#define ATTNSEQ_HYPOTHESIS_FIELDS(X)                                                                               \
  X(text, Text, s.text, "the translation (detokenized target pieces)")                                            \
  X(tokens, Tokens, s.tokens, "target tokens, `</s>` included when reached")                                      \
  X(scores, Numbers, s.logprobs, "natural log of each token's probability")                                       \
  X(probabilities, Numbers, s.probabilities,                                                                      \
    "probability of each token under the model (before temperature, top-k, top-p and the guards)")       \
  X(score, Float, s.score, "the hypothesis score: sum of scores (beam: divided by length^lengthPenalty)")          \
  X(finished, Bool, s.finished, "false when the length cap stopped it before `</s>` (a guard acted)")             \
  X(attention, Rows, s.attention,                                                                                 \
    "[tokens × source tokens]: the alignment row of each generated token (RNN: its attention; Transformer: the "  \
    "last decoder layer's cross-attention, mean over heads); rows 0 when returnAttention is false")              \
  X(steps, Steps, s.steps,                                                                                        \
    "beam search: each step of this hypothesis as generate() would report it (token, probability, the "          \
    "alternatives of its beam's distribution, what the guards did, attention); null for greedy and sampling")

// What translate() adds to its best hypothesis's fields (s: a TranslationResult).
#define ATTNSEQ_RESULT_FIELDS(X)                                                                                   \
  X(source_tokens, SourceTokens, s.source, "the source tokens the model read, `</s>` included")                   \
  X(hypotheses, Hypotheses, s.hypotheses, "best first (beam: numHypotheses of them; greedy/sample: one)")          \
  X(beam_trace, Trace, s.beam_trace, "beam search: every candidate considered at each step, best score first; null otherwise") \
  X(encoder_attention, Stack, s.encoder_attention,                                                                \
    "Transformer: encoder self-attention (see GenerationSource); null for RNN models and when returnAttention is " \
    "false")                                                                                                        \
  X(attention_values, Matrices, s.attention_values,                                                               \
    "see GenerationSource.attentionValues; empty when returnAttention is false")                                  \
  X(encoder_macs, Count, s.encode_macs, "multiply-adds of the encoder")                                           \
  X(macs, Count, s.macs, "multiply-adds spent (encoder + all steps)")                                             \
  X(read_as, Text, s.read_as,                                                                                     \
    "the text the model read, when the engine restored the typed text (restoreInput: \"je suis desole .\" read "  \
    "as \"Je suis désolé .\"); \"\" when it read the text as typed")

// One candidate of the beam search trace (s: a BeamCandidate).
#define ATTNSEQ_CANDIDATE_FIELDS(X)                                                                                \
  X(parent, Int, s.parent, "index of the parent in beamTrace[step - 1] (-1 at step 0)")                           \
  X(token, Int, s.token, "the token's id")                                                                        \
  X(piece, Piece, s.token, "the token's piece")                                                                   \
  X(logprob, Float, s.logprob, "log p of this token under the model")                                             \
  X(score, Float, s.score, "cumulative log p of the hypothesis ending here")                                      \
  X(kept, Bool, s.kept, "continued as a live beam")                                                               \
  X(finished, Bool, s.finished, "ended with `</s>` (or at the length cap) and joined the n-best candidates")

// What a generation reads before its first step (s: a TranslationSession).
#define ATTNSEQ_SOURCE_FIELDS(X)                                                                                   \
  X(source_tokens, SourceTokens, s.source(), "the source tokens the model read, `</s>` included")                 \
  X(encoder_attention, Stack, s.encoder_attention(),                                                              \
    "Transformer: encoder self-attention, [layers][heads][S][S] with S = sourceTokens.length (rows: queries, "   \
    "cols: keys); null for RNN models and when returnAttention is false")                                          \
  X(attention_values, Matrices, s.attention_values(),                                                             \
    "per decoder layer, [S × C]: the vectors cross-attention's weighted sum runs over (RNN: the encoder states, " \
    "C = hidden; Transformer: the layer's projected values, C = dModel, head h in columns h·dh .. (h+1)·dh); "    \
    "empty for the model without attention and when returnAttention is false")                                   \
  X(macs, Count, s.encode_macs(), "multiply-adds of the encoder")                                                 \
  X(read_as, Text, s.read_as(),                                                                                   \
    "the text the model reads, when the engine restored the typed text (restoreInput); \"\" when it reads the "  \
    "text as typed")

// What each source token contributes to what the decoder reads (s: a SensitivityResult; sensitivity.h):
// --sensitivity, Translator.sensitivity().
#define ATTNSEQ_SENSITIVITY_FIELDS(X)                                                                              \
  X(source_tokens, SourceTokens, s.source, "the source tokens, `</s>` included; each one but `</s>` is replaced in turn") \
  X(replacement, Text, s.replacement.piece, "the source piece put in each position's place (default: `<unk>`)")   \
  X(replacement_id, Int, s.replacement.id, "its source vocabulary id")                                          \
  X(tokens, Tokens, s.target, "the translation (the best hypothesis), teacher-forced in every run")              \
  X(measure, Text, s.measure,                                                                                     \
    "'fixed': the fixed context vector, the decoder's initial state h0 (the model without attention); 'steps': "  \
    "each step's cross-attention context (a Transformer's decoder layers side by side)")                         \
  X(change, Numbers, s.change,                                                                                    \
    "[source tokens, `</s>` left out]: ‖c − c′‖ / ‖c‖ with that token replaced ('steps': the mean over the steps)") \
  X(step_change, Table, s.step_change, "[source tokens × steps]: 'steps' only, each step's ‖c_t − c_t′‖ / ‖c_t‖")   \
  X(forward, Numbers, s.forward,                                                                                  \
    "bi-GRU encoder: per position, the relative change of the forward direction's last state (read left to "     \
    "right, it ends on the last token); empty for other encoders")                                               \
  X(backward, Numbers, s.backward,                                                                                \
    "bi-GRU encoder: the same for the backward direction's last state (read right to left, it ends on the first " \
    "token)")                                                                                                     \
  X(probabilities, Numbers, s.probabilities, "each translation token's probability given the original source")    \
  X(replaced_probabilities, Table, s.replaced_probabilities,                                                      \
    "[source tokens × translation tokens]: each translation token's probability with that source token replaced") \
  X(macs, Count, s.macs, "multiply-adds of every run (the original and one per replaced token)")

// The model (s: a Translator): --info, Translator.info.
#define ATTNSEQ_MODEL_INFO_FIELDS(X)                                                                               \
  X(name, Text, s.info().name, "the file's metadata \"name\" (may be empty)")                                     \
  X(description, Text, s.info().description, "the file's metadata \"description\" (may be empty)")                \
  X(quantized, Bool, s.info().quantized, "weights stored as int8")                                                \
  X(config, Config, s.info().config, "the file's config: architecture and sizes")                                 \
  X(restores_input, Bool, s.restores_input(),                                                                     \
    "the file carries a table that restores text typed without accents, capitals or apostrophes (the decoding "  \
    "option restoreInput; the result's readAs)")                                                                   \
  X(has_attention, Bool, s.model()->has_attention(),                                                              \
    "false for the fixed-context RNN (attention: 'none'): its steps' attention is all zero")                      \
  X(control_ids, ControlIds, s,                                                                                   \
    "the target vocabulary's control tokens, as the file's tokenizer defines them: decoding starts with `bos` "   \
    "and a step whose token is `eos` ends the sentence (GenerationStep.end)")                                     \
  X(metadata, Metadata, s.info().metadata,                                                                        \
    "the file's `__metadata__`, tokenizers and the restoration table left out (format, format_version, config, "  \
    "training, ...)")

// The control tokens (s: a Translator).
#define ATTNSEQ_CONTROL_ID_FIELDS(X)                                                                               \
  X(bos, Int, s.control_ids().bos, "`<s>`: the decoder's first input")                                            \
  X(eos, Int, s.control_ids().eos, "`</s>`: the end of a sentence")                                               \
  X(bos_piece, Text, s.target_token(s.control_ids().bos).piece, "the piece of `<s>`")                             \
  X(eos_piece, Text, s.target_token(s.control_ids().eos).piece, "the piece of `</s>`")

// The architecture and sizes (s: a ModelConfig). Fields of another architecture are left out.
#define ATTNSEQ_CONFIG_FIELDS(X)                                                                                   \
  X(arch, Arch, s.arch, "the architecture")                                                                       \
  X(vocab_src, Int, s.vocab_src, "source vocabulary size")                                                        \
  X(vocab_tgt, Int, s.vocab_tgt, "target vocabulary size")                                                        \
  X(share_embeddings, Bool, s.share_embeddings, "the encoder reads the decoder's embedding")                      \
  X(max_src_len, Int, s.max_src_len, "longest accepted source, in tokens, `</s>` included")                       \
  X(max_target_len, Int, s.max_target_len(), "longest possible translation, in tokens, `</s>` included")          \
  X(emb_dim, OptInt, when_gru(s, s.rnn.emb_dim), "rnn and conv (the GRU decoder): embedding size")                \
  X(hidden, OptInt, when_gru(s, s.rnn.hidden), "rnn and conv: decoder state size")                                \
  X(attention, OptAttention, when_gru(s, s.rnn.attention),                                                        \
    "rnn and conv: the attention score function ('none': a fixed context)")                                      \
  X(attn_dim, OptInt, when_gru(s, s.rnn.attn_dim), "rnn and conv: additive attention's hidden size")              \
  X(d_model, OptInt, when_arch(s, attnseq::Arch::Transformer, s.transformer.d_model), "transformer: model width")          \
  X(heads, OptInt, when_arch(s, attnseq::Arch::Transformer, s.transformer.heads), "transformer: attention heads")          \
  X(ffn_dim, OptInt, when_arch(s, attnseq::Arch::Transformer, s.transformer.ffn_dim), "transformer: feed-forward width")   \
  X(enc_layers, OptInt, when_arch(s, attnseq::Arch::Transformer, s.transformer.enc_layers), "transformer: encoder layers")  \
  X(dec_layers, OptInt, when_arch(s, attnseq::Arch::Transformer, s.transformer.dec_layers), "transformer: decoder layers")  \
  X(max_positions, OptInt, max_positions(s), "transformer and conv: rows of the position table")                  \
  X(kernel, OptInt, when_arch(s, attnseq::Arch::Conv, s.conv.kernel),                                                      \
    "conv: the encoder's convolutions, each over `kernel` positions centred on a token")                         \
  X(conv_layers, OptInt, when_arch(s, attnseq::Arch::Conv, s.conv.layers), "conv: the encoder's convolution layers")       \
  X(receptive_field, OptInts, receptive_fields(s),                                                                \
    "conv: tokens one encoder position sees after each layer (1 + l·(kernel − 1) for l = 1..convLayers)")

// A config value of some architectures only: absent for the others.
template <typename T>
std::optional<T> when_arch(const ModelConfig& c, Arch arch, T v) {
  return c.arch == arch ? std::optional<T>(v) : std::nullopt;
}
template <typename T>
std::optional<T> when_gru(const ModelConfig& c, T v) {  // rnn and conv: the GRU decoder's
  return c.gru_decoder() ? std::optional<T>(v) : std::nullopt;
}
std::optional<int> max_positions(const ModelConfig& c);
std::optional<std::vector<int>> receptive_fields(const ModelConfig& c);

// Every list as JSON, for the generated TypeScript and the tests:
//   {"step": [{"name", "kind", "doc", "choices"?}, ...], "hypothesis": [...], "result", "candidate",
//    "source", "model_info", "control_ids", "config"}
// (choices: the names an Arch or OptAttention field takes).
std::string describe_records();

}  // namespace attnseq
