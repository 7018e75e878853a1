// Source text as the attention tutorials' preprocessing writes it, and as people type it without an
// accent keyboard, restored to the written form the model learned from (issue 29: the sentences people
// bring): "je suis desole ." → "Je suis désolé .", "c est un jeune directeur" → "C'est un jeune
// directeur", "die katze trank die milch" → "Die Katze trank die Milch", "i'm home ." → "I'm home .".
//
// The table comes with the model file (metadata "restore", written by train/restore_table.py from the
// model's own training sentences): the written forms ("désolé", "c'est", "Katze") that the training
// sentences use for a word typed without accents, capitals or apostrophes, where they (almost) never
// write it that way. A form's key is how it is typed so: each character lower case and without its
// accent (ASCII letters, and the Latin letters U+00C0–U+017F that decompose to one), an apostrophe as a
// space; one or two words. Every character of the restored text stands for one typed character, so
// spans map back one to one.
//
// Only text that shows no accent is restored: a sentence holding any Latin letter with a diacritic
// (U+00C0–U+024F, U+1E00–U+1EFF) or a combining mark is taken as written, and so is any word that is
// not all lower case (the first word of a sentence may start with a capital). In a sentence restored,
// a lower-case first letter becomes a capital.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace attnseq::text {

struct RestoredText {
  std::string text;                // what the model reads (the input itself when nothing changed)
  std::vector<uint32_t> original;  // [text.size() + 1]: the input byte each byte of `text` stands for;
                                   // empty when nothing changed (offsets are the input's)
  bool changed() const { return !original.empty(); }
  // The input offset of a byte offset into `text` (a character boundary, or text.size()).
  size_t to_input(size_t offset) const { return changed() ? original[offset] : offset; }
};

// A sentence typed without its final stop is read with one (issue 29, the sentences people bring): every
// training sentence ends in one, and a model that never read a sentence without it does not know where
// to stop ("Je suis désolé" → "I'm sorry I'm sorry.", "Tom est là" → "Tom is here here"). `read` gets
// `stop` after its last character that is not a space when that character is a letter or a digit (also
// behind closing quotes and brackets: 'il a dit « oui »'); text that ends in . ! ? … 。！？ or in other
// punctuation (',', ':') is left as typed. A text that opens a question or an exclamation with Spanish's
// ¿ or ¡ gets the closing mark instead ("¿Tienes hambre" → "¿Tienes hambre?"). The added bytes stand for
// the input's offset where they go in.
// Returns whether it added one.
bool complete_final_stop(RestoredText& read, std::string_view stop);

class InputRestorer {
 public:
  // Throws Error(ModelBadConfig) naming the first form that breaks the rules above (a character
  // without a typed form, more than two words, two forms of one key, bad UTF-8).
  explicit InputRestorer(const std::vector<std::string>& forms);
  // The model file's metadata "restore", parsed: {"version": 1, "forms": [form, ...]}.
  static InputRestorer from_json(const nlohmann::json& j);
  // How a written form is typed without accents, capitals or apostrophes ("C'était" → "c etait"); ""
  // when a character of it has no such form.
  static std::string key_of_form(std::string_view form);

  RestoredText restore(std::string_view input) const;
  size_t size() const { return forms_.size(); }

 private:
  std::unordered_map<std::string, std::string> forms_;  // key → written form
};

}  // namespace attnseq::text
