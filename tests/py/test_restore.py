"""The input restoration table (train/attnseq_train/restore.py): which forms a model's training sentences
give, the keys the engine derives from them (cpp/attnseq/text/restore.cc checks the same examples), and
the metadata entry train/restore_table.py writes into a model file."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "train"))
from attnseq_train.restore import METADATA_KEY, build_table, key_of_form, table_json  # noqa: E402

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


class KeyOfForm(unittest.TestCase):
    def test_as_the_engine_derives_them(self):
        # the same cases as tests/cpp/test_restore.cc
        self.assertEqual(key_of_form("C'était"), "c etait")
        self.assertEqual(key_of_form("Tōfu"), "tofu")
        self.assertEqual(key_of_form("Übermorgen"), "ubermorgen")
        self.assertIsNone(key_of_form("straße"))
        self.assertIsNone(key_of_form("a'b'c"))
        self.assertEqual(key_of_form("rock'n"), "rock n")
        self.assertIsNone(key_of_form("x2"))
        self.assertIsNone(key_of_form(""))


class BuildTable(unittest.TestCase):
    SENTENCES = (["Je suis désolé.", "Il est désolé.", "Oui, c'est vrai.", "Non, c'est faux.",
                  "Le chat de Tom dort.", "Où est Tom ?", "Il vole haut.", "Le vol est volé.",
                  "Elle a été volée."] * 25 + ["Il est desole."])  # one typo: 50 against 1 keeps the entry

    def test_forms(self):
        t = build_table(self.SENTENCES)
        self.assertEqual(t["desole"], "désolé")
        self.assertEqual(t["c est"], "c'est")
        self.assertEqual(t["tom"], "Tom")
        self.assertNotIn("vole", t)  # "vole" is written as such too (25 against 25 "volé")
        self.assertNotIn("c", t)     # one letter: written "c" before its apostrophe
        self.assertNotIn("je", t)    # only ever first in its sentence: not counted
        for key, form in t.items():
            self.assertEqual(key_of_form(form), key)

    def test_ratio_and_minimum(self):
        self.assertNotIn("desole", build_table(["Il est désolé.", "Il est desole."]))  # 1 against 1
        self.assertNotIn("desole", build_table(["Il est désolé."]))  # seen once: not enough

    def test_json(self):
        j = json.loads(table_json({"desole": "désolé", "c est": "c'est"}))
        self.assertEqual(j, {"version": 1, "forms": ["désolé", "c'est"]})


class RestoreTableScript(unittest.TestCase):
    def test_writes_the_table_and_leaves_the_held_out_sources_out(self):
        with tempfile.TemporaryDirectory() as d:
            pairs = os.path.join(d, "pairs.tsv")
            with open(pairs, "w", encoding="utf-8") as f:
                for _ in range(5):
                    f.write("I'm sorry.\tIl est désolé.\tx\n")
                    f.write("It's Zoé.\tC'est Zoé.\tx\n")
            data = os.path.join(d, "data")
            os.makedirs(data)
            with open(os.path.join(data, "meta.json"), "w") as f:
                json.dump({"src": "fr", "tgt": "en", "pairs": pairs}, f)
            with open(os.path.join(data, "test.json"), "w") as f:
                json.dump([{"src": "C'est Zoé.", "refs": ["It's him."]}], f)
            subprocess.run([sys.executable, os.path.join(ROOT, "train", "restore_table.py"), "--data", data],
                           check=True, capture_output=True)
            with open(os.path.join(data, "restore.json"), encoding="utf-8") as f:
                forms = json.load(f)["forms"]
            self.assertIn("désolé", forms)
            self.assertNotIn("Zoé", forms)  # a test source feeds nothing (5 times there, as "désolé")
        self.assertEqual(METADATA_KEY, "restore")


if __name__ == "__main__":
    unittest.main()
