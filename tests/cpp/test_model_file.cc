// Damaged and mismatched model files: each a typed error naming the problem, never a crash.
#include <catch2/catch.hpp>

#include "attnseq/attnseq.h"
#include "attnseq/io/safetensors.h"
#include "attnseq/text/base64.h"
#include "helpers.h"

using namespace attnseq;
using nlohmann::json;

namespace {

std::shared_ptr<Bytes> tiny() { return testing::read_bytes(testing::data_path("models/tiny-transformer.safetensors")); }

// Rebuilds the file with a changed header (tensors unchanged).
std::shared_ptr<Bytes> with_header(const Bytes& file, const std::function<void(json&)>& edit) {
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | file[i];
  json h = json::parse(file.begin() + 8, file.begin() + 8 + n);
  edit(h);
  std::string text = h.dump();
  while ((8 + text.size()) % 8) text += ' ';
  auto out = std::make_shared<Bytes>(testing::make_safetensors(text, std::vector<uint8_t>(file.begin() + 8 + n, file.end())));
  return out;
}

ErrorCode load_error(std::shared_ptr<Bytes> b, std::string* message = nullptr) {
  try {
    Translator t(b);
  } catch (const Error& e) {
    if (message) *message = e.what();
    return e.code();
  }
  return ErrorCode::Internal;  // "no error" never equals an expected code below
}

// The format-2 form of a format-1 file: the source tokenizer's charsmap moved from base64 in its JSON
// to the U8 tensor src_tokenizer.normalizer.precompiled_charsmap and its piece scores to the F32 tensor
// src_tokenizer.scores (both appended after the other data). `keep_json` leaves the base64 in the JSON
// too; `dtype` is the charsmap tensor's declared dtype; `drop_score` leaves one score out.
std::shared_ptr<Bytes> as_format2(const Bytes& file, bool keep_json = false, const char* dtype = "U8", bool drop_score = false) {
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | file[i];
  json h = json::parse(file.begin() + 8, file.begin() + 8 + n);
  std::vector<uint8_t> data(file.begin() + 8 + n, file.end());
  json tok = json::parse(h["__metadata__"]["src_tokenizer"].get<std::string>());
  const auto blob = text::decode_base64(tok["normalizer"]["precompiled_charsmap"].get<std::string>());
  REQUIRE(blob);
  if (!keep_json) tok["normalizer"].erase("precompiled_charsmap");
  std::vector<float> scores;
  for (json& p : tok["pieces"]) {
    scores.push_back(p[1].get<float>());
    p = json::array({p[0], p[2]});
  }
  if (drop_score) scores.pop_back();
  h["__metadata__"]["src_tokenizer"] = tok.dump();
  h["__metadata__"]["format_version"] = "2";
  h["src_tokenizer.scores"] = {
      {"dtype", "F32"}, {"shape", {scores.size()}}, {"data_offsets", {data.size(), data.size() + 4 * scores.size()}}};
  const auto* sb = reinterpret_cast<const uint8_t*>(scores.data());
  data.insert(data.end(), sb, sb + 4 * scores.size());
  h["src_tokenizer.normalizer.precompiled_charsmap"] = {
      {"dtype", dtype}, {"shape", {blob->size()}}, {"data_offsets", {data.size(), data.size() + blob->size()}}};
  data.insert(data.end(), blob->begin(), blob->end());
  std::string text = h.dump();
  while ((8 + text.size()) % 8) text += ' ';
  return std::make_shared<Bytes>(testing::make_safetensors(text, data));
}

void edit_config(json& h, const std::function<void(json&)>& f) {
  json c = json::parse(h["__metadata__"]["config"].get<std::string>());
  f(c);
  h["__metadata__"]["config"] = c.dump();
}

}  // namespace

TEST_CASE("truncation at every 1/16 of the file is MODEL_TRUNCATED", "[modelfile]") {
  auto full = tiny();
  for (int k = 0; k < 16; ++k) {
    auto cut = std::make_shared<Bytes>(full->begin(), full->begin() + full->size() * k / 16);
    INFO("cut at " << k << "/16");
    CHECK(load_error(cut) == ErrorCode::ModelTruncated);
  }
}

