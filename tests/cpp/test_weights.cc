// WeightStore: shapes checked against what the model asks for, I8 dequantized, damage detected.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "attnseq/core/errors.h"
#include "helpers.h"

using attnseq::Error;
using attnseq::ErrorCode;
using attnseq::WeightStore;

namespace {
std::shared_ptr<WeightStore> store_of(attnseq::Bytes b) {
  return std::make_shared<WeightStore>(std::make_shared<attnseq::Bytes>(std::move(b)));
}
}  // namespace

TEST_CASE("F32 matrices map the file bytes with the requested shape", "[weights]") {
  auto s = store_of(testing::make_f32_file({{"m", {2, 2}, {1, 2, 3, 4}}, {"v", {2}, {5, 6}}}, nullptr));
  auto m = s->matrix("m", 2, 2);
  CHECK(m(1, 0) == 3.0f);
  CHECK(s->vector("v", 2)(1) == 6.0f);
  s->check_all_used();
}

TEST_CASE("a shape disagreeing with the config names tensor and both shapes", "[weights]") {
  auto s = store_of(testing::make_f32_file({{"m", {2, 2}, {1, 2, 3, 4}}}, nullptr));
  try {
    s->matrix("m", 4, 1);
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::ModelBadTensor);
    CHECK_THAT(e.what(), Catch::Contains("'m'") && Catch::Contains("[2, 2]") && Catch::Contains("[4, 1]"));
  }
}

TEST_CASE("missing and unexpected tensors are errors", "[weights]") {
  auto s = store_of(testing::make_f32_file({{"m", {1}, {1}}, {"extra", {1}, {2}}}, nullptr));
  CHECK_THROWS_AS(s->vector("absent", 1), Error);
  s->vector("m", 1);
  try {
    s->check_all_used();
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == ErrorCode::ModelBadTensor);
    CHECK_THAT(e.what(), Catch::Contains("'extra'"));
  }
}

TEST_CASE("non-finite weights are reported as damage", "[weights]") {
  auto s = store_of(testing::make_f32_file({{"m", {2}, {1, std::numeric_limits<float>::quiet_NaN()}}}, nullptr));
  CHECK_THROWS_WITH(s->vector("m", 2), Catch::Contains("not a finite number"));
}

TEST_CASE("I8 matrices dequantize with per-row scales", "[weights]") {
  // q = [[1, -2], [127, 0]], scale = [0.5, 0.25] -> [[0.5, -1], [31.75, 0]]
  float sc[2] = {0.5f, 0.25f};
  std::vector<uint8_t> data(reinterpret_cast<uint8_t*>(sc), reinterpret_cast<uint8_t*>(sc) + 8);
  for (int v : {1, -2, 127, 0}) data.push_back(static_cast<uint8_t>(v));
  auto bytes = testing::make_safetensors(R"({"w": {"dtype": "I8", "shape": [2, 2], "data_offsets": [8, 12]},
      "w.scale": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}})", data);
  auto s = store_of(bytes);
  auto m = s->matrix("w", 2, 2);
  CHECK(m(0, 0) == 0.5f);
  CHECK(m(0, 1) == -1.0f);
  CHECK(m(1, 0) == 31.75f);
  CHECK(m(1, 1) == 0.0f);
  CHECK(s->quantized());
  s->check_all_used();
}

TEST_CASE("an I8 matrix without scales is an error naming the scale tensor", "[weights]") {
  std::vector<uint8_t> data = {1, 2, 3, 4};
  auto s = store_of(testing::make_safetensors(R"({"w": {"dtype": "I8", "shape": [2, 2], "data_offsets": [0, 4]}})", data));
  CHECK_THROWS_WITH(s->matrix("w", 2, 2), Catch::Contains("w.scale"));
}
