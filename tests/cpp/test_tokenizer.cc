// Tokenizer tests: byte-exact agreement with python sentencepiece 0.1.97 on the golden data of
// tests/data/tokenizer/ (regenerate with tests/tools/make_tokenizer_golden.py), span sanity and
// validation of malformed tokenizer JSON.
//
// Optional extra goldens (e.g. for the project's real vocabularies, made with
// `make_tokenizer_golden.py --real MODEL --out DIR`): set ATTNSEQ_EXTRA_TOKENIZER_GOLDEN to a
// ':'-separated list of such directories.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnseq/core/errors.h"
#include "attnseq/text/base64.h"
#include "attnseq/text/tokenizer.h"
#include "attnseq/core/utf8.h"

#ifndef ATTNSEQ_TEST_DATA_DIR
#error "ATTNSEQ_TEST_DATA_DIR must be defined (absolute path of tests/data)"
#endif

using attnseq::Encoding;
using attnseq::Error;
using attnseq::ErrorCode;
using attnseq::Span;
using attnseq::Tokenizer;
using nlohmann::json;

namespace {

const std::string kTokDir = std::string(ATTNSEQ_TEST_DATA_DIR) + "/tokenizer/";

json load_json(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return json::parse(ss.str());
}

const json& main_json() {
  static const json j = load_json(kTokDir + "tok.json");
  return j;
}

json with_flags(json tok, const json& flags) {
  tok["normalizer"]["add_dummy_prefix"] = flags[0].get<int>() != 0;
  tok["normalizer"]["remove_extra_whitespaces"] = flags[1].get<int>() != 0;
  tok["normalizer"]["escape_whitespaces"] = flags[2].get<int>() != 0;
  return tok;
}

// The golden cases of one directory with the tokenizers they name (and flag variants).
struct GoldenSet {
  std::string dir;
  json golden;
  std::map<std::string, json> tokenizer_json;
  std::map<std::string, Tokenizer> cache;

  explicit GoldenSet(const std::string& d) : dir(d), golden(load_json(d + "golden.json")) {
    for (const auto& [name, file] : golden["tokenizers"].items()) tokenizer_json[name] = load_json(d + file.get<std::string>());
  }

  const Tokenizer& get(const json& c) {
    const std::string name = c["tok"].get<std::string>();
    const std::string key = name + (c.contains("flags") ? c["flags"].dump() : "");
    auto it = cache.find(key);
    if (it == cache.end()) {
      const json& base = tokenizer_json.at(name);
      it = cache.emplace(key, Tokenizer::from_json(c.contains("flags") ? with_flags(base, c["flags"]) : base)).first;
    }
    return it->second;
  }
};

GoldenSet& main_golden() {
  static GoldenSet set(kTokDir);
  return set;
}

std::string case_text(const json& c) {
  if (c.contains("text")) return c["text"].get<std::string>();
  return *attnseq::text::decode_base64(c["text_b64"].get<std::string>());
}

std::vector<Span> spans_of(const json& flat) {
  std::vector<Span> spans;
  for (size_t i = 0; i + 1 < flat.size(); i += 2) spans.push_back({flat[i].get<size_t>(), flat[i + 1].get<size_t>()});
  return spans;
}

std::string printable(const std::string& s) { return json(attnseq::is_valid_utf8(s) ? s : "<invalid utf-8>").dump(); }

std::string without_spaces(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 3, "\xE2\x96\x81") == 0) {
      i += 2;
    } else if (s[i] != ' ') {
      out += s[i];
    }
  }
  return out;
}

bool is_char_boundary(const std::string& s, size_t pos) {
  return pos == 0 || pos >= s.size() || (static_cast<unsigned char>(s[pos]) & 0xC0) != 0x80;
}

