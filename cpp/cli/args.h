// Command-line flags of the `attnseq` CLI.
#pragma once

#include <string>
#include <vector>

#include "attnseq/decode/options.h"

namespace attnseq_cli {

struct CliArgs {
  std::string model_path;            // --model
  std::string text;                  // --text (otherwise stdin, one sentence per line)
  bool has_text = false;
  std::string prefix_text;           // --prefix: forced start of the translation
  bool json = false;                 // --json: one JSON object per input line
  bool sentences = false;            // --sentences: split each line into sentences, translate each
  bool steps = true;                 // --no-steps: --json without the per-step records (greedy, sampling)
  bool info = false;                 // --info: print the model's metadata and exit
  bool list_options = false;         // --options: print the decoding options as JSON and exit
  bool help = false;                 // --help
  bool sensitivity = false;          // --sensitivity: per source token, how much what the decoder reads changes
  std::string replacement;           // --replacement PIECE: the source piece put in each token's place (default <unk>)
  attnseq::DecodeOptions options;    // every decoding flag (attnseq::option_table())
};

// Throws std::invalid_argument with a message naming the flag.
CliArgs parse_args(const std::vector<std::string>& argv);
std::string usage();  // generated from attnseq::option_table() for the decoding flags

}  // namespace attnseq_cli
