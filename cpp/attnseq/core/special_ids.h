// The control tokens decoding needs. They are read from the model file's target tokenizer
// (Translator), never assumed: decoding feeds `bos` first and ends a hypothesis at `eos`.
#pragma once

namespace attnseq {

struct ControlIds {
  int bos = -1;  // first decoder input of every hypothesis
  int eos = -1;  // ends a hypothesis (its step has end = true)
  int unk = -1;         // the target's <unk>: a generated one copies unknown source text (decode/unknown_copy.h)
  int source_unk = -1;  // the source's <unk> (-1: none)
};

}  // namespace attnseq