TEST_CASE("random byte flips never crash: they load or fail with a typed error", "[modelfile]") {
  auto full = tiny();
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | (*full)[i];
  Rng rng(1);
  for (int trial = 0; trial < 300; ++trial) {
    auto b = std::make_shared<Bytes>(*full);
    const bool header = trial % 2 == 0;
    for (int f = 0; f < 3; ++f) {
      const size_t pos = header ? 8 + rng.next_u64() % n : 8 + n + rng.next_u64() % (b->size() - 8 - n);
      (*b)[pos] ^= static_cast<uint8_t>(1u << (rng.next_u64() % 8));
    }
    try {
      Translator t(b);
      t.translate("hello world", DecodeOptions{});  // if it loads, it runs
    } catch (const Error&) {
    }
  }
  SUCCEED("no crash in 300 damaged files");
}

TEST_CASE("header problems name what is wrong", "[modelfile]") {
  auto full = tiny();
  std::string msg;
  CHECK(load_error(with_header(*full, [](json& h) { h["__metadata__"]["format_version"] = "3"; }), &msg) ==
        ErrorCode::ModelVersion);
  CHECK_THAT(msg, Catch::Contains("update attnseq"));
  CHECK(load_error(with_header(*full, [](json& h) { h["__metadata__"].erase("config"); }), &msg) ==
        ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("\"config\""));
  CHECK(load_error(with_header(*full, [](json& h) { h["__metadata__"]["format"] = "gguf"; })) == ErrorCode::ModelBadConfig);
  CHECK(load_error(with_header(*full, [](json& h) { edit_config(h, [](json& c) { c["arch"] = "mamba"; }); }), &msg) ==
        ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("mamba"));
  CHECK(load_error(with_header(*full, [](json& h) { edit_config(h, [](json& c) { c["heads"] = 3; }); }), &msg) ==
        ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("heads"));
  // a config that disagrees with the tensors: the shape error names the tensor
  CHECK(load_error(with_header(*full, [](json& h) { edit_config(h, [](json& c) { c["ffn_dim"] = 16; }); }), &msg) ==
        ErrorCode::ModelBadTensor);
  CHECK_THAT(msg, Catch::Contains("fc1.weight") && Catch::Contains("[32, 16]"));
  CHECK(load_error(with_header(*full, [](json& h) { edit_config(h, [](json& c) { c["dec_layers"] = 1; }); }), &msg) ==
        ErrorCode::ModelBadTensor);
  CHECK_THAT(msg, Catch::Contains("decoder.layers.1"));
  // renamed, so that the data stays contiguous and the loader, not the layout check, finds it missing
  CHECK(load_error(with_header(*full, [](json& h) {
          h["decoder.norm.weight_renamed"] = h["decoder.norm.weight"];
          h.erase("decoder.norm.weight");
        }),
                   &msg) == ErrorCode::ModelBadTensor);
  CHECK_THAT(msg, Catch::Contains("decoder.norm.weight") && Catch::Contains("missing"));
  CHECK(load_error(with_header(*full, [](json& h) { h["__metadata__"]["src_tokenizer"] = "{\"type\": \"bpe\"}"; })) ==
        ErrorCode::BadTokenizer);
}

TEST_CASE("a model of another architecture loads as that architecture", "[modelfile]") {
  Translator rnn(testing::read_bytes(testing::data_path("models/tiny-rnn-additive.safetensors")));
  CHECK(rnn.info().config.arch == Arch::Rnn);
  CHECK(rnn.info().config.rnn.attention == AttentionKind::Additive);
  CHECK(rnn.info().name == "tiny-rnn-additive");
}

TEST_CASE("format 2: charsmap and scores as tensors tokenize and translate as format 1", "[modelfile]") {
  auto v1 = tiny();
  Translator a(v1), b(as_format2(*v1));
  for (const char* text : {"hello world", "ＡＢＣ  ｶﾀｶﾅ café\t!", "Tu devrais porter des chaussures."}) {
    const auto ta = a.tokenize(text), tb = b.tokenize(text);
    REQUIRE(ta.size() == tb.size());
    for (size_t i = 0; i < ta.size(); ++i) CHECK((ta[i].id == tb[i].id && ta[i].piece == tb[i].piece));
  }
  CHECK(a.translate("hello world", DecodeOptions{}).hypotheses[0].text ==
        b.translate("hello world", DecodeOptions{}).hypotheses[0].text);
  std::string msg;
  CHECK(load_error(as_format2(*v1, /*keep_json=*/true), &msg) == ErrorCode::BadTokenizer);
  CHECK_THAT(msg, Catch::Contains("precompiled_charsmap") && Catch::Contains("both"));
  CHECK(load_error(as_format2(*v1, false, "I8"), &msg) == ErrorCode::ModelBadTensor);
  CHECK_THAT(msg, Catch::Contains("src_tokenizer.normalizer.precompiled_charsmap") && Catch::Contains("U8"));
  CHECK(load_error(as_format2(*v1, false, "U8", /*drop_score=*/true), &msg) == ErrorCode::BadTokenizer);
  CHECK_THAT(msg, Catch::Contains("scores tensor has"));
}

