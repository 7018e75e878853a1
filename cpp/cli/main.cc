// The `attnseq` command: translate stdin or --text with a model file (see --help).
#include <csignal>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>

#include "attnseq/attnseq.h"
#include "attnseq/text/tokenizer.h"
#include "cli/args.h"
#include "cli/json_out.h"
#include <nlohmann/json.hpp>

namespace {

// Ctrl-C (SIGINT) during a translation stops it within one model step (the engine's abort callback), and
// the command ends with exit status 130 after saying so; elsewhere (waiting for input) it ends the
// command at once, as it always did.
volatile std::sig_atomic_t interrupted = 0;
volatile std::sig_atomic_t translating = 0;
void on_interrupt(int) {
  interrupted = 1;
  if (translating) return;
  std::signal(SIGINT, SIG_DFL);
  std::raise(SIGINT);
}
const attnseq::AbortCallback kAbort = [] { return interrupted != 0; };

// Marks the translation of one line (see on_interrupt).
struct Translating {
  Translating() { translating = 1; }
  ~Translating() { translating = 0; }
};

std::shared_ptr<attnseq::Bytes> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open model file " + path);
  auto bytes = std::make_shared<attnseq::Bytes>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return bytes;
}

// Joins translated sentences: a space between them, none after Chinese or Japanese text.
std::string join_sentences(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) {
    if (p.empty()) continue;
    const bool cjk_end = out.size() >= 3 && static_cast<unsigned char>(out[out.size() - 3]) >= 0xE3 &&
                         static_cast<unsigned char>(out[out.size() - 3]) <= 0xEF;
    if (!out.empty() && !cjk_end) out += ' ';
    out += p;
  }
  return out;
}

// translate(), with every step recorded (token, alternatives, attention per layer and head) for --json:
// beam search records its hypotheses' steps itself; greedy and sampling run a session step by step.
attnseq::TranslationResult translate_steps(const attnseq::Translator& t, const std::string& text,
                                           const attnseq::DecodeOptions& options) {
  if (options.strategy == attnseq::Strategy::Beam) return t.translate(text, options, kAbort);
  std::unique_ptr<attnseq::TranslationSession> session = t.start(text, options);
  if (!session) return t.translate(text, options);  // blank: the empty result
  std::vector<attnseq::TranslationStep> steps;
  while (!session->done()) {
    attnseq::check_abort(kAbort, static_cast<int>(steps.size()));
    steps.push_back(session->next());
  }
  attnseq::TranslationResult r = session->result();
  r.hypotheses[0].steps = std::move(steps);
  return r;
}

// The --replacement piece's source id (-1: <unk>); an unknown piece is an error naming it.
int replacement_id(const attnseq::Translator& t, const attnseq_cli::CliArgs& args) {
  if (args.replacement.empty()) return -1;
  const attnseq::Tokenizer& tok = t.source_tokenizer();
  const int id = tok.id_of(args.replacement);
  if (id == tok.unk_id() && args.replacement != tok.piece(id))
    throw attnseq::Error(attnseq::ErrorCode::BadOption, "--replacement \"" + args.replacement +
                                                            "\" is not a piece of the source vocabulary (e.g. ▁the)");
  return id;
}

// Translates one input line (one sentence, or each of its sentences with --sentences) and prints one
// line; returns false when it failed (reported on stderr).
bool translate_line(const attnseq::Translator& t, const attnseq_cli::CliArgs& args, const std::string& line,
                    long line_no) {
  attnseq::DecodeOptions options = args.options;
  const Translating mark;
  try {
    if (!args.prefix_text.empty()) options.prefix = t.target_ids(args.prefix_text);
    if (args.sensitivity) {
      std::cout << attnseq_cli::sensitivity_json(attnseq::sensitivity(t, line, options, replacement_id(t, args), kAbort), t)
                       .dump()
                << '\n';
      return true;
    }
    std::vector<std::pair<size_t, size_t>> spans = {{0, line.size()}};
    if (args.sentences) spans = t.sentences(line);
    std::vector<std::string> texts;
    nlohmann::json sentences = nlohmann::json::array();
    attnseq::TranslationResult r;
    for (const auto& [begin, end] : spans) {
      const std::string text = line.substr(begin, end - begin);
      r = args.json && args.steps ? translate_steps(t, text, options) : t.translate(text, options, kAbort);
      texts.push_back(r.hypotheses.empty() ? "" : r.hypotheses[0].text);
      if (args.sentences && args.json) {
        nlohmann::json j = attnseq_cli::result_json(r, t);
        j["span"] = {begin, end};
        sentences.push_back(std::move(j));
      }
    }
    if (args.json)
      std::cout << (args.sentences ? nlohmann::json{{"sentences", sentences}} : attnseq_cli::result_json(r, t)).dump() << '\n';
    else
      std::cout << (args.sentences ? join_sentences(texts) : texts.empty() ? "" : texts[0]) << '\n';
    return true;
  } catch (const attnseq::Error& e) {
    if (e.code() == attnseq::ErrorCode::Aborted) throw;  // Ctrl-C: no further line
    std::cerr << "attnseq: line " << line_no << ": " << e.code_name() << ": " << e.what() << '\n';
    if (args.json)
      std::cout << attnseq_cli::error_json(e.code_name(), e.what()).dump() << '\n';
    else
      std::cout << '\n';
    return false;
  }
}

int run(const attnseq_cli::CliArgs& args) {
  attnseq::Translator translator(read_file(args.model_path));
  if (args.info) {
    std::cout << attnseq_cli::info_json(translator).dump(2) << '\n';
    return 0;
  }
  args.options.validate(translator.info().config);
  bool ok = true;
  if (args.has_text) return translate_line(translator, args, args.text, 1) ? 0 : 1;
  std::string line;
  long line_no = 0;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    ok = translate_line(translator, args, line, ++line_no) && ok;
    std::cout.flush();
  }
  return ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  attnseq_cli::CliArgs args;
  try {
    args = attnseq_cli::parse_args(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const std::exception& e) {
    std::cerr << "attnseq: " << e.what() << '\n';
    return 2;
  }
  if (args.help) {
    std::cout << attnseq_cli::usage();
    return 0;
  }
  if (args.list_options) {
    std::cout << nlohmann::json::parse(attnseq::describe_options()).dump(2) << '\n';
    return 0;
  }
  std::signal(SIGINT, on_interrupt);
  try {
    return run(args);
  } catch (const attnseq::Error& e) {
    std::cerr << "attnseq: " << e.code_name() << ": " << e.what() << '\n';
    return e.code() == attnseq::ErrorCode::Aborted ? 130 : 2;
  } catch (const std::exception& e) {
    std::cerr << "attnseq: " << e.what() << '\n';
    return 2;
  }
}
