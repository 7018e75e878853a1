// Cancellation inside the decoding loops (the anchor: whisper.cpp's abort_callback). A caller hands
// the search a callback; every strategy asks it before each model step, and a true answer stops the
// search there with Error(Aborted): a cancelled translation costs at most the step in progress.
#pragma once

#include <functional>
#include <string>

#include "attnseq/core/errors.h"

namespace attnseq {

// true: stop. An empty callback never stops.
using AbortCallback = std::function<bool()>;

// Throws Error(Aborted) when `abort` says so; `steps`: the model steps taken so far (for the message).
inline void check_abort(const AbortCallback& abort, int steps) {
  if (abort && abort())
    throw Error(ErrorCode::Aborted, "decoding was aborted after " + std::to_string(steps) + " model step" +
                                        (steps == 1 ? "" : "s"));
}

}  // namespace attnseq
