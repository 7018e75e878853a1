// Model-file structure: every malformed header, offset, dtype and shape gives a typed error naming it.
#include <catch2/catch.hpp>

#include "attnseq/core/errors.h"
#include "helpers.h"

using attnseq::Error;
using attnseq::ErrorCode;
using attnseq::SafetensorsFile;
using testing::make_f32_file;
using testing::make_safetensors;

namespace {

ErrorCode parse_error(const attnseq::Bytes& b) {
  try {
    SafetensorsFile::parse(b.data(), b.size());
  } catch (const Error& e) {
    return e.code();
  }
  FAIL("expected an attnseq::Error");
  return ErrorCode::Internal;
}

std::string parse_message(const attnseq::Bytes& b) {
  try {
    SafetensorsFile::parse(b.data(), b.size());
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a well-formed file parses with metadata and tensor views", "[safetensors]") {
  auto bytes = make_f32_file({{"a.weight", {2, 3}, {1, 2, 3, 4, 5, 6}}, {"a.bias", {2}, {7, 8}}},
                             {{"format", "attnseq"}});
  auto f = SafetensorsFile::parse(bytes.data(), bytes.size());
  REQUIRE(f.metadata().at("format") == "attnseq");
  const auto* w = f.find("a.weight");
  REQUIRE(w != nullptr);
  CHECK(w->shape == std::vector<int64_t>{2, 3});
  CHECK(w->nbytes == 24);
  float v[6];
  std::memcpy(v, w->data, 24);
  CHECK(v[5] == 6.0f);
  CHECK(f.find("missing") == nullptr);
}

TEST_CASE("short and truncated files are MODEL_TRUNCATED", "[safetensors]") {
  auto bytes = make_f32_file({{"w", {4}, {1, 2, 3, 4}}}, nullptr);
  CHECK(parse_error(attnseq::Bytes(bytes.begin(), bytes.begin() + 5)) == ErrorCode::ModelTruncated);
  CHECK(parse_error(attnseq::Bytes(bytes.begin(), bytes.begin() + 20)) == ErrorCode::ModelTruncated);
  attnseq::Bytes cut(bytes.begin(), bytes.end() - 1);  // last data byte missing
  CHECK(parse_error(cut) == ErrorCode::ModelTruncated);
  CHECK_THAT(parse_message(cut), Catch::Contains("'w'") && Catch::Contains("truncated"));
  CHECK(parse_error({}) == ErrorCode::ModelTruncated);
}

TEST_CASE("bad header length or JSON is MODEL_BAD_HEADER", "[safetensors]") {
  attnseq::Bytes zero(16, 0);
  CHECK(parse_error(zero) == ErrorCode::ModelBadHeader);
  attnseq::Bytes huge(16, 0xff);
  CHECK(parse_error(huge) == ErrorCode::ModelBadHeader);
  CHECK(parse_error(make_safetensors("{\"w\": {\"dtype\": ", {})) == ErrorCode::ModelBadHeader);
  CHECK(parse_error(make_safetensors("[1, 2]", {})) == ErrorCode::ModelBadHeader);
  CHECK(parse_error(make_safetensors("{\"__metadata__\": {\"a\": 1}}", {})) == ErrorCode::ModelBadHeader);
  // an HTML error page served instead of a model
  std::string html = "<!DOCTYPE html><html><body>404 Not Found</body></html>";
  CHECK(parse_error(attnseq::Bytes(html.begin(), html.end())) == ErrorCode::ModelBadHeader);
}

TEST_CASE("bad tensor entries are MODEL_BAD_TENSOR and name the tensor", "[safetensors]") {
  std::vector<uint8_t> data(16, 0);
  auto h = [&](const std::string& entry) { return make_safetensors("{\"t\": " + entry + "}", data); };
  CHECK(parse_error(h(R"({"dtype": "F16", "shape": [8], "data_offsets": [0, 16]})")) == ErrorCode::ModelBadTensor);
  CHECK_THAT(parse_message(h(R"({"dtype": "F16", "shape": [8], "data_offsets": [0, 16]})")),
             Catch::Contains("'t'") && Catch::Contains("F16"));
  CHECK(parse_error(h(R"({"dtype": "F32", "shape": [3], "data_offsets": [0, 16]})")) == ErrorCode::ModelBadTensor);
  CHECK(parse_error(h(R"({"dtype": "F32", "shape": [-1], "data_offsets": [0, 16]})")) == ErrorCode::ModelBadTensor);
  CHECK(parse_error(h(R"({"dtype": "F32", "shape": [4], "data_offsets": [8, 4]})")) == ErrorCode::ModelBadTensor);
  CHECK(parse_error(h(R"({"dtype": "F32", "shape": [4], "data_offsets": [0]})")) == ErrorCode::ModelBadTensor);
  CHECK(parse_error(h(R"({"dtype": "F32", "shape": [4]})")) == ErrorCode::ModelBadTensor);
  CHECK(parse_error(h(R"({"dtype": "F32", "shape": [4], "data_offsets": [16, 32]})")) == ErrorCode::ModelTruncated);
  CHECK(parse_error(h(R"({"dtype": "F32", "shape": [4294967296, 4294967296], "data_offsets": [0, 16]})")) ==
        ErrorCode::ModelBadTensor);
  CHECK(parse_error(h("7")) == ErrorCode::ModelBadTensor);
}

TEST_CASE("overlapping tensors are refused", "[safetensors]") {
  std::vector<uint8_t> data(16, 0);
  auto b = make_safetensors(R"({"a": {"dtype": "F32", "shape": [3], "data_offsets": [0, 12]},
                                "b": {"dtype": "F32", "shape": [2], "data_offsets": [8, 16]}})",
                            data);
  CHECK(parse_error(b) == ErrorCode::ModelBadTensor);
  CHECK_THAT(parse_message(b), Catch::Contains("overlaps"));
}

