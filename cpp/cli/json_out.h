// JSON rendering of translation results for `attnseq --json`.
#pragma once

#include <nlohmann/json.hpp>

#include "attnseq/attnseq.h"

namespace attnseq_cli {

// The result as JSON; each hypothesis's steps (greedy and sampling: recorded by translate_steps) name
// their pieces, alternatives and cross-attention per layer and head.
// attention = false (--no-return-attention) leaves the steps' attention records out.
nlohmann::json result_json(const attnseq::TranslationResult& result, const attnseq::Translator& translator,
                           bool attention = true);
nlohmann::json info_json(const attnseq::ModelInfo& info);
nlohmann::json error_json(const std::string& code, const std::string& message);

}  // namespace attnseq_cli
