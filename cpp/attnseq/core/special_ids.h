// The control tokens decoding needs. They are read from the model file's target tokenizer
// (Translator), never assumed: decoding feeds `bos` first and ends a hypothesis at `eos`.
#pragma once

namespace attnseq {

struct ControlIds {
  int bos = -1;  // first decoder input of every hypothesis
  int eos = -1;  // ends a hypothesis (its step has end = true)
};

}  // namespace attnseq
