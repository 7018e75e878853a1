"""Augmentation of the training split and the long split (issue 29): train/attnseq_train/augment.py."""
import collections
import os
import re
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "train"))
from attnseq_train.augment import (Lexicon, augment, concat_rows, copied_names, lexicon_contexts,  # noqa: E402
                                   english_ordinal_suffixes, lexicon_rows, load_lexicons, long_named, name_rows, number_rows, number_word_rows,
                                   text_fields)
from attnseq_train.textnorm import split_of  # noqa: E402


def row(en, fr):
    # (split, english, source, target, other) for en -> fr
    return ("train", en, en, fr, fr)


class NumberRows(unittest.TestCase):
    def test_digits_replaced_alike_on_both_sides(self):
        rows = [row("She was born in 1987.", "Elle est née en 1987."),
                row("It is 10:30.", "Il est 10:30."),
                row("I have 1 dog and 2 cats.", "J'ai 1 chien et 2 chats.")]
        out = number_rows(rows, 5, np.random.default_rng(3))
        self.assertEqual(len(out), 15)
        for r in out:
            src = re.findall(r"\d+", r[2])
            self.assertEqual(src, re.findall(r"\d+", r[3]), r)
            self.assertEqual(src, re.findall(r"\d+", r[1]), r)
        born = [r for r in out if r[2].startswith("She")]
        self.assertTrue(all("1987" not in r[2] for r in born))
        self.assertGreater(len({r[2] for r in born}), 2)
        for r in out:
            if r[2].startswith("It is"):
                hour, minute = map(int, re.findall(r"\d+", r[2]))
                self.assertTrue(0 <= hour < 24 and 0 <= minute < 60, r)
            if r[2].startswith("I have"):
                self.assertIn(" 1 dog", r[2])          # "1" agrees with its noun: kept
                self.assertNotIn(" 1 cats", r[2])      # nothing else becomes 1

    def test_english_ordinals_take_their_new_numbers_suffix(self):
        rows = [row("Christmas Day is December 25th.", "Weihnachten ist am 25. Dezember."),
                row("He came 1st and she 2nd.", "Il est arrivé 1er et elle 2e.")]
        out = number_rows(rows, 40, np.random.default_rng(5))
        suffixes = set()
        for r in out:
            for number, suffix in re.findall(r"(\d+)(st|nd|rd|th)", r[2]):
                n = int(number)
                want = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
                self.assertEqual(suffix, want, r)
                suffixes.add(suffix)
        self.assertEqual(suffixes, {"st", "nd", "rd", "th"})
        self.assertTrue(any(r[2].startswith("He came 1st and she ") for r in out))  # "1" is kept
        self.assertEqual(english_ordinal_suffixes("the 2th, 33th, 11st and 112nd; 3.5th"),
                         "the 2nd, 33rd, 11th and 112th; 3.5th")

    def test_pairs_whose_numbers_differ_are_left_alone(self):
        rows = [row("I'm 20.", "J'ai vingt ans."), row("Page 3.", "Page 4.")]
        self.assertEqual(number_rows(rows, 3, np.random.default_rng(1)), [])


