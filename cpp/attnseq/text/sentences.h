// Splitting a paragraph into sentences, so that each is translated by itself (the models are
// trained on single sentences: given three, they merge or drop some).
//   - a sentence ends after . ! ? … (and any closing quotes/brackets) that are followed by
//     whitespace or the end of the text, unless the word before the period is a known abbreviation
//     (Mr. Dr. e.g. M. Mme ...) or a single letter (initials), or it ends a German ordinal: 1-3 digits
//     followed by a German month or noun that follows ordinals ("am 12. Oktober", "im 19. Jahrhundert";
//     "August", "Stock" ... only after "am", "im", "zum" ...);
//   - after 。！？ (full-width; Chinese and Japanese write no space after them), wherever they are;
//   - at a line break.
// Whitespace between sentences belongs to none; a text without any end mark is one sentence.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace attnseq::text {

struct SentenceSpan {
  size_t begin = 0;  // byte offsets into the text: [begin, end), trimmed of surrounding whitespace
  size_t end = 0;
};

std::vector<SentenceSpan> split_sentences(std::string_view text);

}  // namespace attnseq::text
