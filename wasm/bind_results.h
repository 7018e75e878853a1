// C++ results → plain JavaScript objects (no Embind object escapes): numbers, strings, arrays, and
// Float32Array copies for attention matrices (their buffers are owned by JavaScript and transferable).
// Source spans are turned from UTF-8 byte offsets into UTF-16 offsets of the JavaScript string.
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "attnseq/translator.h"

namespace attnseq_wasm {

using emscripten::val;

// UTF-8 byte offset → UTF-16 code-unit offset of the same text (size() + 1 entries; an offset inside
// a multi-byte character maps to that character's start).
std::vector<int> utf16_offsets(const std::string& utf8);

// A Float32Array holding a copy of n floats.
val float32_array(const float* data, size_t n);

// [{id, piece, span: [begin, end] | null}] with UTF-16 spans.
val source_tokens_to_js(const std::vector<attnseq::Token>& tokens, const std::vector<int>& offsets);
// [{id, piece}]
val target_tokens_to_js(const std::vector<attnseq::Token>& tokens);
// {data: Float32Array (rows × cols, row-major), rows, cols}
val matrix_to_js(const std::vector<std::vector<float>>& rows, int cols);
// {data: Float32Array, layers, heads, rows, cols} for [1, layers, heads, rows, cols]; null when empty.
val attention_stack_to_js(const attnseq::AttentionStack& stack);
// [{data: Float32Array (rows × cols), rows, cols}] per layer: DecoderState::attention_values.
val attention_values_to_js(const std::vector<attnseq::Matrix>& values);
// {text, tokens, scores, probabilities, score, finished, attention, steps?} (steps: beam search)
val hypothesis_to_js(const attnseq::TranslationHypothesis& h, int src_len, const attnseq::Translator& t);
// The whole translation (see web/src/index.d.ts, TranslationResult).
val result_to_js(const attnseq::TranslationResult& r, const attnseq::Translator& t, const std::vector<int>& offsets);
// One generation step (see web/src/index.d.ts, GenerationStep); text: the translation so far.
val step_to_js(const attnseq::StepEvent& ev, const std::string& text, const attnseq::Translator& t);

}  // namespace attnseq_wasm