TEST_CASE("conv model files: a bad config or mismatched tensors say what is wrong and what to do", "[modelfile][conv]") {
  // tiny-conv: hidden 16, emb 8, kernel 3, 2 layers, additive attention, max_positions 64
  auto conv = testing::read_bytes(testing::data_path("models/tiny-conv.safetensors"));
  REQUIRE(Translator(conv).info().config.arch == Arch::Conv);
  std::string msg;
  auto config = [&](const std::function<void(json&)>& f) {
    return load_error(with_header(*conv, [&](json& h) { edit_config(h, f); }), &msg);
  };
  CHECK(config([](json& c) { c["kernel"] = 4; }) == ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("\"kernel\" is 4") && Catch::Contains("odd") && Catch::Contains("re-export"));
  CHECK(config([](json& c) { c.erase("kernel"); }) == ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("missing \"kernel\""));
  CHECK(config([](json& c) { c["conv_layers"] = 0; }) == ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("\"conv_layers\" is 0"));
  CHECK(config([](json& c) { c["attention"] = "none"; }) == ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("attention") && Catch::Contains("not none"));
  CHECK(config([](json& c) { c["max_src_len"] = 65; }) == ErrorCode::ModelBadConfig);  // > max_positions
  CHECK_THAT(msg, Catch::Contains("\"max_src_len\" is 65, expected 2..64"));
  CHECK(config([](json& c) { c["emb_dim"] = 7; }) == ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("\"emb_dim\" must be even"));
  // the config disagrees with the tensors: each error names the tensor and the shape it expected
  CHECK(config([](json& c) { c["kernel"] = 5; }) == ErrorCode::ModelBadTensor);
  CHECK_THAT(msg, Catch::Contains("encoder.convs.") && Catch::Contains("[32, 80]"));
  CHECK(config([](json& c) { c["conv_layers"] = 3; }) == ErrorCode::ModelBadTensor);
  CHECK_THAT(msg, Catch::Contains("encoder.convs.2.weight") && Catch::Contains("missing"));
  CHECK(config([](json& c) { c["conv_layers"] = 1; }) == ErrorCode::ModelBadTensor);
  CHECK_THAT(msg, Catch::Contains("encoder.convs.1.weight") && Catch::Contains("re-export"));
  // PyTorch's own Conv1d layout [out, in, kernel] (the same bytes): a file not written by train/export.py
  CHECK(load_error(with_header(*conv, [](json& h) { h["encoder.convs.0.weight"]["shape"] = {32, 16, 3}; }), &msg) ==
        ErrorCode::ModelBadTensor);
  CHECK_THAT(msg, Catch::Contains("PyTorch's Conv1d shape [32, 16, 3]") && Catch::Contains("[32, 48]") &&
                      Catch::Contains("train/export.py"));
  // a missing convolution bias
  CHECK(load_error(with_header(*conv, [](json& h) {
          h["encoder.convs.1.bias_renamed"] = h["encoder.convs.1.bias"];
          h.erase("encoder.convs.1.bias");
        }),
                   &msg) == ErrorCode::ModelBadTensor);
  CHECK_THAT(msg, Catch::Contains("encoder.convs.1.bias") && Catch::Contains("missing") && Catch::Contains("[32]"));
}

