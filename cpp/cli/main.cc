// The `attnseq` command: translate stdin or --text with a model file (see --help).
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>

#include "attnseq/attnseq.h"
#include "cli/args.h"
#include "cli/json_out.h"
#include <nlohmann/json.hpp>

namespace {

std::shared_ptr<attnseq::Bytes> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open model file " + path);
  auto bytes = std::make_shared<attnseq::Bytes>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return bytes;
}

// Translates one sentence and prints one line; returns false when it failed (reported on stderr).
bool translate_line(const attnseq::Translator& t, const attnseq_cli::CliArgs& args, const std::string& line,
                    long line_no) {
  attnseq::DecodeOptions options = args.options;
  try {
    if (!args.prefix_text.empty()) options.prefix = t.target_ids(args.prefix_text);
    const attnseq::TranslationResult r = t.translate(line, options);
    if (args.json)
      std::cout << attnseq_cli::result_json(r).dump() << '\n';
    else
      std::cout << (r.hypotheses.empty() ? "" : r.hypotheses[0].text) << '\n';
    return true;
  } catch (const attnseq::Error& e) {
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
    std::cout << attnseq_cli::info_json(translator.info()).dump(2) << '\n';
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
  try {
    return run(args);
  } catch (const attnseq::Error& e) {
    std::cerr << "attnseq: " << e.code_name() << ": " << e.what() << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "attnseq: " << e.what() << '\n';
    return 2;
  }
}
