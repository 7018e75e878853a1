// Tokenizer::from_json: reads and validates the tokenizer JSON of docs/model-format.md.
#include <cmath>
#include <cstdint>
#include <limits>

#include "attnseq/core/errors.h"
#include "attnseq/text/base64.h"
#include "attnseq/text/tokenizer_impl.h"

namespace attnseq {
namespace {

using nlohmann::json;

[[noreturn]] void fail(const std::string& field, const std::string& what) {
  throw Error(ErrorCode::BadTokenizer, "tokenizer " + field + ": " + what);
}

const json& member(const json& obj, const char* key, const std::string& where) {
  const auto it = obj.find(key);
  if (it == obj.end()) fail(where + key, "missing");
  return *it;
}

std::string get_string(const json& obj, const char* key, const std::string& where) {
  const json& v = member(obj, key, where);
  if (!v.is_string()) fail(where + key, std::string("expected a string, got ") + v.type_name());
  return v.get<std::string>();
}

bool get_bool(const json& obj, const char* key, const std::string& where) {
  const json& v = member(obj, key, where);
  if (!v.is_boolean()) fail(where + key, std::string("expected true or false, got ") + v.type_name());
  return v.get<bool>();
}

int64_t get_int(const json& v, const std::string& field) {
  if (!v.is_number_integer()) fail(field, std::string("expected an integer, got ") + v.type_name());
  if (v.is_number_unsigned() && v.get<uint64_t>() > uint64_t(std::numeric_limits<int32_t>::max())) {
    fail(field, "integer out of range");
  }
  const int64_t n = v.get<int64_t>();
  if (n < std::numeric_limits<int32_t>::min() || n > std::numeric_limits<int32_t>::max()) {
    fail(field, "integer out of range");
  }
  return n;
}

float get_score(const json& v, const std::string& field) {
  if (!v.is_number()) fail(field, std::string("expected a number, got ") + v.type_name());
  const float score = static_cast<float>(v.get<double>());
  if (!std::isfinite(score)) fail(field, "expected a finite float32 score");
  return score;
}

// [piece, score, type], or [piece, type] when the score comes from the scores table.
text::PieceEntry read_piece(const json& v, const std::string& field, const float* score) {
  const size_t n = score ? 2 : 3;
  if (!v.is_array() || v.size() != n) fail(field, score ? "expected [piece, type] (scores are a tensor)" : "expected [piece, score, type]");
  if (!v[0].is_string()) fail(field + "[0]", std::string("expected a string, got ") + v[0].type_name());
  const std::string type_field = field + "[" + std::to_string(n - 1) + "]";
  const int64_t type = get_int(v[n - 1], type_field);
  if (type < 1 || type > 6) fail(type_field, "expected a piece type 1..6, got " + std::to_string(type));
  if (score && !std::isfinite(*score)) fail(field, "its score in the scores tensor is not a finite number");
  return {v[0].get<std::string>(), score ? *score : get_score(v[1], field + "[1]"), static_cast<PieceType>(type)};
}

text::Vocabulary read_vocabulary(const json& j, const std::optional<std::vector<float>>& scores) {
  const json& pieces = member(j, "pieces", "");
  if (!pieces.is_array()) fail("pieces", std::string("expected an array, got ") + pieces.type_name());
  if (scores && scores->size() != pieces.size())
    fail("scores", "the scores tensor has " + std::to_string(scores->size()) + " entries for " +
                       std::to_string(pieces.size()) + " pieces");
  std::vector<text::PieceEntry> entries;
  entries.reserve(pieces.size());
  for (size_t i = 0; i < pieces.size(); ++i)
    entries.push_back(read_piece(pieces[i], "pieces[" + std::to_string(i) + "]", scores ? &(*scores)[i] : nullptr));
  return text::Vocabulary(std::move(entries), "tokenizer pieces");
}

text::ByteTrie user_symbols(const text::Vocabulary& vocab) {
  text::ByteTrie trie;
  for (int id = 0; id < vocab.size(); ++id) {
    if (vocab.type(id) == PieceType::UserDefined) trie.insert(vocab.at(id).piece, id);
  }
  return trie;
}

text::Normalizer read_normalizer(const json& j, const text::Vocabulary& vocab, std::optional<std::string_view> bytes) {
  const json& n = member(j, "normalizer", "");
  if (!n.is_object()) fail("normalizer", std::string("expected an object, got ") + n.type_name());
  get_string(n, "name", "normalizer.");  // informational: the charsmap defines the rules
  const std::string field = "normalizer.precompiled_charsmap";
  std::optional<std::string> decoded;
  if (bytes) {
    if (n.contains("precompiled_charsmap"))
      fail(field, "given both in the JSON and as a tensor; a model file stores it once (re-export the model)");
  } else {
    decoded = text::decode_base64(get_string(n, "precompiled_charsmap", "normalizer."));
    if (!decoded) fail(field, "expected base64 (standard alphabet, '=' padding)");
  }
  text::CharsMap charsmap = text::CharsMap::parse(bytes ? *bytes : std::string_view(*decoded), "tokenizer " + field);
  const text::NormalizerOptions options{get_bool(n, "add_dummy_prefix", "normalizer."),
                                        get_bool(n, "remove_extra_whitespaces", "normalizer."),
                                        get_bool(n, "escape_whitespaces", "normalizer.")};
  return text::Normalizer(std::move(charsmap), options, user_symbols(vocab));
}

// An id field: `allow_none` lets it be -1; otherwise it must name a piece of type `want`.
int read_special(const json& j, const char* key, PieceType want, bool allow_none, const text::Vocabulary& vocab) {
  const int64_t id = get_int(member(j, key, ""), key);
  if (allow_none && id == -1) return -1;
  if (id < 0 || id >= vocab.size()) {
    fail(key, std::to_string(id) + " is out of range [" + (allow_none ? "-1" : "0") + ", " +
                  std::to_string(vocab.size()) + ")");
  }
  if (vocab.type(static_cast<int>(id)) != want) {
    fail(key, "piece " + std::to_string(id) + " has type " + std::to_string(int(vocab.type(int(id)))) +
                  ", expected " + std::to_string(int(want)));
  }
  return static_cast<int>(id);
}

SpecialIds read_special_ids(const json& j, const text::Vocabulary& vocab) {
  const SpecialIds ids{read_special(j, "unk_id", PieceType::Unknown, false, vocab),
                       read_special(j, "bos_id", PieceType::Control, true, vocab),
                       read_special(j, "eos_id", PieceType::Control, true, vocab),
                       read_special(j, "pad_id", PieceType::Control, true, vocab)};
  const bool clash = (ids.bos >= 0 && (ids.bos == ids.eos || ids.bos == ids.pad)) || (ids.eos >= 0 && ids.eos == ids.pad);
  if (clash) fail("bos_id/eos_id/pad_id", "must be distinct (or -1)");
  return ids;
}

}  // namespace

Tokenizer Tokenizer::from_json(const json& j, const Tables& tables) {
  if (!j.is_object()) fail("JSON", std::string("expected an object, got ") + j.type_name());
  const std::string type = get_string(j, "type", "");
  if (type != "unigram") fail("type", "expected \"unigram\", got \"" + type + "\"");
  text::Vocabulary vocab = read_vocabulary(j, tables.scores);
  const SpecialIds ids = read_special_ids(j, vocab);
  text::Normalizer normalizer = read_normalizer(j, vocab, tables.charsmap);
  return Tokenizer(std::make_shared<const Impl>(std::move(vocab), std::move(normalizer), ids));
}

Tokenizer Tokenizer::from_json_text(std::string_view json_text) {
  json j;
  try {
    j = json::parse(json_text.begin(), json_text.end());
  } catch (const json::exception& e) {
    fail("JSON", std::string("cannot parse: ") + e.what());
  }
  return from_json(j);
}

}  // namespace attnseq
