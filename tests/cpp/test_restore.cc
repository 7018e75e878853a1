// Input restoration (text/restore.h): text typed without accents, capitals or apostrophes read with the
// written form the model learned from; spans map back to the typed text; bad tables are typed errors.
#include <catch2/catch.hpp>

#include "attnseq/attnseq.h"
#include "attnseq/text/restore.h"
#include "helpers.h"

using namespace attnseq;
using attnseq::text::InputRestorer;
using nlohmann::json;

namespace {

InputRestorer table() {
  return InputRestorer({"désolé", "êtes", "c'est", "Katze", "I", "I'm", "était"});
}

std::string read(const std::string& typed) { return table().restore(typed).text; }

ErrorCode table_error(const json& j, std::string* message) {
  try {
    InputRestorer::from_json(j);
  } catch (const Error& e) {
    *message = e.what();
    return e.code();
  }
  return ErrorCode::Internal;
}

}  // namespace

TEST_CASE("restore: accent-less, lower-case words read in their written form", "[restore]") {
  CHECK(read("je suis desole .") == "Je suis désolé .");
  CHECK(read("vous etes la ?") == "Vous êtes la ?");
  CHECK(read("c est vrai") == "C'est vrai");            // a dropped apostrophe
  CHECK(read("oui, c'etait vrai") == "Oui, c'était vrai");  // a kept one, the accent restored
  CHECK(read("die katze trank") == "Die Katze trank");
  CHECK(read("i m home .") == "I'm home .");
  CHECK(read("i'm home and i know it .") == "I'm home and I know it .");
  CHECK(read("Desole, c est moi.") == "Désolé, c'est moi.");  // the first word may start with a capital
}

TEST_CASE("restore: text that shows it was typed with care is read as typed", "[restore]") {
  for (const char* typed : {"Je suis désolé, vous etes là.",  // an accent anywhere in the sentence
                            "Vous Etes ici",                   // a capital inside: not the tutorials' form
                            "DESOLE",
                            "", "   ", "42", "3 desole",          // a number before the first word: no capital
                            "weiß katze",                       // ß: typed on a German keyboard
                            "x2desole y_desole desole2"}) {     // parts of longer words are not words
    const auto r = table().restore(typed);
    INFO(typed);
    if (std::string(typed) == "3 desole") {
      CHECK(r.text == "3 désolé");  // restored, with no capital
    } else {
      CHECK(r.text == typed);
      CHECK_FALSE(r.changed());
    }
  }
}

TEST_CASE("restore: each sentence is judged and capitalized by itself", "[restore]") {
  CHECK(read("je suis la. tu es desole ! Désolé, je pars.") == "Je suis la. Tu es désolé ! Désolé, je pars.");
  CHECK(read("¿ desole ?") == "¿ Désolé ?");  // Latin-1 capital for an accented first letter
  CHECK(read("¿desole?") == "¿Désolé?");      // ¿ and ¡ start no word
  CHECK(read("«desole»") == "«Désolé»");
  CHECK(read("¿Le estoy molestando?") == "¿Le estoy molestando?");  // (the first word after ¿ is the first)
  CHECK(read("3 Desole") == "3 Désolé");        // a typed capital is kept
  CHECK(read("3 C est") == "3 C'est");
  CHECK(read("iPhone est cher") == "iPhone est cher");  // not a plain word: no capital
  CHECK(read("привет desole") == "привет désolé");      // a word comes first: no capital
  CHECK(read("hello") == "Hello");
}

TEST_CASE("restore: every byte of the read text maps to the typed character it stands for", "[restore]") {
  const std::string typed = "je suis desole, c est moi";
  const auto r = table().restore(typed);
  REQUIRE(r.text == "Je suis désolé, c'est moi");
  REQUIRE(r.original.size() == r.text.size() + 1);
  // "désolé" is 8 bytes for 6 typed: both bytes of each é stand for its typed e
  const size_t d = r.text.find("désolé");
  CHECK(r.to_input(d) == typed.find("desole"));
  CHECK(r.to_input(d + 1) == typed.find("desole") + 1);  // é's first byte
  CHECK(r.to_input(d + 2) == typed.find("desole") + 1);  // é's second byte
  CHECK(r.to_input(d + 3) == typed.find("desole") + 2);  // s
  CHECK(r.to_input(r.text.find(", c'est")) == typed.find(", c est"));
  CHECK(r.to_input(r.text.find("'")) == typed.find("c est") + 1);  // the apostrophe stands for the space
  CHECK(r.to_input(r.text.size()) == typed.size());
  CHECK(r.to_input(r.text.find("moi")) == typed.find("moi"));
}

