// The public API of attnseq in one header: load a model file from bytes, translate text with
// greedy / beam / sampling search, or step through decoding with attention at every step.
//
//   auto bytes = std::make_shared<attnseq::Bytes>(read_file("models/en-fr-transformer.safetensors"));
//   attnseq::Translator translator(bytes);
//   attnseq::DecodeOptions options;            // greedy by default
//   auto result = translator.translate("You should wear shoes.", options);
//   result.hypotheses[0].text;                 // "Tu devrais porter des chaussures."
//
// Errors are attnseq::Error with a stable code (core/errors.h).
#pragma once

#include "attnseq/core/errors.h"
#include "attnseq/decode/options.h"
#include "attnseq/decode/results.h"
#include "attnseq/sensitivity.h"
#include "attnseq/translator.h"
