#include "cli/args.h"

#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace attnseq_cli {
namespace {

using attnseq::OptionKind;
using attnseq::OptionSpec;

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

double to_integer(const std::string& flag, const std::string& v, double lo, double hi) {
  const double x = to_number(flag, v);
  if (x != std::floor(x) || x < lo || x > hi)
    throw std::invalid_argument(flag + " expects an integer" + (lo >= 0 ? std::string(" >= 0") : "") + ", got \"" + v + "\"");
  return x;
}

// The decoding option's flag: its name with '-' for '_' (beam_size → --beam-size).
std::string flag_of(const OptionSpec& s) {
  std::string f = "--";
  for (const char* c = s.name; *c; ++c) f += *c == '_' ? '-' : *c;
  return f;
}

// Flags that spell a decoding option differently (kept for scripts written against earlier versions).
const char* alias_of(const std::string& flag) { return flag == "--n-best" ? "num_hypotheses" : nullptr; }

std::string format_number(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

std::string default_of(const OptionSpec& s) {
  const attnseq::DecodeOptions d;
  switch (s.kind) {
    case OptionKind::Strategy: return s.text(d);
    case OptionKind::Bool: return s.number(d) != 0 ? "on" : "off";
    case OptionKind::Prefix:
    case OptionKind::Positions:
    case OptionKind::Heads: return "none";
    default: return format_number(s.number(d));
  }
}

// "  --beam-size N            beam: hypotheses kept per step (default 4)"
std::string help_line(const OptionSpec& s) {
  std::string flag = flag_of(s);
  switch (s.kind) {
    case OptionKind::Int: case OptionKind::Seed: flag += " N"; break;
    case OptionKind::Float: flag += " F"; break;
    case OptionKind::Strategy: flag += " S"; break;
    case OptionKind::Prefix: flag += " TEXT"; break;
    case OptionKind::Positions: flag += " I,J"; break;
    case OptionKind::Heads: flag += " L:H,.."; break;
    case OptionKind::Bool: flag = "--[no-]" + flag.substr(2); break;
  }
  std::string line = "  " + flag;
  line += std::string(flag.size() < 23 ? 25 - flag.size() : 2, ' ');
  if (*s.applies) line += std::string(s.applies) + ": ";
  line += s.doc;
  line += " (default " + default_of(s) + ")";
  return line + "\n";
}

// "3,0,7" → {3, 0, 7}: the integers of a comma-separated list (an empty value: none).
std::vector<int> integer_list(const std::string& flag, const std::string& v) {
  std::vector<int> out;
  std::stringstream ss(v);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (item.empty()) throw std::invalid_argument(flag + " expects integers separated by commas, got \"" + v + "\"");
    out.push_back(static_cast<int>(to_integer(flag, item, -2147483647.0, 2147483647.0)));
  }
  return out;
}

// "1:2,0:3" → {(1, 2), (0, 3)}: layer:head pairs, 0-based.
std::vector<attnseq::HeadRef> head_list(const std::string& flag, const std::string& v) {
  std::vector<attnseq::HeadRef> out;
  std::stringstream ss(v);
  std::string item;
  while (std::getline(ss, item, ',')) {
    const size_t colon = item.find(':');
    if (colon == std::string::npos)
      throw std::invalid_argument(flag + " expects LAYER:HEAD pairs separated by commas (0-based, e.g. 1:2), got \"" + v + "\"");
    out.push_back({static_cast<int>(to_integer(flag, item.substr(0, colon), -2147483647.0, 2147483647.0)),
                   static_cast<int>(to_integer(flag, item.substr(colon + 1), -2147483647.0, 2147483647.0))});
  }
  return out;
}

// Applies one decoding flag; returns false when `flag` is not a decoding option.
bool decoding_flag(CliArgs& a, const std::string& flag, const std::vector<std::string>& argv, size_t& i) {
  const OptionSpec* spec = nullptr;
  bool negated = false;
  if (const char* alias = alias_of(flag)) spec = attnseq::find_option(alias);
  for (const OptionSpec& s : attnseq::option_table()) {
    if (spec) break;
    if (flag == flag_of(s)) spec = &s;
    else if (s.kind == OptionKind::Bool && flag == "--no-" + flag_of(s).substr(2)) spec = &s, negated = true;
  }
  if (!spec) return false;
  auto value = [&]() -> const std::string& {
    if (i + 1 >= argv.size()) throw std::invalid_argument(flag + " needs a value");
    return argv[++i];
  };
  switch (spec->kind) {
    case OptionKind::Bool: spec->set_number(a.options, negated ? 0 : 1); break;
    case OptionKind::Prefix: a.prefix_text = value(); break;
    case OptionKind::Positions: spec->set_positions(a.options, integer_list(flag, value())); break;
    case OptionKind::Heads: spec->set_heads(a.options, head_list(flag, value())); break;
    case OptionKind::Float: spec->set_number(a.options, to_number(flag, value())); break;
    case OptionKind::Int: spec->set_number(a.options, to_integer(flag, value(), -2147483647.0, 2147483647.0)); break;
    case OptionKind::Seed: spec->set_number(a.options, to_integer(flag, value(), 0, spec->max)); break;
    case OptionKind::Strategy:
      try {
        spec->set_text(a.options, value());
      } catch (const std::exception& e) {
        throw std::invalid_argument(e.what());
      }
      break;
  }
  return true;
}

}  // namespace

