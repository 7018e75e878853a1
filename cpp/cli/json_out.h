// JSON rendering of translation results for `attnseq --json` and of the model for `--info`: the
// records of cpp/attnseq/records.h, field for field (the names of its lists, snake_case).
#pragma once

#include <nlohmann/json.hpp>

#include "attnseq/attnseq.h"

namespace attnseq_cli {

// The result (ATTNSEQ_RESULT_FIELDS), its hypotheses and, where recorded, their steps. Fields whose data
// is empty (attention with --no-return-attention, the beam trace of greedy search) are left out.
nlohmann::json result_json(const attnseq::TranslationResult& result, const attnseq::Translator& translator);
// The model (ATTNSEQ_MODEL_INFO_FIELDS): what Translator.info gives JavaScript.
nlohmann::json info_json(const attnseq::Translator& translator);
// The sensitivity of what the decoder reads to each source token (ATTNSEQ_SENSITIVITY_FIELDS).
nlohmann::json sensitivity_json(const attnseq::SensitivityResult& result, const attnseq::Translator& translator);
nlohmann::json error_json(const std::string& code, const std::string& message);

}  // namespace attnseq_cli
