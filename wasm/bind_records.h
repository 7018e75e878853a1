// The engine's records (cpp/attnseq/records.h) as plain JavaScript objects: Embind value_objects whose
// fields are generated from the X-macro lists (names in camelCase), so no Embind object escapes and the
// fields are the lists' exactly. Attention data goes out as Float32Array copies (owned by JavaScript,
// transferable); source spans as UTF-16 offsets of the JavaScript string.
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "attnseq/sensitivity.h"
#include "attnseq/translator.h"

namespace attnseq_wasm {

using emscripten::val;

// UTF-8 byte offset → UTF-16 code-unit offset of the same text (size() + 1 entries; an offset inside
// a multi-byte character maps to that character's start).
std::vector<int> utf16_offsets(const std::string& utf8);

// [{id, piece, span: [begin, end] | null}] with the UTF-16 spans of `offsets` (utf16_offsets of the text).
val source_tokens_to_js(const std::vector<attnseq::Token>& tokens, const std::vector<int>& offsets);
// ATTNSEQ_RESULT_FIELDS on top of the best hypothesis's ATTNSEQ_HYPOTHESIS_FIELDS (see index.d.ts,
// TranslationResult).
val result_to_js(const attnseq::TranslationResult& r, const attnseq::Translator& t, const std::vector<int>& offsets);
// ATTNSEQ_STEP_FIELDS (index.d.ts, GenerationStep).
val step_to_js(const attnseq::TranslationStep& s, const attnseq::Translator& t);
// ATTNSEQ_SOURCE_FIELDS (index.d.ts, GenerationSource).
val source_to_js(const attnseq::TranslationSession& s, const attnseq::Translator& t, const std::vector<int>& offsets);
// ATTNSEQ_SENSITIVITY_FIELDS (index.d.ts, Sensitivity).
val sensitivity_to_js(const attnseq::SensitivityResult& s, const attnseq::Translator& t, const std::vector<int>& offsets);
// ATTNSEQ_MODEL_INFO_FIELDS (index.d.ts, ModelInfo).
val info_to_js(const attnseq::Translator& t);

}  // namespace attnseq_wasm
