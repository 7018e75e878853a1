"""The names set's measure (issue 29: names are copied letter for letter): train/attnseq_train/names_kept.py."""
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "train"))
from attnseq_train.names_kept import kept, name_report  # noqa: E402

SETS = os.path.join(os.path.dirname(__file__), "..", "..", "train", "sets")


class Kept(unittest.TestCase):
    def test_whole_words_as_often_as_in_the_source(self):
        names = ["José", "Inés", "Priya"]
        self.assertEqual(kept("José vive con Inés.", "José lives with Inés.", names), (["José", "Inés"], True))
        self.assertEqual(kept("José vive con Inés.", "Jos lives with In.", names), (["José", "Inés"], False))
        # a prefix is not the name, and two mentions need two
        self.assertEqual(kept("Priya y Priya.", "Priyanka and Priya.", names), (["Priya"], False))
        self.assertEqual(kept("Hola.", "Hello.", names), ([], True))

    def test_report_counts_sentences_with_names_and_accented_ones_apart(self):
        r = name_report(["José vive aquí.", "Priya vive aquí.", "Hola."],
                        ["Jos lives here.", "Priya lives here.", "Hello."], ["José", "Priya"])
        self.assertEqual((r["sentences"], r["kept"], r["accented_sentences"], r["accented_kept"]), (2, 1, 1, 0))
        self.assertEqual(r["misses"][0]["names"], ["José"])


class HeldNames(unittest.TestCase):
    def test_held_out_names_are_not_in_the_training_list(self):
        with open(os.path.join(SETS, "held_names.json"), encoding="utf-8") as f:
            held = json.load(f)["names"]
        with open(os.path.join(SETS, "scowl_names.json"), encoding="utf-8") as f:
            data = json.load(f)
        trained = set(data["names"]) | set(data["plain"])
        self.assertFalse(set(held) & trained)
        self.assertGreater(sum(not n.isascii() for n in held), 20)
        self.assertEqual(len(held), len(set(held)))


if __name__ == "__main__":
    unittest.main()