std::string usage() {
  std::string u = R"(attnseq: translate text with an attnseq model file.

Usage: attnseq --model FILE [--text TEXT] [options]
Without --text, reads stdin and writes one line per input line (an empty line gives an empty line).

  --model FILE             model file (.safetensors), required
  --text TEXT              translate TEXT instead of reading stdin
  --json                   print one JSON object per sentence: source and target tokens, ids,
                           probabilities, scores, attention matrices, the encoder's self-attention
                           (Transformer), each step (token, --alternatives with, for sampling, each one's
                           share of the distribution drawn from; cross-attention per layer and head unless
                           --no-return-attention; beam: the best hypotheses' steps and the beam trace)
  --no-steps               --json without each step's record (greedy and sampling; smaller and faster)
  --sentences              split each input line into sentences (. ! ? 。！？, line breaks) and translate
                           them one by one (--json: {"sentences": [{"span": [begin, end], ...}]})
  --sensitivity            print one JSON object per sentence: each source token replaced in turn (by <unk>),
                           the translation teacher-forced, and how much what the decoder reads changes (the
                           fixed context vector, or each step's attention context; attnseq/sensitivity.h)
  --replacement PIECE      --sensitivity: the source piece put in each token's place (default <unk>)
  --info                   print the model's config and metadata as JSON and exit
  --options                print the decoding options (names, kinds, defaults, ranges, docs) as JSON and exit
  --help                   this text

Decoding options:
)";
  for (const OptionSpec& s : attnseq::option_table()) u += help_line(s);
  u += "  --n-best N               same as --num-hypotheses\n";
  u += "Exit status: 0 on success, 1 if any sentence failed (its error is on stderr), 2 on bad usage or model.\n";
  return u;
}

CliArgs parse_args(const std::vector<std::string>& argv) {
  CliArgs a;
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& f = argv[i];
    auto value = [&]() -> const std::string& {
      if (i + 1 >= argv.size()) throw std::invalid_argument(f + " needs a value");
      return argv[++i];
    };
    if (f == "--help" || f == "-h") a.help = true;
    else if (f == "--json") a.json = true;
    else if (f == "--sentences") a.sentences = true;
    else if (f == "--no-steps") a.steps = false;
    else if (f == "--info") a.info = true;
    else if (f == "--sensitivity") a.sensitivity = true;
    else if (f == "--replacement") a.replacement = value();
    else if (f == "--options") a.list_options = true;
    else if (f == "--model") a.model_path = value();
    else if (f == "--text") a.text = value(), a.has_text = true;
    else if (!decoding_flag(a, f, argv, i)) throw std::invalid_argument("unknown flag " + f + " (see --help)");
  }
  if (!a.help && !a.list_options && a.model_path.empty()) throw std::invalid_argument("--model FILE is required (see --help)");
  return a;
}

}  // namespace attnseq_cli
