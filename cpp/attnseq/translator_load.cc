// Translator's constructor: a model file's bytes → the config, the tokenizers, what the decoding guards
// read of the target pieces, and the model. It runs once per model, apart from translator.cc's
// per-sentence code, so that the WebAssembly build can compile it for size (CMakeLists.txt: V8 would
// otherwise spend TurboFan on a one-shot function; docs/benchmarks.md, "Compiled for the first visit").
#include "attnseq/translator.h"

#include <cstdlib>
#include <unordered_set>
#include <nlohmann/json.hpp>

#include "attnseq/core/errors.h"
#include "attnseq/core/metadata_table.h"
#include "attnseq/core/utf8.h"
#include "attnseq/io/json_text.h"
#include "attnseq/models/factory.h"
#include "attnseq/text/tokenizer.h"

namespace attnseq {
namespace {

// 1: the tokenizers wholly in JSON metadata; 2: their charsmaps and piece scores as tensors
// (KEY.normalizer.precompiled_charsmap U8, KEY.scores F32), so loading parses no base64 and no floats
constexpr int kFormatVersion = 2;

void check_format(const SafetensorsFile& file) {
  if (file.require_metadata("format") != "attnseq")
    throw Error(ErrorCode::ModelBadConfig, "model file metadata \"format\" is \"" + file.require_metadata("format") +
                                               "\", not \"attnseq\": this file is not an attnseq model");
  const std::string& v = file.require_metadata("format_version");
  int version = 0;
  try {
    version = std::stoi(v);
  } catch (...) {
    throw Error(ErrorCode::ModelBadConfig, "model file metadata \"format_version\" is \"" + v + "\", not a number");
  }
  if (version > kFormatVersion)
    throw Error(ErrorCode::ModelVersion, "model format version " + v + " is newer than this runtime reads (" +
                                             std::to_string(kFormatVersion) + "): update attnseq to load this model");
  if (version < 1) throw Error(ErrorCode::ModelBadConfig, "model file format_version " + v + " is not valid");
}

// `same` is the source tokenizer when loading the target one: {"same_as": "src_tokenizer"} reuses it.
// A format-2 file stores the tokenizer's charsmap and piece scores as tensors beside its JSON.
std::unique_ptr<Tokenizer> load_tokenizer(WeightStore& store, const char* key, int vocab,
                                          const Tokenizer* same = nullptr) {
  const SafetensorsFile& file = store.file();
  nlohmann::json j = parse_json(file.require_metadata(key));
  if (j.is_discarded()) throw Error(ErrorCode::BadTokenizer, std::string("model metadata \"") + key + "\" is not valid JSON");
  std::unique_ptr<Tokenizer> tok;
  if (same && j.is_object() && j.size() == 1 && j.contains("same_as")) {
    if (j["same_as"] != "src_tokenizer")
      throw Error(ErrorCode::BadTokenizer, std::string(key) + ": \"same_as\" can only name \"src_tokenizer\"");
    tok = std::make_unique<Tokenizer>(*same);
  } else {
    Tokenizer::Tables tables;
    const std::string charsmap = std::string(key) + ".normalizer.precompiled_charsmap", scores = std::string(key) + ".scores";
    if (store.has(charsmap)) tables.charsmap = store.blob(charsmap);
    if (store.has(scores)) {
      const TensorView* t = store.file().find(scores);
      if (t->shape.size() != 1) throw Error(ErrorCode::ModelBadTensor, "model file tensor '" + scores + "': must be 1-D (one score per piece)");
      const ConstVectorMap v = store.vector(scores, t->shape[0]);
      tables.scores = std::vector<float>(v.data(), v.data() + v.size());
    }
    tok = std::make_unique<Tokenizer>(Tokenizer::from_json(j, tables));
  }
  if (tok->vocab_size() != vocab)
    throw Error(ErrorCode::ModelBadConfig, std::string(key) + " has " + std::to_string(tok->vocab_size()) +
                                               " pieces but the config says " + std::to_string(vocab));
  return tok;
}

// A control id the tokenizer must define (>= 0, inside the vocabulary) for decoding to work.
int require_id(int id, const char* tokenizer, const char* what, int vocab) {
  if (id < 0 || id >= vocab)
    throw Error(ErrorCode::BadTokenizer, std::string(tokenizer) + " defines no usable " + what + " id (" +
                                             std::to_string(id) + "): decoding needs it; re-export the model");
  return id;
}

// What each target piece writes, for the decoding guards: normal and user-defined pieces as they are,
// byte pieces as their byte, control and unknown pieces nothing.
std::shared_ptr<const TargetPieces> target_pieces(const Tokenizer& target, const std::string& lang) {
  std::vector<std::string> texts(static_cast<size_t>(target.vocab_size()));
  for (int id = 0; id < target.vocab_size(); ++id) {
    const PieceType type = target.type(id);
    const std::string& piece = target.piece(id);
    if (type == PieceType::Normal || type == PieceType::UserDefined)
      texts[id] = piece;  // U+2581 stays as its three bytes: not a digit, so it ends a number as a space does
    else if (type == PieceType::Byte && piece.size() == 6 && piece.compare(0, 3, "<0x") == 0)
      texts[id] = std::string(1, static_cast<char>(std::strtol(piece.substr(3, 2).c_str(), nullptr, 16)));
  }
  std::vector<std::u32string> chars(texts.size());  // (for a target written without spaces: its run guard counts characters)
  for (size_t id = 0; id < texts.size(); ++id)
    if (is_valid_utf8(texts[id]))
      for (std::string_view rest = texts[id]; !rest.empty();) {
        const Utf8Char c = decode_utf8(rest);
        chars[id].push_back(c.code_point);
        rest.remove_prefix(c.length);
      }
  return std::make_shared<const TargetPieces>(std::move(texts), lang, chars);
}

// The source or target language (side "src" or "tgt") the exporter recorded ("training" metadata,
// data.tgt: "fr", "zh"…), or "" when the file does not say (then no piece counts as a number word:
// number_words.h).
std::string language(const std::map<std::string, std::string>& metadata, const char* side) {
  const auto it = metadata.find("training");
  if (it == metadata.end()) return "";
  const nlohmann::json j = parse_json(it->second);
  if (j.is_discarded() || !j.is_object() || !j.contains("data") || !j["data"].is_object()) return "";
  const nlohmann::json& data = j["data"];
  return data.contains(side) && data[side].is_string() ? data[side].get<std::string>() : "";
}

// The words the model file says its pair translates (metadata "names": {"version": 1, "translated":
// [...]}; decode/name_guard.h), or none when the file has no such entry.
std::unordered_set<std::string> translated_names(const std::map<std::string, std::string>& metadata) {
  const auto it = metadata.find("names");
  if (it == metadata.end()) return {};
  const nlohmann::json j = parse_json(it->second);  // (held here: the array below refers into it)
  std::unordered_set<std::string> out;
  for (const auto& w : metadata_table_array(j, "names", "translated")) {
    if (!w.is_string() || !is_valid_utf8(w.get<std::string>()))
      bad_metadata_table("names", "a word is not a UTF-8 string: " + w.dump());
    out.insert(w.get<std::string>());
  }
  return out;
}

}  // namespace

Translator::Translator(std::shared_ptr<const Bytes> model_file) {
  if (!model_file) throw Error(ErrorCode::BadInput, "no model bytes given");
  auto store = std::make_shared<WeightStore>(std::move(model_file));
  const SafetensorsFile& file = store->file();
  check_format(file);
  info_.metadata = file.metadata();
  info_.name = info_.metadata.count("name") ? info_.metadata.at("name") : "";
  info_.description = info_.metadata.count("description") ? info_.metadata.at("description") : "";
  info_.config = ModelConfig::from_json_text(file.require_metadata("config"));
  src_tok_ = load_tokenizer(*store, "src_tokenizer", info_.config.vocab_src);
  tgt_tok_ = load_tokenizer(*store, "tgt_tokenizer", info_.config.vocab_tgt, src_tok_.get());
  ids_.bos = require_id(tgt_tok_->bos_id(), "tgt_tokenizer", "<s> (bos)", info_.config.vocab_tgt);
  ids_.eos = require_id(tgt_tok_->eos_id(), "tgt_tokenizer", "</s> (eos)", info_.config.vocab_tgt);
  ids_.unk = tgt_tok_->unk_id();
  ids_.source_unk = src_tok_->unk_id();
  src_eos_ = require_id(src_tok_->eos_id(), "src_tokenizer", "</s> (eos)", info_.config.vocab_src);
  target_pieces_ = target_pieces(*tgt_tok_, language(info_.metadata, "tgt"));
  src_lang_ = language(info_.metadata, "src");
  if (const auto it = info_.metadata.find("restore"); it != info_.metadata.end())
    if (auto r = text::InputRestorer::from_json(parse_json(it->second)); r.size() > 0)  // (an empty table restores nothing)
      restorer_ = std::make_unique<const text::InputRestorer>(std::move(r));
  translated_names_ = translated_names(info_.metadata);
  model_ = build_model(info_.config, store);
  info_.quantized = store->quantized();
}

}  // namespace attnseq
