// attnseq_bench: the native contender of the runtime comparison (bench/run.sh, docs/benchmarks.md).
// One pass: load the model file (timed: read + validate + build), translate `warmup` sentences
// untimed, then every sentence of the input, timed one by one (greedy, batch 1, one thread: Eigen is
// built with EIGEN_DONT_PARALLELIZE), and write a JSON result: times, generated tokens, target ids,
// multiply-adds and the peak RSS of the process.
//
//   build/native/attnseq_bench --model M --input build/bench/inputs.json --out R.json [--warmup 20]
//
// The input is bench/compare/prepare_inputs.py's JSON ({"sentences": [...], ...}).
#include <sys/resource.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attnseq/attnseq.h"

namespace {

using Clock = std::chrono::steady_clock;

double cpu_ms() {  // CPU time of this process (the wall clock also counts waiting for a shared core)
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

std::shared_ptr<attnseq::Bytes> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  return std::make_shared<attnseq::Bytes>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

int usage() {
  std::cerr << "usage: attnseq_bench --model FILE --input INPUTS.json --out RESULT.json [--warmup N]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string model_path, input_path, out_path;
  int warmup = 20;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) return usage();
    if (a == "--model") model_path = argv[++i];
    else if (a == "--input") input_path = argv[++i];
    else if (a == "--out") out_path = argv[++i];
    else if (a == "--warmup") warmup = std::stoi(argv[++i]);
    else return usage();
  }
  if (model_path.empty() || input_path.empty() || out_path.empty()) return usage();
  try {
    std::ifstream in(input_path);
    if (!in) throw std::runtime_error("cannot open " + input_path);
    const nlohmann::json input = nlohmann::json::parse(in);
    const std::vector<std::string> sentences = input.at("sentences").get<std::vector<std::string>>();

    const auto t_load = Clock::now();
    attnseq::Translator translator(read_file(model_path));
    const double load_ms = ms_since(t_load);

    attnseq::DecodeOptions options;  // greedy, default length limit (2 * source + 10)
    options.return_attention = false;
    options.alternatives = 0;
    // the model's own greedy choices, as the other contenders make them (bench/compare/attnseq_runner.mjs)
    options.copy_numbers = false;
    options.copy_names = false;
    options.max_repeat_run = 0;
    options.restore_input = false;
    options.validate(translator.info().config);

    for (int i = 0; i < warmup && i < static_cast<int>(sentences.size()); ++i) translator.translate(sentences[i], options);

    nlohmann::json times = nlohmann::json::array(), outputs = nlohmann::json::array();
    long steps = 0;
    uint64_t macs = 0;
    double total_ms = 0;
    const double cpu0 = cpu_ms();
    for (const std::string& s : sentences) {
      const auto t0 = Clock::now();
      const attnseq::TranslationResult r = translator.translate(s, options);
      const double ms = ms_since(t0);
      total_ms += ms;
      times.push_back(ms);
      nlohmann::json ids = nlohmann::json::array();
      if (!r.hypotheses.empty()) {
        const auto& tokens = r.hypotheses[0].tokens;
        steps += static_cast<long>(tokens.size());
        for (const auto& t : tokens)
          if (t.id != 3) ids.push_back(t.id);  // </s> left out, as the other contenders do
      }
      macs += r.macs;
      outputs.push_back(ids);
    }
    const double cpu = cpu_ms() - cpu0;
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    const nlohmann::json result = {
        {"contender", "native"},
        {"model", model_path},
        {"load_ms", load_ms},
        {"warmup", warmup},
        {"sentences", sentences.size()},
        {"total_ms", total_ms},
        {"times_ms", times},
        {"cpu_ms", cpu},
        {"steps", steps},
        {"macs", macs},
        {"peak_rss_bytes", static_cast<long long>(ru.ru_maxrss) * 1024},
        {"outputs", outputs},
    };
    std::ofstream out(out_path);
    out << result.dump() << '\n';
    if (!out) throw std::runtime_error("cannot write " + out_path);
  } catch (const std::exception& e) {
    std::cerr << "attnseq_bench: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
