// Paragraph → sentences (text/sentences.h), by hand.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "attnseq/text/sentences.h"

namespace {

std::vector<std::string> split(const std::string& s) {
  std::vector<std::string> out;
  for (const auto& sp : attnseq::text::split_sentences(s)) out.push_back(s.substr(sp.begin, sp.end - sp.begin));
  return out;
}

using V = std::vector<std::string>;

}  // namespace

TEST_CASE("sentences end at . ! ? followed by space, with closing quotes", "[sentences]") {
  CHECK(split("I ate an apple. Then a banana! Why? ") == V{"I ate an apple.", "Then a banana!", "Why?"});
  CHECK(split("He said \"stop.\" She left.") == V{"He said \"stop.\"", "She left."});
  CHECK(split("Wait... what?! OK") == V{"Wait...", "what?!", "OK"});
  CHECK(split("no end mark") == V{"no end mark"});
  CHECK(split("").empty());
  CHECK(split("  \n \t ").empty());
}

TEST_CASE("abbreviations, initials and numbers do not end sentences", "[sentences]") {
  CHECK(split("Mr. Smith met Dr. Watson. They talked.") == V{"Mr. Smith met Dr. Watson.", "They talked."});
  CHECK(split("It costs 3.50 euros. J. K. Rowling wrote it.") == V{"It costs 3.50 euros.", "J. K. Rowling wrote it."});
  CHECK(split("M. Dupont est là. Mme Martin aussi.") == V{"M. Dupont est là.", "Mme Martin aussi."});
  CHECK(split("Fruit, e.g. apples. Good.") == V{"Fruit, e.g. apples.", "Good."});
}

TEST_CASE("full-width end marks split without spaces; line breaks split", "[sentences]") {
  CHECK(split("我吃了一个苹果。然后吃了一个香蕉！你呢？") == V{"我吃了一个苹果。", "然后吃了一个香蕉！", "你呢？"});
  CHECK(split("他说：“好。”我走了。") == V{"他说：“好。”", "我走了。"});
  CHECK(split("first line\nsecond line\r\n\nthird") == V{"first line", "second line", "third"});
  CHECK(split("Bonjour !\nÇa va ?") == V{"Bonjour !", "Ça va ?"});  // French space before ! ?
}

TEST_CASE("spans are byte offsets of the original text, whatever it holds", "[sentences]") {
  const std::string s = "  Héllo wörld.  Ünïcode!";
  const auto spans = attnseq::text::split_sentences(s);
  REQUIRE(spans.size() == 2);
  CHECK(spans[0].begin == 2);
  CHECK(s.substr(spans[1].begin, spans[1].end - spans[1].begin) == "Ünïcode!");
  const std::string bad = "abc. \xff\xfe def.";  // malformed bytes stay inside a sentence
  CHECK(split(bad).size() == 2);
}

TEST_CASE("a German ordinal's period does not end a sentence; a number's at a sentence end does", "[sentences]") {
  CHECK(split("Er wurde am 12. Oktober 2021 geboren. Sie nicht.") ==
        V{"Er wurde am 12. Oktober 2021 geboren.", "Sie nicht."});
  CHECK(split("Wir kommen am 3. März. Gut.") == V{"Wir kommen am 3. März.", "Gut."});
  CHECK(split("Im 19. Jahrhundert war das anders. Heute nicht.") ==
        V{"Im 19. Jahrhundert war das anders.", "Heute nicht."});
  CHECK(split("Er wohnt im 2. stock. Ja.") == V{"Er wohnt im 2. stock.", "Ja."});
  CHECK(split("Wir kommen am 3. August. Gut.") == V{"Wir kommen am 3. August.", "Gut."});
  // words that also begin English sentences end one there, and lower-case typing splits as before
  CHECK(split("My son is 12. August is hot.") == V{"My son is 12.", "August is hot."});
  CHECK(split("We lost 3. Stock prices fell.") == V{"We lost 3.", "Stock prices fell."});
  CHECK(split("i am 25. you are 30.") == V{"i am 25.", "you are 30."});
  CHECK(split("J'en ai 2. à demain.") == V{"J'en ai 2.", "à demain."});
  CHECK(split("The answer is 42. Then we left.") == V{"The answer is 42.", "Then we left."});
  CHECK(split("It was 1990. August was hot.") == V{"It was 1990.", "August was hot."});  // a year, not an ordinal
  CHECK(split("Chapter 12. Oktober") == V{"Chapter 12. Oktober"});
  CHECK(split("Es ist 5. ") == V{"Es ist 5."});
}
