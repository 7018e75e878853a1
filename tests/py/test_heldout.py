"""Every sentence the pages show is a listed check sentence: in train/heldout.json (the list the runs
prepared before issue 29 kept out of training, with close variants: prepare.py --heldout-filter, frozen so
that their data stays reproducible) or in train/sets/check_sentences.json (the sentences every shipped
direction must translate right, with accepted translations: train/check_sentences.py)."""
import json
import os
import re
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "train"))
from attnseq_train.heldout import HeldOut, edit_distance, units  # noqa: E402
from attnseq_train.textnorm import to_simplified  # noqa: E402
from prepare import drop_heldout  # noqa: E402


def page_sentences():
    """(lang, sentence) for the demo's example chips and every text="…" of the tutorial page."""
    out = []
    with open(os.path.join(ROOT, "web", "src", "app", "examples.js"), encoding="utf-8") as f:
        js = f.read()
    for lang, block in re.findall(r"^  (\w+): \[(.*?)\],?$", js, re.S | re.M):
        out += [(lang, a or b) for a, b in re.findall(r"'([^']*)'|\"([^\"]*)\"", block)]
    with open(os.path.join(ROOT, "web", "examples", "tutorial.html"), encoding="utf-8") as f:
        html = f.read()
    for s in re.findall(r'\btext="([^"]+)"', html):
        if s != "…":
            out.append(("zh" if re.search(r"[\u4e00-\u9fff]", s) else "en", s))
    return out


class HeldOutList(unittest.TestCase):
    def setUp(self):
        self.h = HeldOut(simplify=to_simplified)

    def test_pages_use_only_listed_sentences(self):
        sentences = page_sentences()
        self.assertGreaterEqual(len(sentences), 10)
        with open(os.path.join(ROOT, "train", "sets", "check_sentences.json"), encoding="utf-8") as f:
            checked = {(lang, t) for it in json.load(f)["items"] for lang, t in it["src"].items()}
        missing = [(lang, s) for lang, s in sentences if s not in self.h.sentences.get(lang, ()) and (lang, s) not in checked]
        self.assertEqual(missing, [], "shown by a page but in neither train/heldout.json nor train/sets/check_sentences.json")

    def test_variants(self):
        self.assertIsNotNone(self.h.variant_of("How are you doing?", "en"))
        self.assertIsNotNone(self.h.variant_of("how ARE you", "en"))
        self.assertIsNotNone(self.h.variant_of("I ate an orange.", "en"))
        self.assertIsNotNone(self.h.variant_of("I think the cat drank the milk because it was hungry.", "en"))
        self.assertIsNone(self.h.variant_of("Are you ok?", "en"))
        self.assertIsNone(self.h.variant_of("The dog is sleeping.", "en"))
        simplified = to_simplified(["我吃了一個蘋果。"])[0]
        self.assertIsNotNone(self.h.variant_of(simplified, "zh"))
        self.assertIsNone(self.h.variant_of("我吃了一个桔子和两个梨。", "zh"))
        self.assertEqual(units("Don't go!", "en"), ("don'", "t", "go"))
        self.assertEqual(edit_distance(("a", "b", "c"), ("a", "c"), 1), 1)
        self.assertEqual(edit_distance(("a",) * 9, ("b",) * 9, 2), 3)

    def test_prepare_drops_train_pairs_but_keeps_test(self):
        rows = [("train", "How are you?", "How are you?", "Comment vas-tu ?", "Comment vas-tu ?"),
                ("valid", "Who are you?", "Who are you?", "Qui es-tu ?", "Qui es-tu ?"),
                ("test", "How are you?", "How are you?", "Ça va ?", "Ça va ?"),
                ("train", "I like tea.", "I like tea.", "J'aime le thé.", "J'aime le thé."),
                ("train", "Hello.", "Hello.", "Comment allez-vous ?", "Comment allez-vous ?")]
        kept, dropped = drop_heldout(rows, "fr", self.h)
        self.assertEqual([r[1] for r in kept], ["How are you?", "I like tea."])
        self.assertEqual([r[0] for r in kept], ["test", "train"])
        self.assertEqual(dropped, {"how are you": 2, "comment allez vous": 1})


if __name__ == "__main__":
    unittest.main()


class BackTranslationSources(unittest.TestCase):
    def test_several_files_count_each_english_sentence_once_train_split_only(self):
        import tempfile
        from attnseq_train.textnorm import split_of
        from backtranslate import english_sentences
        pool = [f"Sentence number {i}." for i in range(300)]  # about 2 % of sentences fall in valid/test
        train = [s for s in pool if split_of(s) == "train"][:40]
        other = [s for s in pool if split_of(s) != "train"]
        self.assertEqual(len(other), 7)
        with tempfile.TemporaryDirectory() as d:
            a, b = os.path.join(d, "a.tsv"), os.path.join(d, "b.tsv")
            with open(a, "w", encoding="utf-8") as f:
                f.writelines(f"{s}\tx\tt\n" for s in train[:4] + other + ["How are you?"])
            with open(b, "w", encoding="utf-8") as f:
                f.writelines(f"{s}\ty\tt\n" for s in train[2:] + train[:1])
            got = english_sentences([a, b], 0)
            # file order, no repeats, no valid/test sentence, no check sentence ("How are you?")
            self.assertEqual(got, train)
            self.assertEqual(english_sentences([a, b], 3), train[:3])
