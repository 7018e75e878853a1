"""train/phrase_counts.py: phrase counts over a prepared training split, as decoded from its ids.

Prepares the tiny synthetic corpus (test_snapshot.prepare_tiny) and checks the reported split size
against meta.json, every counted word against the corpus (present in training, never more often than
in the whole corpus), an absent phrase at 0, and that --show prints training texts holding the phrase.
Run: /usr/bin/python3 -m unittest discover -s tests/py -t tests/py
"""
import json
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from test_snapshot import EN, TRAIN, prepare_tiny, run, torch  # noqa: E402


@unittest.skipIf(torch is None, "needs python3-torch and python3-sentencepiece")
class PhraseCounts(unittest.TestCase):
    def test_counts(self):
        with tempfile.TemporaryDirectory() as d:
            data = prepare_tiny(d)
            words = sorted(set(EN))[:4]
            out = run(os.path.join(TRAIN, "phrase_counts.py"), "--data", data, *words, "banana split", "--show", "2")
            lines = out.splitlines()
            meta = json.load(open(os.path.join(data, "meta.json")))
            self.assertEqual(lines[0], f"{data} src: {meta['counts']['train']} training pairs")
            corpus = [line.split("\t")[0].lower() for line in open(os.path.join(d, "pairs.tsv"), encoding="utf-8")]
            counts = {ln.split(None, 1)[1]: int(ln.split(None, 1)[0]) for ln in lines[1:] if not ln.startswith("         ")}
            for w in words:
                self.assertGreater(counts[w], 0, w)
                self.assertLessEqual(counts[w], sum(1 for c in corpus if w in c), w)
            self.assertEqual(counts["banana split"], 0)
            shown = [ln.strip() for ln in lines[1:] if ln.startswith("         ")]
            self.assertEqual(len(shown), 2 * len(words))
            for i, w in enumerate(words):
                for text in shown[2 * i: 2 * i + 2]:
                    self.assertIn(w, text.lower())


@unittest.skipIf(torch is None, "needs python3-torch and python3-sentencepiece")
class WholeWords(unittest.TestCase):
    def test_pattern(self):
        sys.path.insert(0, TRAIN)
        from phrase_counts import phrase_pattern
        p = phrase_pattern("How are you")
        self.assertTrue(p.search("how are you?"))
        self.assertTrue(p.search("and how are you doing"))
        self.assertFalse(p.search("how are your parents?"))
        self.assertFalse(p.search("somehow are you"))
        self.assertTrue(phrase_pattern("因为它").search("你不能喝海水，因为它太咸了。"))
        self.assertTrue(phrase_pattern("la banane").search("il mange la banane."))
        self.assertFalse(phrase_pattern("banane").search("bananes"))


if __name__ == "__main__":
    unittest.main()