TEST_CASE("holes and trailing bytes in the data section are refused, as the safetensors reference does", "[safetensors]") {
  std::vector<uint8_t> data(20, 0);
  auto hole = make_safetensors(R"({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
                                   "b": {"dtype": "F32", "shape": [2], "data_offsets": [12, 20]}})",
                               data);
  CHECK(parse_error(hole) == ErrorCode::ModelBadTensor);
  CHECK_THAT(parse_message(hole), Catch::Contains("'b'") && Catch::Contains("hole of 4 bytes"));
  auto lead = make_safetensors(R"({"a": {"dtype": "F32", "shape": [4], "data_offsets": [4, 20]}})", data);
  CHECK_THAT(parse_message(lead), Catch::Contains("'a'") && Catch::Contains("hole"));
  auto tail = make_safetensors(R"({"a": {"dtype": "F32", "shape": [4], "data_offsets": [0, 16]}})", data);
  CHECK(parse_error(tail) == ErrorCode::ModelBadHeader);
  CHECK_THAT(parse_message(tail), Catch::Contains("4 bytes after the last tensor"));
  auto empty_between = make_safetensors(R"({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
                                            "e": {"dtype": "F32", "shape": [0], "data_offsets": [8, 8]},
                                            "b": {"dtype": "I8", "shape": [12], "data_offsets": [8, 20]}})",
                                        data);
  CHECK_NOTHROW(SafetensorsFile::parse(empty_between.data(), empty_between.size()));
}

TEST_CASE("a zero-size tensor with huge other dimensions is refused, not overflowed", "[safetensors]") {
  // found by fuzz_safetensors_header: numel() overflowed int64 on [2^21, 2^21, 2^21, 0]
  auto b = make_safetensors(R"({"a": {"dtype": "I8", "shape": [2097152, 2097152, 2097152, 0], "data_offsets": [0, 0]}})", {});
  CHECK(parse_error(b) == ErrorCode::ModelBadTensor);
  auto ok = make_safetensors(R"({"a": {"dtype": "F32", "shape": [3, 0], "data_offsets": [0, 0]}})", {});
  auto f = SafetensorsFile::parse(ok.data(), ok.size());
  CHECK(f.find("a")->numel() == 0);
}
