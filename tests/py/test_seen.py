"""attnseq_train/seen.py: training rows whose source is an evaluation source are found by their pieces
and dropped (X -> English splits follow the English side, so "Es-tu folle ?" could be in test and train)."""
import os
import sys
import unittest

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "train"))
from attnseq_train.seen import drop_seen, held_keys, seen_mask  # noqa: E402
from attnseq_train.textnorm import split_of  # noqa: E402


class Words:
    """A stand-in SentencePiece model: one id per word (from 10), as encode() returns them."""
    def __init__(self):
        self.ids = {}

    def encode(self, texts):
        return [[self.ids.setdefault(w, 10 + len(self.ids)) for w in t.split()] for t in texts]


def row(sp, text):
    return np.array(sp.encode([text])[0] + [3], dtype=np.int16)  # a training source ends in </s>


class SeenTest(unittest.TestCase):
    def test_rows_with_an_evaluation_source_are_dropped(self):
        sp = Words()
        keys = held_keys(sp, ["Es-tu folle ?", "Je vais essayer ."])
        data = {"src": [row(sp, "Es-tu folle ?"), row(sp, "Es-tu folle aujourd'hui ?"), row(sp, "Je vais essayer ."),
                        row(sp, "Tu es folle ?")],
                "tgt": [np.array([1]), np.array([2]), np.array([3]), np.array([4])]}
        self.assertEqual(seen_mask(data["src"], keys), [True, False, True, False])
        self.assertEqual(drop_seen(data, keys), 2)
        self.assertEqual([int(t[0]) for t in data["tgt"]], [2, 4], "the targets go with their sources")
        self.assertEqual(drop_seen(data, keys), 0)

    def test_the_split_follows_english_so_one_source_can_be_in_two_splits(self):
        # why the rows exist: two English translations of one French sentence are split apart by their hash
        english = [f"Are you crazy number {i}?" for i in range(400)]
        splits = {split_of(e) for e in english}
        self.assertIn("test", splits)
        self.assertIn("train", splits)


if __name__ == "__main__":
    unittest.main()


class PrepareTest(unittest.TestCase):
    """prepare.py --drop-seen-sources on a tiny fra-eng file: a French sentence whose two English
    translations fall in test and train is tested and never trained on; without the option it is both."""

    def run_prepare(self, out, pairs, *extra):
        import subprocess
        subprocess.run([sys.executable, os.path.join(ROOT, "train", "prepare.py"), "--pairs", pairs, "--src", "fr",
                        "--tgt", "en", "--out", out, "--joint", "--vocab", "50", "--no-reserve-long", *extra],
                       check=True, capture_output=True)
        import json
        import pickle
        with open(os.path.join(out, "meta.json")) as f:
            meta = json.load(f)
        with open(os.path.join(out, "train.pkl"), "rb") as f:
            train = pickle.load(f)
        with open(os.path.join(out, "test.json")) as f:
            test = json.load(f)
        return meta, train, test

    def test_prepare_drops_the_training_pair_of_a_test_source(self):
        import tempfile
        english = [f"Are you crazy, my friend number {i}?" for i in range(2000)]
        in_test = next(e for e in english if split_of(e) == "test")
        in_train = next(e for e in english if split_of(e) == "train")
        lines = [f"{in_test}\tEs-tu folle ?", f"{in_train}\tEs-tu folle ?"]
        words = "le chat mange une pomme rouge et boit du lait chaud dans la cuisine avec Tom".split()
        for i in range(300):  # filler pairs, enough text for a small vocabulary
            fr = " ".join(words[(i + k) % len(words)] for k in range(5 + i % 4))
            lines.append(f"The sentence {i} is here.\t{fr} {i} .")
        with tempfile.TemporaryDirectory() as tmp:
            pairs = os.path.join(tmp, "pairs.tsv")
            with open(pairs, "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
            import sentencepiece as spm
            for flag, expect in (([], True), (["--drop-seen-sources"], False)):
                out = os.path.join(tmp, "out" + "".join(flag))
                meta, train, test = self.run_prepare(out, pairs, *flag)
                self.assertIn("Es-tu folle ?", [g["src"] for g in test])
                sp = spm.SentencePieceProcessor(model_file=os.path.join(out, meta["src_spm"]))
                key = held_keys(sp, ["Es-tu folle ?"])
                self.assertEqual(any(seen_mask(train["src"], key)), expect, f"trained on the test source with {flag}")
            self.assertEqual(meta["dropped_seen_sources"], 1)