TEST_CASE("restore: a form's key is how it is typed without accents, capitals or apostrophes", "[restore]") {
  CHECK(InputRestorer::key_of_form("C'était") == "c etait");
  CHECK(InputRestorer::key_of_form("Tōfu") == "tofu");
  CHECK(InputRestorer::key_of_form("Übermorgen") == "ubermorgen");
  CHECK(InputRestorer::key_of_form("straße").empty());     // ß has no form without accent
  CHECK(InputRestorer::key_of_form("a'b'c").empty());      // three words
  CHECK(InputRestorer::key_of_form("rock'n").empty() == false);
  CHECK(InputRestorer::key_of_form("x2").empty());
  CHECK(InputRestorer::key_of_form("").empty());
}

TEST_CASE("restore: a bad table says what is wrong and what to do", "[restore]") {
  std::string msg;
  CHECK(table_error(json{{"version", 2}, {"forms", json::array()}}, &msg) == ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("version"));
  CHECK(table_error(json{{"version", 1}}, &msg) == ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("forms"));
  CHECK(table_error(json{{"version", 1}, {"forms", {"straße"}}}, &msg) == ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("\"straße\"") && Catch::Contains("without accent"));
  CHECK(table_error(json{{"version", 1}, {"forms", {"désolé", "Désolé"}}}, &msg) == ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("typed alike") && Catch::Contains("\"desole\""));
  CHECK(table_error(json{{"version", 1}, {"forms", {3}}}, &msg) == ErrorCode::ModelBadConfig);
  CHECK(table_error(json::array(), &msg) == ErrorCode::ModelBadConfig);
  CHECK_THAT(msg, Catch::Contains("export the model again"));
}

TEST_CASE("final stop: a sentence typed without one is read with one, and its bytes map back", "[restore][stop]") {
  using attnseq::text::complete_final_stop;
  using attnseq::text::RestoredText;
  const auto completed = [](const std::string& typed) {
    RestoredText r;
    r.text = typed;
    const bool added = complete_final_stop(r, ".");
    return std::make_pair(added ? r.text : std::string("(as typed)"), r);
  };
  CHECK(completed("Je suis désolé").first == "Je suis désolé.");
  CHECK(completed("Tom est là  ").first == "Tom est là.  ");            // before the trailing spaces
  CHECK(completed("Il a dit « oui »").first == "Il a dit « oui ».");   // behind closing marks
  CHECK(completed("I have 3").first == "I have 3.");
  // a Spanish question or exclamation left open is closed by its own mark
  CHECK(completed("¿Tienes hambre").first == "¿Tienes hambre?");
  CHECK(completed("¡Qué bonito").first == "¡Qué bonito!");
  CHECK(completed("¡Hola! ¿Tienes hambre").first == "¡Hola! ¿Tienes hambre?");
  CHECK(completed("¿Dónde está? No lo sé").first == "¿Dónde está? No lo sé.");
  for (const char* kept : {"I'm sorry.", "Really?", "Stop!", "Well…", "Hello,", "Note:", "Il a dit « oui. »", "你好。", "", "   "})
    CHECK(completed(kept).first == "(as typed)");
  // every byte of the read text stands for a typed byte; the stop for the offset where it went in
  const auto [text, r] = completed("Tom est là  ");
  REQUIRE(r.original.size() == r.text.size() + 1);
  CHECK(r.to_input(r.text.find('.')) == std::string("Tom est là").size());
  CHECK(r.to_input(r.text.size()) == std::string("Tom est là  ").size());
  // after a restoration by the table: its mapping is kept, the stop added to it
  RestoredText t = table().restore("je suis desole");
  REQUIRE(t.changed());
  REQUIRE(complete_final_stop(t, "."));
  CHECK(t.text == "Je suis désolé.");
  CHECK(t.to_input(t.text.size() - 1) == 14);
  CHECK(t.to_input(t.text.find("désolé")) == 8);
}
