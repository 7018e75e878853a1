#include "attnseq/text/normalizer.h"

#include "attnseq/core/utf8.h"

namespace attnseq::text {
namespace {

constexpr std::string_view kSpaceSymbol = "\xE2\x96\x81";  // U+2581

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

Normalizer::Prefix Normalizer::normalize_prefix(std::string_view input) const {
  if (const size_t n = user_symbols_.longest_prefix(input); n > 0) return {input.substr(0, n), n};
  if (const CharsMap::Rule rule = charsmap_.longest_rule(input); rule.length > 0) {
    return {rule.replacement, rule.length};
  }
  const Utf8Char c = decode_utf8(input);
  if (!c.valid) return {kReplacementUtf8, 1};  // one malformed byte becomes U+FFFD
  return {input.substr(0, c.length), c.length};
}

void Normalizer::append(std::string_view piece, size_t orig, NormalizedText& out) const {
  for (const char ch : piece) {
    if (ch == ' ' && options_.escape_whitespaces) {
      out.text += kSpaceSymbol;
      out.norm_to_orig.insert(out.norm_to_orig.end(), kSpaceSymbol.size(), orig);
    } else {
      out.text += ch;
      out.norm_to_orig.push_back(orig);
    }
  }
}

void Normalizer::remove_trailing_spaces(NormalizedText& out, size_t& consumed) const {
  const std::string_view space = options_.escape_whitespaces ? kSpaceSymbol : " ";
  while (ends_with(out.text, space)) {
    const size_t length = out.text.size() - space.size();
    consumed = out.norm_to_orig[length];
    out.text.resize(length);
    out.norm_to_orig.resize(length);
  }
}

NormalizedText Normalizer::normalize(std::string_view input) const {
  NormalizedText out;
  size_t consumed = 0;
  if (options_.remove_extra_whitespaces) {  // leading spaces
    while (!input.empty()) {
      const Prefix p = normalize_prefix(input);
      if (p.replacement != " ") break;
      input.remove_prefix(p.consumed);
      consumed += p.consumed;
    }
  }
  if (input.empty()) return out;

  out.text.reserve(input.size() * 3);
  out.norm_to_orig.reserve(input.size() * 3);
  if (options_.add_dummy_prefix) append(" ", consumed, out);

  bool is_prev_space = options_.remove_extra_whitespaces;
  while (!input.empty()) {
    const Prefix p = normalize_prefix(input);
    std::string_view sp = p.replacement;
    while (is_prev_space && !sp.empty() && sp.front() == ' ') sp.remove_prefix(1);
    if (!sp.empty()) {
      append(sp, consumed, out);
      is_prev_space = sp.back() == ' ';
    }
    consumed += p.consumed;
    input.remove_prefix(p.consumed);
    if (!options_.remove_extra_whitespaces) is_prev_space = false;
  }

  if (options_.remove_extra_whitespaces) remove_trailing_spaces(out, consumed);
  out.norm_to_orig.push_back(consumed);
  return out;
}

}  // namespace attnseq::text