void check_span_structure(const Tokenizer& tok, const std::string& text, const Encoding& e) {
  REQUIRE(e.spans.size() == e.ids.size());
  REQUIRE(e.pieces.size() == e.ids.size());
  for (size_t i = 0; i < e.spans.size(); ++i) {
    INFO("piece " << i << " " << e.pieces[i]);
    CHECK(e.spans[i].begin <= e.spans[i].end);
    CHECK(e.spans[i].end <= text.size());
    if (i > 0) CHECK(e.spans[i].begin == e.spans[i - 1].end);  // in order, no gaps
    if (attnseq::is_valid_utf8(text)) {
      CHECK(is_char_boundary(text, e.spans[i].begin));
      CHECK(is_char_boundary(text, e.spans[i].end));
    }
  }
  if (e.spans.empty()) {
    CHECK(tok.normalize(text).empty());
  } else {
    // What lies before the first span and after the last one is dropped whitespace.
    CHECK(without_spaces(tok.normalize(text.substr(0, e.spans.front().begin))).empty());
    CHECK(without_spaces(tok.normalize(text.substr(e.spans.back().end))).empty());
  }
}

// Returns the number of encode cases checked.
size_t check_encode_cases(GoldenSet& set) {
  size_t n = 0;
  for (const json& c : set.golden["encode"]) {
    const std::string text = case_text(c);
    INFO("case " << n << " tok=" << c["tok"] << (c.contains("flags") ? " flags=" + c["flags"].dump() : "")
                 << " text=" << printable(text));
    const Tokenizer& tok = set.get(c);
    const Encoding e = tok.encode(text);
    CHECK(e.ids == c["ids"].get<std::vector<int>>());
    CHECK(e.pieces == c["pieces"].get<std::vector<std::string>>());
    CHECK(e.spans == spans_of(c["spans"]));
    CHECK(tok.encode_ids(text) == e.ids);
    CHECK(tok.decode(e.ids) == c["decoded"].get<std::string>());
    check_span_structure(tok, text, e);
    ++n;
  }
  return n;
}

size_t check_decode_cases(GoldenSet& set) {
  size_t n = 0;
  for (const json& c : set.golden["decode"]) {
    INFO("decode case " << n << " tok=" << c["tok"] << " ids=" << c["ids"].dump());
    CHECK(set.get(c).decode(c["ids"].get<std::vector<int>>()) == c["text"].get<std::string>());
    ++n;
  }
  return n;
}

// Where normalization changes nothing but spaces, each piece is the normalized text of its span.
size_t check_span_contents(const Tokenizer& tok, const Tokenizer& raw, const std::string& text, const Encoding& e) {
  if (raw.normalize(text) != text || !attnseq::is_valid_utf8(text)) return 0;
  size_t checked = 0;
  for (size_t i = 0; i < e.ids.size(); ++i) {
    if (tok.type(e.ids[i]) == attnseq::PieceType::Unknown || tok.type(e.ids[i]) == attnseq::PieceType::Byte) continue;
    const std::string surface = text.substr(e.spans[i].begin, e.spans[i].end - e.spans[i].begin);
    INFO("piece " << i << " " << e.pieces[i] << " surface " << printable(surface));
    CHECK(without_spaces(raw.normalize(surface)) == without_spaces(e.pieces[i]));
    ++checked;
  }
  return checked;
}

json raw_variant(const json& tok) { return with_flags(tok, json::array({0, 0, 0})); }

void expect_bad_tokenizer(const json& j, const std::string& needle) {
  try {
    Tokenizer::from_json(j);
    FAIL("expected attnseq::Error(BadTokenizer) mentioning \"" << needle << "\"");
  } catch (const Error& e) {
    INFO(e.what());
    CHECK(e.code() == ErrorCode::BadTokenizer);
    CHECK(std::string(e.what()).find(needle) != std::string::npos);
  }
}

