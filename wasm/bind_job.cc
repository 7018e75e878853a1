#include "bind_job.h"

#include <emscripten/bind.h>
#include <emscripten/emscripten.h>

#include "bind_errors.h"
#include "bind_records.h"

namespace attnseq_wasm {

using emscripten::val;

WasmJob::WasmJob(std::shared_ptr<const attnseq::Translator> translator, std::unique_ptr<attnseq::TranslationJob> job,
                 const std::string& text)
    : translator_(std::move(translator)), job_(std::move(job)), offsets_(utf16_offsets(text)) {}

bool WasmJob::done() const { return job_->done(); }

val WasmJob::advance(double ms) {
  return guarded([&] {
    const double deadline = emscripten_get_now() + ms;
    int steps = 0;
    do {
      if (job_->done()) break;
      job_->step();
      ++steps;
    } while (emscripten_get_now() < deadline);
    return val(steps);
  });
}

val WasmJob::result() {
  return guarded([&] { return result_to_js(job_->result(), *translator_, offsets_); });
}

EMSCRIPTEN_BINDINGS(attnseq_job) {
  emscripten::class_<WasmJob>("Job")
      .function("done", &WasmJob::done)
      .function("advance", &WasmJob::advance)
      .function("result", &WasmJob::result);
}

}  // namespace attnseq_wasm
