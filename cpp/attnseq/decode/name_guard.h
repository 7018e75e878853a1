// The name guard (DecodeOptions::copy_names; issue 29: "José" must not become "Jos", "Begoña" not "Begoa"):
// a name of the source that the model has begun to copy is finished letter for letter. A source name is a
// word (a run of letters) that begins with a capital, has two letters or more, and is rare to the model:
// its source tokenizer splits it into kMinNamePieces pieces or more (a word the model read often is one
// or two pieces, and the model knows how to translate it). The source's first word opens the sentence
// with a capital whatever it is ("Stoppez", "Heureusement"), so it counts only when it is rare written
// small as well (the Translator tokenizes first_word_lower(): "jane" is rare, "stoppez" is not). The model file may list words its language pair
// writes otherwise (metadata "names": CLDR's territories, months and weekdays whose name in the target
// language differs, as "Afrique" → "Africa"): those are never names here.
//
// While the translation's last word (its trailing letters) has kMinNamePrefix letters or more and begins
// a source name (or is one), every token that would make the word other than a prefix of that name, or
// end it before the name is whole, gets probability 0: "Bego" may go on with "ña" only, "Jane" may not
// go on with "e", "Mateo" must end where the name ends. A token without text (`<unk>`, which copies the
// source's characters) is never banned. Greedy, sampling and beam search apply it with the other guards
// (decode/guards.h); the step records name what it removed (StepEvent::name_blocked).
#pragma once

#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "attnseq/decode/name_letters.h"
#include "attnseq/decode/target_pieces.h"

namespace attnseq {

constexpr int kMinNamePieces = 3;  // source pieces a word needs to count as a name the model may not know
constexpr int kMinNamePrefix = 2;  // letters of a name the translation must have written before the guard acts

// A source token as the name guard reads it: its text (U+2581 = a space) in the normalized source.
struct NameSourcePiece {
  std::string text;
};

class NameGuard {
 public:
  NameGuard() = default;  // off: bans nothing
  NameGuard(std::shared_ptr<const TargetPieces> pieces, std::vector<std::string> names);

  // The names of a source, given as its tokens' texts in order (the normalized source, U+2581 for a
  // space; `</s>` left out): the words described above, each once, in order; `translated` holds the
  // words the model file says its pair translates; first_may_be_name: the first word is rare written small.
  static std::vector<std::string> source_names(const std::vector<std::string>& token_texts,
                                               const std::unordered_set<std::string>& translated,
                                               bool first_may_be_name = false);
  // The source's first word with its first letter small ("" when the source has no letter).
  static std::string first_word_lower(const std::vector<std::string>& token_texts);

  bool on() const { return pieces_ != nullptr && !names_.empty(); }
  const std::vector<std::string>& names() const { return names_; }
  // The tokens the hypothesis `tokens` (the translation so far) may not continue with: sorted, without
  // duplicates; `eos` among them while a name is unfinished. Empty when the guard is off or no name is
  // being written.
  std::vector<int> banned(const std::vector<int>& tokens, int eos) const;

 private:
  std::shared_ptr<const TargetPieces> pieces_;
  std::vector<std::string> names_;
};

}  // namespace attnseq