std::string base64(const std::string& bytes) {
  static const char* kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (size_t i = 0; i < bytes.size(); i += 3) {
    uint32_t v = 0;
    const size_t n = std::min<size_t>(3, bytes.size() - i);
    for (size_t k = 0; k < 3; ++k) v = (v << 8) | (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    for (size_t k = 0; k < 4; ++k) out += k <= n ? kAlphabet[(v >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}

std::string charsmap_blob() {
  return *attnseq::text::decode_base64(main_json()["normalizer"]["precompiled_charsmap"].get<std::string>());
}

json with_charsmap(const std::string& blob) {
  json j = main_json();
  j["normalizer"]["precompiled_charsmap"] = base64(blob);
  return j;
}

}  // namespace

TEST_CASE("tokenizer: encode matches python sentencepiece 0.1.97; spans are ordered", "[tokenizer]") {
  CHECK(check_encode_cases(main_golden()) >= 400);
}

TEST_CASE("tokenizer: decode matches python sentencepiece 0.1.97", "[tokenizer]") {
  CHECK(check_decode_cases(main_golden()) >= 100);
}

TEST_CASE("tokenizer: spans hold their pieces where normalization is the identity", "[tokenizer]") {
  GoldenSet& set = main_golden();
  std::map<std::string, Tokenizer> raw;
  for (const auto& [name, j] : set.tokenizer_json) raw.emplace(name, Tokenizer::from_json(raw_variant(j)));
  size_t contents_checked = 0;
  for (const json& c : set.golden["encode"]) {
    const std::string text = case_text(c);
    INFO("tok=" << c["tok"] << (c.contains("flags") ? " flags=" + c["flags"].dump() : "") << " text=" << printable(text));
    const Tokenizer& tok = set.get(c);
    const Encoding e = tok.encode(text);
    if (!c.contains("flags") || c["flags"][2].get<int>() == 1) {
      contents_checked += check_span_contents(tok, raw.at(c["tok"].get<std::string>()), text, e);
    }
  }
  CHECK(contents_checked >= 500);
}

TEST_CASE("tokenizer: accessors agree with the JSON", "[tokenizer]") {
  const json& j = main_json();
  const Tokenizer tok = Tokenizer::from_json(j);
  REQUIRE(tok.vocab_size() == static_cast<int>(j["pieces"].size()));
  for (int id = 0; id < tok.vocab_size(); ++id) {
    const json& p = j["pieces"][static_cast<size_t>(id)];
    CHECK(tok.piece(id) == p[0].get<std::string>());
    CHECK(tok.score(id) == static_cast<float>(p[1].get<double>()));
    CHECK(static_cast<int>(tok.type(id)) == p[2].get<int>());
    CHECK(tok.id_of(tok.piece(id)) == id);
  }
  CHECK(tok.unk_id() == 1);
  CHECK(tok.bos_id() == 2);
  CHECK(tok.eos_id() == 3);
  CHECK(tok.pad_id() == 0);
  CHECK(tok.id_of("no such piece") == tok.unk_id());
  CHECK(tok.piece(tok.id_of("▁")) == "▁");
  CHECK_THROWS_AS(tok.piece(-1), Error);
  CHECK_THROWS_AS(tok.piece(tok.vocab_size()), Error);
}

TEST_CASE("tokenizer: decode rejects ids out of range", "[tokenizer]") {
  const Tokenizer tok = Tokenizer::from_json(main_json());
  for (const int bad : {-1, tok.vocab_size(), 1 << 30}) {
    try {
      tok.decode({5, bad});
      FAIL("decode accepted id " << bad);
    } catch (const Error& e) {
      CHECK(e.code() == ErrorCode::BadInput);
    }
  }
}

TEST_CASE("tokenizer: copies share one immutable state", "[tokenizer]") {
  const Tokenizer a = Tokenizer::from_json(main_json());
  const Tokenizer b = a;
  const std::string text = "Le chat aime le pain frais.";
  CHECK(a.encode(text).ids == b.encode(text).ids);
  CHECK(Tokenizer::from_json_text(main_json().dump()).encode(text).ids == a.encode(text).ids);
}

TEST_CASE("tokenizer: malformed JSON is rejected with BadTokenizer", "[tokenizer]") {
  const json good = main_json();
  REQUIRE_NOTHROW(Tokenizer::from_json(good));

  SECTION("not JSON / not an object") {
    CHECK_THROWS_AS(Tokenizer::from_json_text("{\"type\": "), Error);
    expect_bad_tokenizer(json::array(), "object");
    expect_bad_tokenizer(json("unigram"), "object");
  }
  SECTION("missing fields") {
    for (const char* key : {"type", "pieces", "unk_id", "bos_id", "eos_id", "pad_id", "normalizer"}) {
      json j = good;
      j.erase(key);
      expect_bad_tokenizer(j, key);
    }
    for (const char* key : {"name", "precompiled_charsmap", "add_dummy_prefix", "remove_extra_whitespaces", "escape_whitespaces"}) {
      json j = good;
      j["normalizer"].erase(key);
      expect_bad_tokenizer(j, key);
    }
  }
  SECTION("wrong types") {
    json j = good;
    j["type"] = "bpe";
    expect_bad_tokenizer(j, "type");
    j = good;
    j["pieces"] = json::object();
    expect_bad_tokenizer(j, "pieces");
    j = good;
    j["pieces"][10] = json::array({"x", -1.0});
    expect_bad_tokenizer(j, "pieces[10]");
    j = good;
    j["pieces"][10][0] = 42;
    expect_bad_tokenizer(j, "pieces[10][0]");
    j = good;
    j["pieces"][10][1] = "-1.5";
    expect_bad_tokenizer(j, "pieces[10][1]");
    j = good;
    j["pieces"][10][1] = 1e300;
    expect_bad_tokenizer(j, "pieces[10][1]");
    j = good;
    j["pieces"][10][2] = 1.5;
    expect_bad_tokenizer(j, "pieces[10][2]");
    j = good;
    j["pieces"][10][2] = 7;
    expect_bad_tokenizer(j, "pieces[10][2]");
    j = good;
    j["unk_id"] = "1";
    expect_bad_tokenizer(j, "unk_id");
    j = good;
    j["bos_id"] = 2.0;
    expect_bad_tokenizer(j, "bos_id");
    j = good;
    j["eos_id"] = true;
    expect_bad_tokenizer(j, "eos_id");
    j = good;
    j["normalizer"] = "nmt_nfkc";
    expect_bad_tokenizer(j, "normalizer");
    j = good;
    j["normalizer"]["add_dummy_prefix"] = 1;
    expect_bad_tokenizer(j, "add_dummy_prefix");
    j = good;
    j["normalizer"]["name"] = nullptr;
    expect_bad_tokenizer(j, "name");
    j = good;
    j["normalizer"]["precompiled_charsmap"] = json::array();
    expect_bad_tokenizer(j, "precompiled_charsmap");
  }
  SECTION("ids out of range or of the wrong piece type") {
    const int n = static_cast<int>(good["pieces"].size());
    for (const char* key : {"unk_id", "bos_id", "eos_id", "pad_id"}) {
      for (const int bad : {n, -2, 1 << 20}) {
        json j = good;
        j[key] = bad;
        expect_bad_tokenizer(j, key);
      }
    }
    json j = good;
    j["unk_id"] = -1;
    expect_bad_tokenizer(j, "unk_id");
    j = good;
    j["unk_id"] = 2;  // a control piece
    expect_bad_tokenizer(j, "unk_id");
    j = good;
    j["bos_id"] = 10;  // a normal piece
    expect_bad_tokenizer(j, "bos_id");
    j = good;
    j["eos_id"] = 2;  // same as bos
    expect_bad_tokenizer(j, "distinct");
    j = good;
    j["pad_id"] = -1;
    CHECK(Tokenizer::from_json(j).pad_id() == -1);
  }
  SECTION("bad pieces") {
    json j = good;
    j["pieces"] = json::array();
    expect_bad_tokenizer(j, "pieces");
    j = good;
    j["pieces"][10][0] = "";
    expect_bad_tokenizer(j, "pieces[10]");
    j = good;
    j["pieces"][10][0] = std::string("a\0b", 3);
    expect_bad_tokenizer(j, "pieces[10]");
    j = good;
    j["pieces"][11][0] = j["pieces"][10][0];
    expect_bad_tokenizer(j, "already defined");
    j = good;
    j["pieces"][1][2] = 1;  // no unknown piece left
    expect_bad_tokenizer(j, "unknown");
    j = good;
    j["pieces"][10][2] = 2;  // a second unknown piece
    expect_bad_tokenizer(j, "unknown");
    j = good;
    j["pieces"][10] = json::array({"<0x41>", 0.0, 6});  // byte pieces, but not all 256
    expect_bad_tokenizer(j, "256");
    j = good;
    j["pieces"][10][2] = 6;  // not named <0xHH>
    expect_bad_tokenizer(j, "<0xHH>");
  }
  SECTION("bad base64") {
    for (const char* bad : {"AAA", "AA=A", "A===", "****", "QUJD\n", "QR==", "QUJD="}) {
      json j = good;
      j["normalizer"]["precompiled_charsmap"] = bad;
      expect_bad_tokenizer(j, "precompiled_charsmap");
    }
  }
  SECTION("truncated or corrupt charsmap") {
    const std::string blob = charsmap_blob();
    REQUIRE(blob.size() > 1000);
    for (const size_t keep : {size_t(1), size_t(4), size_t(5), size_t(100), blob.size() / 2, blob.size() - 1}) {
      INFO("kept " << keep << " of " << blob.size() << " bytes");
      expect_bad_tokenizer(with_charsmap(blob.substr(0, keep)), "precompiled_charsmap");
    }
    std::string odd = blob;
    odd[0] = static_cast<char>(odd[0] + 1);  // trie size not a multiple of 4
    expect_bad_tokenizer(with_charsmap(odd), "precompiled_charsmap");
  }
  SECTION("an empty charsmap is the identity normalizer") {
    json j = good;
    j["normalizer"]["precompiled_charsmap"] = "";
    const Tokenizer tok = Tokenizer::from_json(j);
    CHECK(tok.normalize("ﬁ  x") == "▁ﬁ▁x");
  }
}

TEST_CASE("tokenizer: extra goldens (ATTNSEQ_EXTRA_TOKENIZER_GOLDEN)", "[tokenizer]") {
  const char* env = std::getenv("ATTNSEQ_EXTRA_TOKENIZER_GOLDEN");
  if (env == nullptr || *env == '\0') {
    SUCCEED("no extra goldens");
    return;
  }
  std::stringstream dirs(env);
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (dir.empty()) continue;
    INFO("golden dir " << dir);
    GoldenSet set(dir + "/");
    CHECK(check_encode_cases(set) > 0);
    check_decode_cases(set);
  }
}

TEST_CASE("tokenizer: decode writes copied text in place of unknown pieces", "[tokenizer][unk]") {
  const Tokenizer tok = Tokenizer::from_json(main_json());
  std::vector<int> ids = tok.encode_ids("Le chat");
  const size_t n = ids.size();
  ids.push_back(tok.unk_id());
  ids.push_back(tok.id_of("▁"));
  ids.push_back(tok.unk_id());
  CHECK(tok.decode(ids) == "Le chat \xE2\x81\x87   \xE2\x81\x87 ");  // sentencepiece's " ⁇ "
  std::vector<std::string> copied(ids.size());
  copied[n] = "Å";
  copied[n + 2] = "ñ▁x";
  CHECK(tok.decode(ids, copied) == "Le chatÅ ñ x");
  copied[0] = "ignored";  // only unknown pieces take copied text
  CHECK(tok.decode(ids, copied) == "Le chatÅ ñ x");
  CHECK(tok.decode({tok.unk_id()}, {"▁Åsa"}) == "Åsa");  // a leading space is dropped as a piece's would be
  CHECK(tok.decode(ids, {}) == tok.decode(ids));
  CHECK_THROWS_AS(tok.decode(ids, {"x"}), Error);
}