class NameRows(unittest.TestCase):
    def test_pool_is_words_copied_unchanged(self):
        rows = [row("I met Tom in Boston.", "J'ai rencontré Tom à Boston."),
                row("I speak English.", "Je parle anglais."),
                row("Tom is here.", "Tom est ici.")]
        self.assertEqual(copied_names(rows), ["Boston", "Tom"])

    def test_replaced_on_every_side_and_counts_must_agree(self):
        rows = [row("Tom met Mary.", "Tom a rencontré Mary."),
                row("It's Tom's.", "C'est à Tom et Tom.")]  # counts differ: left alone
        out = name_rows(rows, 5.0, np.random.default_rng(2), ["Jane", "Kenji", "Oslo"])
        self.assertTrue(out)
        for r in out:
            self.assertNotIn("Tom", r[2] + r[3])
            self.assertNotIn("Mary", r[2] + r[3])
            names = [w for w in ("Jane", "Kenji", "Oslo") if w in r[2]]
            self.assertEqual(len(names), 2)
            self.assertEqual(names, [w for w in ("Jane", "Kenji", "Oslo") if w in r[3]])

    def test_accented_names_drawn_at_their_share_and_copied_with_their_letters(self):
        rows = [row("Tom is here.", "Tom est ici.")]
        pool, accented = ["Jane", "Kenji"], ["Gödel", "Asunción", "Dvorák"]
        only = name_rows(rows, 30.0, np.random.default_rng(3), pool, [(accented, 1.0)])
        self.assertEqual(len(only), 3)
        for r in only:
            name = r[1].split()[0]
            self.assertIn(name, accented)
            self.assertEqual((r[2], r[3], r[4]), (f"{name} is here.", f"{name} est ici.", f"{name} est ici."))
        # share 0 (or no list): the rows and the random stream are those of the plain pool
        plain = name_rows(rows, 30.0, np.random.default_rng(3), pool)
        self.assertEqual(name_rows(rows, 30.0, np.random.default_rng(3), pool, [(accented, 0.0)]), plain)
        self.assertEqual(name_rows(rows, 30.0, np.random.default_rng(3), pool, [([], 0.5)]), plain)
        others = ["Braddock", "Osvaldo"]
        mixed = name_rows([row(f"Tom has {i} cats.", f"Tom a {i} chats.") for i in range(600)], 1.0,
                          np.random.default_rng(4), pool, [(accented, 0.3), (others, 0.4)])
        first = collections.Counter(r[1].split()[0] for r in mixed)
        shares = [sum(first[w] for w in group) / len(mixed) for group in (accented, others, pool)]
        for got, want in zip(shares, (0.3, 0.4, 0.3)):
            self.assertAlmostEqual(got, want, delta=0.07)

    def test_shipped_accented_list_holds_names_only(self):
        import json
        with open(os.path.join(os.path.dirname(__file__), "..", "..", "train", "sets", "scowl_names.json"), encoding="utf-8") as f:
            data = json.load(f)
        self.assertIn("Kevin Atkinson", data["licence"])
        names = data["names"]
        self.assertGreater(len(names), 80)
        for w in names:
            self.assertFalse(w.isascii(), w)
            self.assertTrue(w[0].isupper() and w.isalpha(), w)
        for wrong in ("München", "España", "Señor", "Führer"):  # English writes the first two otherwise
            self.assertNotIn(wrong, names)
        plain = data["plain"]
        self.assertEqual(len(plain), 6000)
        self.assertTrue(all(w.isascii() and w[0].isupper() for w in plain))
        with open(os.path.join(os.path.dirname(__file__), "..", "..", "train", "sets", "held_names.json"), encoding="utf-8") as f:
            held = set(json.load(f)["names"])
        self.assertFalse(held & (set(plain) | set(names)))  # the names set's names are never trained on


class ConcatRows(unittest.TestCase):
    def test_two_or_three_pairs_joined_in_the_same_order(self):
        rows = [row(f"Sentence {i}.", f"Phrase {i}.") for i in range(50)]
        out = concat_rows(rows, 0.2, np.random.default_rng(5), "en", "fr")
        self.assertEqual(len(out), 10)
        for r in out:
            ids = re.findall(r"\d+", r[2])
            self.assertIn(len(ids), (2, 3))
            self.assertEqual(ids, re.findall(r"\d+", r[3]))

    def test_chinese_joined_without_spaces(self):
        rows = [("train", "A.", "A.", "甲。", "甲。"), ("train", "B.", "B.", "乙。", "乙。"),
                ("train", "C.", "C.", "丙。", "丙。")]
        out = concat_rows(rows, 1.0, np.random.default_rng(0), "en", "zh")
        self.assertTrue(all(" " not in r[3] for r in out))


