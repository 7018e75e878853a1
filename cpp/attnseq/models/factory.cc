#include "attnseq/models/factory.h"

#include "attnseq/models/rnn_seq2seq.h"
#include "attnseq/models/transformer.h"

namespace attnseq {

std::shared_ptr<const Model> build_model(const ModelConfig& config, std::shared_ptr<WeightStore> store) {
  if (config.arch == Arch::Rnn) return std::make_shared<RnnSeq2Seq>(config, std::move(store));
  return std::make_shared<Transformer>(config, std::move(store));
}

}  // namespace attnseq
