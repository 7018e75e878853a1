// Fuzz target: decoding options. The input fills every DecodeOptions field with raw bytes (ints and
// floats as they come: NaN, infinities, negatives, huge values), picks one of the 8 miniature models of
// tests/fuzz/models/ (every architecture and attention kind, F32 and I8, shared embeddings; a vocabulary
// of 12 pieces, so that decoding costs well under a millisecond: with the tiny models of
// tests/data/models/, vocabulary 400, this target ran at ~190 inputs/s) and gives the source text.
// DecodeOptions::validate must accept or reject them with Error(BadOption); accepted options then drive a
// real translation (Translator::translate, and for greedy/sample a step session run to the end) with the
// work bounded: max_length capped at 8, beam_size at 13 (still wider than the vocabulary: fewer
// candidates than beam slots) with num_hypotheses at most beam_size, the text at 32 bytes.
// -max_len=112 in scripts/test_native_hardening.sh (52 option bytes, up to 28 of prefix, 32 of text).
//
// Input layout (little-endian; missing bytes read as 0), see tests/fuzz/make_seeds.py:
//   u8 model, u8 strategy (%3), i32 beam_size, f32 length_penalty, i32 num_hypotheses, f32 temperature,
//   i32 top_k, f32 top_p, u64 seed, f32 max_length_ratio, i32 max_length_extra, i32 max_length,
//   u8 flags (1 kv_cache, 2 return_attention, 4 step session, bits 3-7: no_repeat_ngram_size % 5),
//   i32 alternatives,
//   u8 prefix length (%8) then that many i32 ids; the rest (at most 32 bytes) is the source text.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "attnseq/attnseq.h"
#include "fuzz_common.h"

namespace {

constexpr const char* kModels[] = {
    "../fuzz/models/rnn-none.safetensors",       "../fuzz/models/rnn-additive.safetensors",
    "../fuzz/models/rnn-dot.safetensors",        "../fuzz/models/rnn-general.safetensors",
    "../fuzz/models/rnn-scaled_dot.safetensors", "../fuzz/models/transformer.safetensors",
    "../fuzz/models/transformer.i8.safetensors", "../fuzz/models/transformer-shared.safetensors",
};
constexpr int kNumModels = sizeof kModels / sizeof kModels[0];
constexpr int kMaxLengthCap = 8;
constexpr size_t kMaxTextBytes = 32;
constexpr int kMaxBeam = 13;  // still wider than the 12-piece vocabulary

const attnseq::Translator& model(int i) {
  static std::unique_ptr<attnseq::Translator> cache[kNumModels];
  if (!cache[i]) cache[i] = std::make_unique<attnseq::Translator>(fuzz::read_file(fuzz::data_path(kModels[i])));
  return *cache[i];
}

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "decoding invariant broken: %s\n", what);
    std::abort();
  }
}

void check_hypothesis(const attnseq::TranslationHypothesis& h, const attnseq::DecodeOptions& o) {
  check(static_cast<int>(h.tokens.size()) <= o.max_length, "hypothesis longer than max_length");
  check(h.tokens.size() == h.probabilities.size() && h.tokens.size() == h.logprobs.size(),
        "tokens, probabilities and logprobs differ in length");
  check(!o.return_attention || h.attention.size() == h.tokens.size(), "one attention row per token");
  for (size_t i = 0; i < h.tokens.size() && i < o.prefix.size(); ++i) {
    check(h.tokens[i].id == o.prefix[i], "the forced prefix was not followed");
    if (o.prefix[i] == 3) break;  // </s> in the prefix ends the hypothesis
  }
  // the no-repeat guard: no chosen token (</s> aside) completes an n-gram that occurred before
  const int n = o.no_repeat_ngram_size;
  for (size_t t = std::max<size_t>(o.prefix.size(), n > 0 ? n - 1 : 0); n > 0 && t < h.tokens.size(); ++t) {
    if (h.tokens[t].id == 3) continue;
    for (size_t i = 0; i + n <= t; ++i) {
      bool same = true;
      for (int j = 0; j < n && same; ++j) same = h.tokens[i + j].id == h.tokens[t + 1 - n + j].id;
      check(!same, "a token completed an n-gram the no-repeat guard bans");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::Reader in(data, size);
  const attnseq::Translator& translator = model(in.u8() % kNumModels);
  attnseq::DecodeOptions o;
  o.strategy = static_cast<attnseq::Strategy>(in.u8() % 3);
  o.beam_size = in.i32();
  o.length_penalty = in.f32();
  o.num_hypotheses = in.i32();
  o.temperature = in.f32();
  o.top_k = in.i32();
  o.top_p = in.f32();
  o.seed = in.u64();
  o.max_length_ratio = in.f32();
  o.max_length_extra = in.i32();
  o.max_length = in.i32();
  const uint8_t flags = in.u8();
  o.kv_cache = flags & 1;
  o.return_attention = flags & 2;
  const bool stepwise = flags & 4;
  o.no_repeat_ngram_size = (flags >> 3) % 5;
  o.alternatives = in.i32();
  const int prefix_len = in.u8() % 8;
  for (int i = 0; i < prefix_len; ++i) o.prefix.push_back(in.i32());
  std::string text = in.rest();
  if (text.size() > kMaxTextBytes) text.resize(kMaxTextBytes);

  const attnseq::ModelConfig& config = translator.info().config;
  try {
    o.validate(config);
  } catch (const attnseq::Error& e) {
    check(e.code() == attnseq::ErrorCode::BadOption, "validate threw something other than BAD_OPTION");
    return 0;
  }
  // Valid options: bound the work, then decode for real.
  o.max_length = std::min(o.max_length, kMaxLengthCap);
  o.beam_size = std::min(o.beam_size, kMaxBeam);
  o.num_hypotheses = std::min(o.num_hypotheses, o.beam_size);
  fuzz::expect_typed_errors([&] {
    o.validate(config);  // the cap may make the prefix too long: BAD_OPTION then
    const int limit = o.length_limit(static_cast<int>(text.size()) + 1, config);
    check(limit >= 1 && limit <= std::max<int>(o.max_length, static_cast<int>(o.prefix.size()) + 1),
          "length_limit outside 1..max_length");
    if (stepwise && o.strategy != attnseq::Strategy::Beam) {
      auto session = translator.start(text, o);
      if (!session) return;  // blank text: nothing to generate
      int steps = 0;
      while (!session->done()) {
        const attnseq::StepEvent ev = session->next().event;
        check(ev.token >= 0 && ev.token < config.vocab_tgt, "step produced a token outside the vocabulary");
        check(static_cast<int>(ev.alternatives.size()) == std::min(o.alternatives, config.vocab_tgt),
              "step reported the wrong number of alternatives");
        check(++steps <= o.max_length, "step session ran past max_length");
      }
      check_hypothesis(session->hypothesis(), o);
      bool threw = false;
      try {
        session->next();
      } catch (const attnseq::Error& e) {
        threw = e.code() == attnseq::ErrorCode::BadInput;
      }
      check(threw, "next() after done() must throw BAD_INPUT");
      return;
    }
    const attnseq::TranslationResult r = translator.translate(text, o);
    check(static_cast<int>(r.hypotheses.size()) <= o.num_hypotheses || o.strategy != attnseq::Strategy::Beam,
          "more hypotheses than num_hypotheses");
    for (const auto& h : r.hypotheses) check_hypothesis(h, o);
  });
  return 0;
}
