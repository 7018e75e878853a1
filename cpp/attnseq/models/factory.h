// Builds the model named by a config's architecture over a validated weight store.
#pragma once

#include <memory>

#include "attnseq/io/weights.h"
#include "attnseq/models/model.h"

namespace attnseq {

std::shared_ptr<const Model> build_model(const ModelConfig& config, std::shared_ptr<WeightStore> store);

}  // namespace attnseq
