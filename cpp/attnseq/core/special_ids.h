// Token ids fixed by the model format (docs/model-format.md) in both vocabularies.
#pragma once

namespace attnseq {

constexpr int kPadId = 0;
constexpr int kUnkId = 1;
constexpr int kBosId = 2;
constexpr int kEosId = 3;

}  // namespace attnseq
