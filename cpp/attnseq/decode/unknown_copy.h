// Unknown characters (issue 29: names). A letter that a model's vocabularies lack ("Å", or "ñ" for
// fr-en) is read as the source's <unk>, and the model can only write the target's <unk> for it, which
// reads " ⁇ ". A generated <unk> copies the unknown source text it points at instead: the source <unk>
// that the step's alignment row (StepOutput::alignment: the attention, or the Transformer's last layer
// averaged over heads) weighs most (Luong et al. 2015, "Addressing the Rare Word Problem in Neural
// Machine Translation"). The searches record the position (StepEvent::copied, Hypothesis::copies); the
// Translator writes that source token's text in the <unk>'s place. A model without attention (an
// alignment of zeros) points at nothing and copies nothing.
#pragma once

#include <vector>

#include "attnseq/core/special_ids.h"

namespace attnseq {

class UnknownCopy {
 public:
  UnknownCopy() = default;  // copies nothing
  // src: the source ids the model reads; ids.unk and ids.source_unk: the target's and the source's <unk>.
  UnknownCopy(const std::vector<int>& src, ControlIds ids);

  // The source position whose text `token` stands for: -1 unless it is the target's <unk>, the source
  // holds an <unk>, and the alignment row ([src_len]) weighs one of those above 0.
  int position(int token, const float* alignment, int src_len) const;

 private:
  int target_unk_ = -1;
  std::vector<int> unknown_;  // the source positions that hold <unk>, ascending
};

}  // namespace attnseq
