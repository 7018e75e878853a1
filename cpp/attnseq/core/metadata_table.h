// A table that the exporter puts into a model file's metadata (train/export.py): a JSON object
// {"version": 1, "<field>": [...]} ("restore": the input restorer's forms, text/restore.h; "names": the
// words the pair translates, decode/name_guard.h). One check of the envelope for every such table, with
// errors that name the entry and say what to do.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "attnseq/core/errors.h"

namespace attnseq {

// Throws ModelBadConfig for metadata entry `key`: "model metadata "KEY": WHAT (export the model again …)".
[[noreturn]] inline void bad_metadata_table(const std::string& key, const std::string& what) {
  throw Error(ErrorCode::ModelBadConfig, "model metadata \"" + key + "\": " + what +
                                             " (export the model again with train/export.py, or remove the entry)");
}

// The array `field` of the table `j` (entry `key`), after checking that `j` is an object of version 1.
inline const nlohmann::json& metadata_table_array(const nlohmann::json& j, const std::string& key, const char* field) {
  if (j.is_discarded() || !j.is_object()) bad_metadata_table(key, "not a JSON object");
  if (!j.contains("version") || !j["version"].is_number_integer() || j["version"].get<int>() != 1)
    bad_metadata_table(key, "\"version\" is not 1 (a newer attnseq wrote it: update attnseq)");
  if (!j.contains(field) || !j[field].is_array()) bad_metadata_table(key, std::string("no \"") + field + "\" array");
  return j[field];
}

}  // namespace attnseq