TEST_CASE("the restoration table: read with the model, spans on the typed text, off by option", "[modelfile][restore]") {
  auto v1 = tiny();
  const json forms = {{"version", 1}, {"forms", {"êtes", "c'est"}}};
  auto with = with_header(*v1, [&](json& h) { h["__metadata__"]["restore"] = forms.dump(); });
  Translator plain(v1), restoring(with);
  CHECK_FALSE(plain.restores_input());
  CHECK(restoring.restores_input());
  const std::string typed = "vous etes la, c est vrai";
  const std::string read = "Vous êtes la, c'est vrai";
  // the tokens are the written text's, their spans point into the typed text
  const auto tokens = restoring.tokenize(typed);
  const auto written = plain.tokenize(read);
  REQUIRE(tokens.size() == written.size());
  for (size_t i = 0; i < tokens.size(); ++i) {
    CHECK(tokens[i].id == written[i].id);
    if (tokens[i].begin < 0) continue;
    CHECK(tokens[i].end <= static_cast<int>(typed.size()));
    CHECK(tokens[i].begin <= tokens[i].end);
  }
  CHECK(restoring.tokenize(typed, /*restore=*/false).size() == plain.tokenize(typed).size());
  // the result says what the model read; the option turns it off
  DecodeOptions on, off;
  off.restore_input = false;
  const TranslationResult r = restoring.translate(typed, on);
  CHECK(r.read_as == read);
  CHECK(r.hypotheses[0].text == plain.translate(read, on).hypotheses[0].text);
  CHECK(restoring.translate(typed, off).read_as.empty());
  CHECK(restoring.translate(typed, off).hypotheses[0].text == plain.translate(typed, on).hypotheses[0].text);
  CHECK(restoring.translate(read, on).read_as.empty());  // nothing to restore
  auto session = restoring.start(typed, on);
  CHECK(session->read_as() == read);
  while (!session->done()) session->next();
  CHECK(session->result().read_as == read);
  auto job = restoring.begin(typed, on);
  while (!job->done()) job->step();
  CHECK(job->result().read_as == read);
  // a broken table is a typed error naming it
  std::string msg;
  auto bad = with_header(*v1, [&](json& h) { h["__metadata__"]["restore"] = R"({"version":1,"forms":["Êtes","êtes"]})"; });
  CHECK(load_error(bad, &msg) == ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("restore") && Catch::Contains("\"etes\""));
}

TEST_CASE("the names table: the words the pair translates are no names to the guard; a bad table names itself",
          "[modelfile][names]") {
  auto v1 = tiny();
  auto with = with_header(*v1, [](json& h) { h["__metadata__"]["names"] = R"({"version":1,"translated":["Zyxwa"]})"; });
  Translator plain(v1), table(with);
  const std::string text = "le Zyxwa et Qopvu";
  const auto tokens = plain.tokenize(text);
  CHECK(plain.name_guard(tokens).names() == std::vector<std::string>{"Zyxwa", "Qopvu"});
  CHECK(table.name_guard(table.tokenize(text)).names() == std::vector<std::string>{"Qopvu"});
  std::string msg;
  auto bad = with_header(*v1, [](json& h) { h["__metadata__"]["names"] = R"({"version":2,"translated":[]})"; });
  CHECK(load_error(bad, &msg) == ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("\"names\"") && Catch::Contains("version"));
  bad = with_header(*v1, [](json& h) { h["__metadata__"]["names"] = R"({"version":1,"translated":[3]})"; });
  CHECK(load_error(bad, &msg) == ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("\"names\"") && Catch::Contains("3"));
}

TEST_CASE("a metadata table's envelope: each table names itself and what is wrong", "[modelfile][names][restore]") {
  auto v1 = tiny();
  for (const auto& [key, field] : {std::pair<std::string, std::string>{"restore", "forms"}, {"names", "translated"}}) {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"{not json", "not a JSON object"},
        {"[1]", "not a JSON object"},
        {R"({"translated":[],"forms":[]})", "\"version\" is not 1"},
        {R"({"version":"1"})", "\"version\" is not 1"},
        {R"({"version":1})", "no \"" + field + "\" array"},
        {R"({"version":1,")" + field + R"(":{}})", "no \"" + field + "\" array"}};
    for (const auto& [value, says] : cases) {
      INFO(key << " = " << value);
      std::string msg;
      const auto k = key;
      const auto v = value;
      auto bad = with_header(*v1, [&](json& h) { h["__metadata__"][k] = v; });
      CHECK(load_error(bad, &msg) == ErrorCode::ModelBadConfig);
      CHECK_THAT(msg, Catch::Contains("model metadata \"" + key + "\": " + says) && Catch::Contains("train/export.py"));
    }
  }
}
