// JSON rendering of translation results for `attnseq --json`.
#pragma once

#include <nlohmann/json.hpp>

#include "attnseq/attnseq.h"

namespace attnseq_cli {

nlohmann::json result_json(const attnseq::TranslationResult& result);
nlohmann::json info_json(const attnseq::ModelInfo& info);
nlohmann::json error_json(const std::string& code, const std::string& message);

}  // namespace attnseq_cli
