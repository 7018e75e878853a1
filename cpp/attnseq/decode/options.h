// Decoding options: one plain struct with defaults, validated once before decoding starts.
//
// ATTNSEQ_DECODE_OPTIONS is the one definition of every option: C++ member and type, default, kind,
// the strategy it applies to, accepted range and a one-line doc. It generates the struct's members
// and option_table(), from which everything else derives: validate(), the CLI's flags and --help
// (cpp/cli/args.cc), the JavaScript options object (wasm/bind_options.cc) and the description the
// front end reads for its defaults, form and widget attributes (Translator.decodingOptions()).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "attnseq/models/config.h"
#include "attnseq/models/model.h"

namespace attnseq {

enum class Strategy { Greedy, Beam, Sample };
const char* strategy_name(Strategy s);
Strategy parse_strategy(const std::string& name);  // "greedy" | "beam" | "sample"; throws BadOption

// X(type, member, default, kind, applies to, min, max, doc). Ranges are inclusive; top_k's upper
// bound is the target vocabulary and num_hypotheses' is beam_size (checked by validate()).
#define ATTNSEQ_DECODE_OPTIONS(X)                                                                                    \
  X(Strategy, strategy, Strategy::Greedy, Strategy, "", 0, 0,                                                        \
    "how the next token is chosen: greedy (most likely), beam (search) or sample (random)")                         \
  X(int, beam_size, 4, Int, "beam", 1, 64, "hypotheses kept per step")                                               \
  X(float, length_penalty, 1.0f, Float, "beam", 0, 10, "score = sum log p / length^penalty (0 = raw sum)")     \
  X(int, num_hypotheses, 1, Int, "beam", 1, 64, "hypotheses returned, best first (at most the beam size)")              \
  X(float, temperature, 1.0f, Float, "sample", 1e-4, 100, "logits are divided by it before sampling")               \
  X(int, top_k, 0, Int, "sample", 0, 1 << 20, "sample only among the k most likely tokens (0 = all)")              \
  X(float, top_p, 1.0f, Float, "sample", 1e-6, 1, "sample only among the most likely tokens whose mass reaches p")   \
  X(uint64_t, seed, 42, Seed, "sample", 0, 9007199254740991.0, "random seed: the same seed, the same output")        \
  X(float, max_length_ratio, 2.0f, Float, "", 0, 100, "length cap: ratio * source tokens + the extra tokens")       \
  X(int, max_length_extra, 10, Int, "", 0, 100000, "extra tokens of the length cap")                      \
  X(int, max_length, 256, Int, "", 1, 1 << 20, "never more target tokens than this (</s> included)")                 \
  X(int, no_repeat_ngram_size, 0, Int, "", 0, 64,                                                                   \
    "a token that would repeat an n-gram of this many tokens already in the translation gets probability 0 (0 = off)") \
  X(int, max_repeat_run, 2, Int, "", 0, 64,                                                                         \
    "a token that would make the translation end in more copies in a row of one n-gram (up to 10 tokens; pieces "  \
    "that write the same mark, with or without a leading space, count as one; in Chinese and Japanese, also of "  \
    "up to 10 characters, across pieces) than this gets probability 0: it ends loops such as "                     \
    "\"alors alors alors\" and \"走走走\" (0 = off)")                                                               \
  X(bool, copy_numbers, true, Bool, "", 0, 1,                                                                      \
    "digits in the translation copy the source's numbers: a token that would write a number the source does not "  \
    "hold gets probability 0, and so does a number word while a source number above 12 is still to be written "    \
    "(numbers up to 12 may still be spelled out)")                                                                 \
  X(bool, copy_names, true, Bool, "", 0, 1,                                                                       \
    "a rare name of the source (a capitalized word, not the first, that the model reads in 3 pieces or more) "    \
    "that the translation has begun to write is finished letter for letter: a token that would make it "        \
    "\"Begoa\" for \"Begoña\" or \"Janee\" for \"Jane\" gets probability 0; names the model file lists as "   \
    "translated (\"Afrique\" → \"Africa\") are left to the model")                                             \
  X(bool, restore_input, true, Bool, "", 0, 1,                                                                    \
    "text typed without accents, capitals or apostrophes (as the attention tutorials' preprocessing writes it: "   \
    "\"je suis desole .\") is read with the written form of its words that the model learned from (\"Je suis "   \
    "désolé .\"), when the model file has the table (info.restoresInput); and a sentence typed without its final "  \
    "stop gets one (\"Je suis désolé\" is read as \"Je suis désolé.\"), in a source language written with spaces " \
    "between words: the result's readAs says what was read")                                                    \
  X(std::vector<int>, prefix, {}, Prefix, "", 0, 0, "forced start of the translation; decoding continues after it") \
  X(bool, kv_cache, true, Bool, "", 0, 1, "Transformer: cache the decoder's keys/values (false recomputes them)")    \
  X(int, alternatives, 5, Int, "", 0, 50, "most likely tokens reported with each step")                             \
  X(bool, return_attention, true, Bool, "", 0, 1, "keep each step's attention weights in the results")              \
  X(std::vector<int>, source_mask, {}, Positions, "", 0, 0,                                                         \
    "source positions (0-based, </s> included) removed from every cross-attention softmax: their weight is 0 and "  \
    "the others are renormalized (the encoder still reads them)")                                                   \
  X(std::vector<HeadRef>, head_mask, {}, Heads, "", 0, 0,                                                           \
    "cross-attention heads switched off, as (decoder layer, head), 0-based: the head's context is zeroed before "  \
    "the output projection (the GRU decoder's one attention is (0, 0): its context c_t = 0)")

enum class OptionKind { Int, Float, Bool, Seed, Strategy, Prefix, Positions, Heads };
// "int", "float", "bool", "seed", "strategy", "prefix", "positions" (a list of source positions),
// "heads" (a list of (layer, head) pairs)
const char* option_kind_name(OptionKind kind);

struct DecodeOptions {
#define ATTNSEQ_X(type, member, def, kind, applies, lo, hi, doc) type member = def;
  ATTNSEQ_DECODE_OPTIONS(ATTNSEQ_X)
#undef ATTNSEQ_X

