#include "cli/args.h"

#include <stdexcept>

namespace attnseq_cli {
namespace {

double to_number(const std::string& flag, const std::string& v) {
  try {
    size_t used = 0;
    double x = std::stod(v, &used);
    if (used != v.size()) throw std::invalid_argument("");
    return x;
  } catch (...) {
    throw std::invalid_argument(flag + " expects a number, got \"" + v + "\"");
  }
}

int to_int(const std::string& flag, const std::string& v) {
  const double x = to_number(flag, v);
  if (x != static_cast<double>(static_cast<long long>(x)) || x < -2147483647.0 || x > 2147483647.0)
    throw std::invalid_argument(flag + " expects an integer, got \"" + v + "\"");
  return static_cast<int>(x);
}

}  // namespace

const char* usage() {
  return R"(attnseq: translate text with an attnseq model file.

Usage: attnseq --model FILE [--text TEXT] [options]
Without --text, reads stdin and writes one line per input line (an empty line gives an empty line).

  --model FILE             model file (.safetensors), required
  --text TEXT              translate TEXT instead of reading stdin
  --json                   print one JSON object per sentence: source and target tokens, ids,
                           probabilities, scores, attention matrices (beam: the beam trace too)
  --info                   print the model's config and metadata as JSON and exit
  --strategy S             greedy (default) | beam | sample
  --beam-size N            beam: hypotheses kept per step (default 4)
  --length-penalty F       beam: score = log p / length^F (default 1.0; 0 = raw sum)
  --n-best N               beam: hypotheses returned (default 1; with --json all are printed)
  --temperature F          sample: softmax temperature (default 1.0)
  --top-k N                sample: only the N most likely tokens (default 0 = all)
  --top-p F                sample: nucleus probability mass (default 1.0)
  --seed N                 sample: random seed (default 42)
  --max-length N           hard cap on generated tokens, </s> included (default 256)
  --max-length-ratio F     cap = F * source tokens + extra (default 2.0)
  --max-length-extra N     (default 10)
  --prefix TEXT            force the translation to start with TEXT, then continue decoding
  --no-kv-cache            Transformer: recompute the decoder prefix at every step (same output, more work)
  --alternatives N         --json: top tokens listed per step (default 5)
  --help                   this text
Exit status: 0 on success, 1 if any sentence failed (its error is on stderr), 2 on bad usage or model.
)";
}

CliArgs parse_args(const std::vector<std::string>& argv) {
  CliArgs a;
  attnseq::DecodeOptions& o = a.options;
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& f = argv[i];
    auto value = [&]() -> const std::string& {
      if (i + 1 >= argv.size()) throw std::invalid_argument(f + " needs a value");
      return argv[++i];
    };
    if (f == "--help" || f == "-h") a.help = true;
    else if (f == "--json") a.json = true;
    else if (f == "--info") a.info = true;
    else if (f == "--no-kv-cache") o.kv_cache = false;
    else if (f == "--model") a.model_path = value();
    else if (f == "--text") a.text = value(), a.has_text = true;
    else if (f == "--prefix") a.prefix_text = value();
    else if (f == "--strategy") {
      try {
        o.strategy = attnseq::parse_strategy(value());
      } catch (const std::exception& e) {
        throw std::invalid_argument(e.what());
      }
    }
    else if (f == "--beam-size") o.beam_size = to_int(f, value());
    else if (f == "--length-penalty") o.length_penalty = static_cast<float>(to_number(f, value()));
    else if (f == "--n-best") o.num_hypotheses = to_int(f, value());
    else if (f == "--temperature") o.temperature = static_cast<float>(to_number(f, value()));
    else if (f == "--top-k") o.top_k = to_int(f, value());
    else if (f == "--top-p") o.top_p = static_cast<float>(to_number(f, value()));
    else if (f == "--seed") {
      const double s = to_number(f, value());
      if (s < 0 || s != static_cast<double>(static_cast<uint64_t>(s))) throw std::invalid_argument("--seed expects a non-negative integer");
      o.seed = static_cast<uint64_t>(s);
    }
    else if (f == "--max-length") o.max_length = to_int(f, value());
    else if (f == "--max-length-ratio") o.max_length_ratio = static_cast<float>(to_number(f, value()));
    else if (f == "--max-length-extra") o.max_length_extra = to_int(f, value());
    else if (f == "--alternatives") o.alternatives = to_int(f, value());
    else throw std::invalid_argument("unknown flag " + f + " (see --help)");
  }
  if (!a.help && a.model_path.empty()) throw std::invalid_argument("--model FILE is required (see --help)");
  return a;
}

}  // namespace attnseq_cli