class NumberWordRows(unittest.TestCase):
    FR_EN = text_fields("fr", "en")

    @staticmethod
    def fr_en(fr, en):
        # (split, english, source, target, other) for fr -> en
        return ("train", en, fr, en, fr)

    def test_the_same_word_in_digits_on_every_side(self):
        rows = [self.fr_en("J'ai trois chats.", "I have three cats."),
                self.fr_en("Deux hommes sont venus.", "Two men came.")]
        out = number_word_rows(rows, 3, np.random.default_rng(1), self.FR_EN)
        self.assertEqual(len(out), 6)
        self.assertEqual(out[0], ("train", "I have 3 cats.", "J'ai 3 chats.", "I have 3 cats.", "J'ai 3 chats."))
        self.assertEqual(out[3][1:3], ("2 men came.", "2 hommes sont venus."))
        for r in out:
            n = re.findall(r"\d+", r[1])
            self.assertEqual(len(n), 1, r)
            self.assertTrue(2 <= int(n[0]) <= 99, r)
            for k in (2, 3, 4):
                self.assertEqual(re.findall(r"\d+", r[k]), n, r)

    def test_pairs_whose_sides_disagree_or_hold_two_numbers_are_left_alone(self):
        rows = [self.fr_en("J'ai deux chats.", "I have three cats."),        # different numbers
                self.fr_en("Deux ou trois.", "Two or three."),              # two on each side
                self.fr_en("C'est neuf.", "It's new."),                     # "neuf" without "nine"
                self.fr_en("Vingt-deux.", "Twenty-two."),                   # inside a compound
                self.fr_en("J'ai un chat.", "I have one cat.")]             # 1 agrees with its noun
        self.assertEqual(number_word_rows(rows, 2, np.random.default_rng(1), self.FR_EN), [])

    def test_german_and_spanish_and_no_chinese(self):
        de = ("train", "I have twelve dogs.", "Ich habe zwölf Hunde.", "I have twelve dogs.", "Ich habe zwölf Hunde.")
        self.assertEqual(number_word_rows([de], 1, np.random.default_rng(1), text_fields("de", "en"))[0][2],
                         "Ich habe 12 Hunde.")
        es = ("train", "Eleven.", "Once.", "Eleven.", "Once.")
        self.assertEqual(number_word_rows([es], 1, np.random.default_rng(1), text_fields("es", "en"))[0][1:3], ("11.", "11."))
        zh = ("train", "two cats", "两只猫", "two cats", "两只猫")
        self.assertEqual(number_word_rows([zh], 1, np.random.default_rng(1), text_fields("zh", "en")), [])

    def test_drawn_after_the_other_kinds(self):
        rows = [self.fr_en("J'ai 3 chats.", "I have 3 cats."), self.fr_en("J'ai trois chats.", "I have three cats."),
                self.fr_en("Tom est là.", "Tom is here."), self.fr_en("Tom a deux chiens.", "Tom has two dogs.")]
        without, counts = augment(rows, "fr", "en", seed=4, concat=0.5, numbers=2, names=0.5)
        with_, counts2 = augment(rows, "fr", "en", seed=4, concat=0.5, numbers=2, names=0.5, number_words=2)
        self.assertEqual(with_[:len(without)], without)
        self.assertEqual((counts.get("number_words"), counts2["number_words"]), (0, 4))


class AugmentIsSeeded(unittest.TestCase):
    def test_same_seed_same_rows(self):
        rows = [row(f"Tom has {i + 2} apples.", f"Tom a {i + 2} pommes.") for i in range(40)]
        a = augment(rows, "en", "fr", seed=7, concat=0.2, numbers=2, names=0.3)
        b = augment(rows, "en", "fr", seed=7, concat=0.2, numbers=2, names=0.3)
        c = augment(rows, "en", "fr", seed=8, concat=0.2, numbers=2, names=0.3)
        self.assertEqual(a, b)
        self.assertNotEqual(a[0], c[0])
        self.assertEqual(a[1]["concat"], 8)
        self.assertEqual(a[1]["numbers"], 80)


class LongSplit(unittest.TestCase):
    def test_criterion(self):
        self.assertTrue(long_named("Every summer Jane visits her grandmother in a small town near the sea."))
        self.assertTrue(long_named("I have been waiting for you here since half past three on 12 May."))
        self.assertFalse(long_named("Jane visits Africa in September."))  # short
        self.assertFalse(long_named("i think that we should go home now because it is getting very late"))
        self.assertFalse(long_named(" ".join(["word"] * 31) + " Paris"))

    def test_a_third_of_the_candidates_is_reserved_and_never_train(self):
        pool = [f"Yesterday Jane told me that she had bought {w} apples at the market near the station."
                for w in ("three", "four", "five", "six", "seven", "eight", "nine", "ten", "many", "some",
                          "green", "red", "sweet", "sour", "big", "small", "old", "new", "cheap", "fresh",
                          "twenty", "thirty", "forty", "fifty", "sixty", "ripe", "odd", "nice", "fine", "few")]
        splits = collections.Counter(split_of(s, reserve_long=True) for s in pool)
        self.assertGreater(splits["long"], 3)
        self.assertLess(splits["long"], 20)
        for s in pool:  # without the reservation, the same sentences keep their old split
            base = split_of(s)
            self.assertEqual(split_of(s, reserve_long=True), "long" if split_of(s, reserve_long=True) == "long"
                             else base)
            if base != "train":
                self.assertEqual(split_of(s, reserve_long=True), base)


