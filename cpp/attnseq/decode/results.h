// Plain result data of decoding (token ids; text is added by the Translator).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "attnseq/models/model.h"

namespace attnseq {

// One step of the autoregressive loop, as the front end animates it.
struct StepEvent {
  int step = 0;               // 0-based index of the generated token
  int token = 0;              // the chosen id
  float probability = 0.0f;   // its probability under the model (before temperature/top-k/top-p)
  bool forced = false;        // taken from the forced prefix, not chosen by the search
  bool end = false;           // the token is the end of sentence (</s>)
  bool done = false;          // no further step: end, or the length limit reached (done && !end)
  bool capped = false;        // the length cap ended the output here (done without </s>)
  int copied = -1;            // a generated <unk>: the source position whose unknown text it copies (unknown_copy.h)
  std::vector<std::pair<int, float>> alternatives;  // top tokens (id, probability), descending
  // the no-repeat-n-gram guard: the tokens it removed that the model ranked above the chosen one (id,
  // probability under the model), most likely first; empty when it did not change the choice
  std::vector<std::pair<int, float>> blocked;
  // the number guard (decode/number_guard.h): the same, for the tokens it removed because they would
  // write a number the source does not hold
  std::vector<std::pair<int, float>> number_blocked;
  // the name guard (decode/name_guard.h): the same, for the tokens it removed because they would depart
  // from a source name the translation has begun to write
  std::vector<std::pair<int, float>> name_blocked;
  // sampling: each alternative's probability in the distribution the token was drawn from (after
  // temperature, top-k and top-p; 0 = cut); empty for greedy and beam search
  std::vector<float> sampled;
  // The attention of the step (empty when DecodeOptions::return_attention is false):
  AttentionStack cross_attention;  // [1, layers, heads, 1, src_len]: the weights
  AttentionStack cross_scores;     // the same shape: the scores before the softmax (empty without attention)
  AttentionStack cross_context;    // [1, layers, 1, 1, C]: the weighted sums (see StepOutput)
  std::vector<float> alignment;    // [src_len]
  uint64_t macs = 0;               // multiply-adds of this step (beam search: this hypothesis's share)
};

struct Hypothesis {
  std::vector<int> tokens;           // generated target ids, </s> included when reached
  std::vector<float> token_logprobs;  // log p of each token under the model (same length as tokens)
  float score = 0.0f;                // sum of log p, divided by length^length_penalty for beam search
  bool finished = false;             // false when the length limit stopped it before </s>
  std::vector<std::vector<float>> attention;  // [tokens][src_len]: alignment row of each step (if requested)
  std::vector<int> copies;           // [tokens]: the source position a generated <unk> copies, else -1 (StepEvent::copied)
  std::vector<StepEvent> steps;      // beam search: the step records of this hypothesis (see StepEvent)
};


// Beam search trace for the beam tree view: every candidate considered at each step.
struct BeamCandidate {
  int step = 0;         // generation step
  int parent = -1;      // index of the parent in trace.steps[step - 1] (-1 at step 0)
  int token = 0;
  float logprob = 0.0f;  // of this token
  float score = 0.0f;    // cumulative log p of the hypothesis ending here
  bool kept = false;     // continued as a live beam
  bool finished = false;  // ended with </s> (or at the length limit) and joined the n-best candidates
};

struct BeamTrace {
  std::vector<std::vector<BeamCandidate>> steps;  // [step][candidate], best score first
};

}  // namespace attnseq