  // Throws Error(BadOption) naming the field (also as Error::field()), its value and the accepted range.
  // source_mask's positions are checked against the source when it is encoded (apply_masks).
  void validate(const ModelConfig& model) const;
  // What the model's encode() takes from these options: the KV cache and the interventions.
  StateOptions state_options() const;
  // Target-length cap for a source of src_len tokens.
  int length_limit(int src_len, const ModelConfig& model) const;
};

// One row of ATTNSEQ_DECODE_OPTIONS, with typed access to the member.
struct OptionSpec {
  const char* name;      // the C++ member, snake_case ("beam_size"); JavaScript spells it camelCase
  OptionKind kind;
  const char* applies;   // "beam", "sample" or "" (every strategy)
  double min, max;       // numbers: inclusive range
  const char* doc;       // one line
  // The member's value as a double (Int, Float, Bool, Seed) or as text (Strategy: its name).
  double number(const DecodeOptions& o) const;
  std::string text(const DecodeOptions& o) const;
  // Sets a number (Int, Float, Bool, Seed; no range check: validate() does it) or a strategy name.
  void set_number(DecodeOptions& o, double v) const;
  void set_text(DecodeOptions& o, const std::string& v) const;
  // Sets a list (Positions: source positions; Heads: (layer, head) pairs; no check: validate() does it).
  void set_positions(DecodeOptions& o, const std::vector<int>& v) const;
  void set_heads(DecodeOptions& o, const std::vector<HeadRef>& v) const;
};

const std::vector<OptionSpec>& option_table();
const OptionSpec* find_option(const std::string& name);  // by C++ name; nullptr when unknown

// The table as JSON text: [{"name", "kind", "applies", "min", "max", "default", "doc"}, ...] in table
// order; "choices" for the strategy. The CLI prints it (--options); the front end reads it through
// the WebAssembly module (decodingOptions()).
std::string describe_options();

}  // namespace attnseq