MONTHS = Lexicon({"en": ["March", "April", "May", "August", "November"],
                  "fr": ["mars", "avril", "mai", "août", "novembre"],
                  "zh": ["三月", "四月", "五月", "八月", "十一月"]})


class LexiconTest(unittest.TestCase):
    def test_whole_words_and_the_longest_chinese_name(self):
        self.assertEqual([i for i, _, _ in MONTHS.find("Mayday in May, not Mays.", "en")], [2])
        self.assertEqual(MONTHS.find("十一月很冷。", "zh"), [(4, 0, 3)])  # not 一月 (absent) nor a shorter name
        self.assertEqual(MONTHS.sub("Il part en mai, pas en mars.", "fr", {2: 4, 0: 1}), "Il part en novembre, pas en avril.")

    def test_the_same_month_replaced_on_every_side(self):
        rows = [("train", "I'll see you in May.", "I'll see you in May.", "Je te verrai en mai.", "Je te verrai en mai.")]
        out = lexicon_rows(rows, 6, np.random.default_rng(0), text_fields("en", "fr"), MONTHS)
        self.assertEqual(len(out), 6)
        for r in out:
            i = MONTHS.find(r[1], "en")[0][0]
            self.assertNotEqual(i, 2)
            self.assertEqual(r[1], r[2])
            self.assertEqual(r[3], f"Je te verrai en {MONTHS.names['fr'][i]}.")
            self.assertEqual(r[3], r[4])

    def test_pairs_whose_sides_disagree_are_left_alone(self):
        rows = [("train", "May I go?", "May I go?", "Puis-je y aller ?", "Puis-je y aller ?"),  # the modal, not the month
                ("train", "In May or March.", "In May or March.", "En mai.", "En mai.")]
        self.assertEqual(lexicon_rows(rows, 3, np.random.default_rng(0), text_fields("en", "fr"), MONTHS), [])

    def test_an_elided_name_is_replaced_by_one_that_elides_too(self):
        rows = [("train", "the month of April", "the month of April", "le mois d'avril", "le mois d'avril")]
        out = lexicon_rows(rows, 10, np.random.default_rng(0), text_fields("en", "fr"), MONTHS)
        self.assertEqual({r[3] for r in out}, {"le mois d'août"})  # the one other vowel-initial month

    def test_places_keep_the_words_before_them(self):
        places = Lexicon({"en": ["France", "Japan", "Italy"], "fr": ["France", "Japon", "Italie"]})
        corpus = [("train", "I live in France.", "I live in France.", "J'habite en France.", "J'habite en France."),
                  ("train", "I went to Japan.", "I went to Japan.", "Je suis allé au Japon.", "Je suis allé au Japon."),
                  ("train", "I love Italy.", "I love Italy.", "J'aime l'Italie.", "J'aime l'Italie."),
                  ("train", "He is in Italy.", "He is in Italy.", "Il est en Italie.", "Il est en Italie.")]
        fields = text_fields("en", "fr")
        ctx = lexicon_contexts(corpus, fields, places)
        self.assertEqual(ctx["fr"]["en"], {0, 2})
        out = lexicon_rows(corpus[:1], 4, np.random.default_rng(0), fields, places, ctx)
        self.assertEqual({r[3] for r in out}, {"J'habite en Italie."})  # never "en Japon": Japon follows "au"
        self.assertEqual(lexicon_rows(corpus[1:2], 4, np.random.default_rng(0), fields, places, ctx), [])

    def test_the_committed_cldr_names(self):
        path = os.path.join(os.path.dirname(__file__), "..", "..", "train", "sets", "cldr_names.json")
        lex = load_lexicons(path, ["en", "fr", "de", "es", "zh"])
        months, days = lex["calendar"]
        self.assertEqual(months.names["fr"][8], "septembre")
        self.assertEqual(months.names["zh"][8], "九月")
        self.assertEqual(days.names["de"][1], "Montag")
        africa = lex["places"].names["en"].index("Africa")
        self.assertEqual(lex["places"].names["fr"][africa], "Afrique")
        self.assertNotIn("world", lex["places"].names["en"])
        rows = [("train", "Jane visits Africa in September.", "Jane visits Africa in September.",
                 "Jane visite l'Afrique en septembre.", "Jane visite l'Afrique en septembre.")] * 2
        _, counts = augment(rows, "en", "fr", calendar=2, lexicon=path)
        self.assertEqual(counts["calendar"], 4)


if __name__ == "__main__":
    unittest.main()
