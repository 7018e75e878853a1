// JavaScript options object → attnseq::DecodeOptions. Keys are the camelCase names of the C++ fields
// (web/src/index.d.ts, DecodeOptions); every key and type is checked: an unknown key, a wrong type or
// an out-of-range value throws Error(BadOption) naming the JavaScript key (range errors of
// DecodeOptions::validate() name the C++ field as Error::field(): bind_errors.cc shows its JavaScript key). `undefined` values count as
// absent. `prefix` is a string (tokenized with the target tokenizer) or an array of target ids.
#pragma once

#include <emscripten/val.h>

#include "attnseq/decode/options.h"
#include "attnseq/translator.h"

namespace attnseq_wasm {

attnseq::DecodeOptions decode_options_from_js(const emscripten::val& options, const attnseq::Translator& translator);

}  // namespace attnseq_wasm
