"""The calibration's words are the page's (tests/data/confidence/words.json, which tests/js/confidence.test.js
also reads), so the rates train/calibrate_confidence.py reports are those of the marks the page shows."""
import json
import os
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "train"))
from attnseq_train.confidence import unsure_words, words  # noqa: E402
import calibrate_confidence  # noqa: E402

with open(os.path.join(ROOT, "tests", "data", "confidence", "words.json"), encoding="utf-8") as f:
    FIXTURE = json.load(f)


class ConfidenceWordsTest(unittest.TestCase):
    def test_words_as_the_page_groups_them(self):
        for case, unsure in zip(FIXTURE["cases"], FIXTURE["unsure"]):
            pieces = [p for p, _ in case["steps"]]
            probs = [x for _, x in case["steps"]]
            ws = words(pieces, probs, [p == "</s>" for p in pieces])
            self.assertEqual(words(pieces, probs), ws, "the end token by its piece, by default")
            self.assertEqual([[t, p] for t, p in ws], case["words"], case["name"])
            self.assertEqual("".join(t for t, _ in ws).strip(), case["output"], case["name"])
            self.assertEqual(unsure_words(ws, FIXTURE["threshold"]), unsure, case["name"])

    def test_rates_count_the_marked_words(self):
        # the de-en sentence: its only token below 0.3 is the full stop, which the page shows on "2."
        case = FIXTURE["cases"][1]
        pieces, probs = [p for p, _ in case["steps"]], [x for _, x in case["steps"]]
        row = {"kind": "bad", "mean_logprob": -0.5, "probs": probs,
               "words": calibrate_confidence.shown_words(pieces, probs, [p == "</s>" for p in pieces], case["output"])}
        good = {"kind": "good", "mean_logprob": -0.1, "probs": [0.9, 0.25, 0.2],
                "words": calibrate_confidence.shown_words(["▁Oui", ".", "</s>"], [0.9, 0.25, 0.2], [False, False, True], "Oui.")}
        # an <unk> (the engine writes " ⁇ "): the pieces do not spell the text, so the page marks nothing
        unk = {"kind": "bad", "mean_logprob": -2.0, "probs": [0.1, 0.9],
               "words": calibrate_confidence.shown_words(["<unk>", "</s>"], [0.1, 0.9], [False, True], "⁇")}
        self.assertIsNone(unk["words"])
        r = calibrate_confidence.rates([row, good], -0.3, 0.3)
        r_unk = calibrate_confidence.rates([row, unk], -0.3, 0.3)
        self.assertEqual(r_unk["bad"]["with_an_unsure_word"], 0.5)
        self.assertEqual(r_unk["bad"]["not_markable"], 1)
        self.assertEqual(r_unk["bad"]["flagged"], 1.0)
        self.assertEqual(r["bad"]["with_an_unsure_word"], 1.0)
        self.assertEqual(r["bad"]["words_marked"], round(1 / 7, 4))
        self.assertEqual(r["bad"]["flagged"], 1.0)
        # "Oui." is marked (its full stop 0.25); </s> is never shown, so 0.2 marks nothing more
        self.assertEqual(r["good"]["with_an_unsure_word"], 1.0)
        self.assertEqual(r["good"]["words_marked"], 1.0)
        self.assertEqual(r["good"]["flagged"], 0.0)


if __name__ == "__main__":
    unittest.main()
