#include "attnseq/models/factory.h"

#include "attnseq/models/conv_seq2seq.h"
#include "attnseq/models/rnn_seq2seq.h"
#include "attnseq/models/transformer.h"

namespace attnseq {

std::shared_ptr<const Model> build_model(const ModelConfig& config, std::shared_ptr<WeightStore> store) {
  switch (config.arch) {
    case Arch::Rnn: return std::make_shared<RnnSeq2Seq>(config, std::move(store));
    case Arch::Conv: return std::make_shared<ConvSeq2Seq>(config, std::move(store));
    case Arch::Transformer: break;
  }
  return std::make_shared<Transformer>(config, std::move(store));
}

}  // namespace attnseq
