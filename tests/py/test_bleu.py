"""Hand-computed checks of train/attnseq_train/bleu.py against sacreBLEU 2.x semantics.

Run: /usr/bin/python3 -m unittest discover -s tests/py
"""
import math
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "train"))
from attnseq_train.bleu import corpus_bleu, tokenize_13a, tokenize_zh  # noqa: E402


class Tokenizers(unittest.TestCase):
    def test_13a(self):
        self.assertEqual(tokenize_13a("Hello, world!"), "Hello , world !")
        # period/comma between digits stay; final period splits
        self.assertEqual(tokenize_13a("3.5 and 1,000."), "3.5 and 1,000 .")
        # apostrophe (0x27) and a dash after a letter are NOT separated by 13a
        self.assertEqual(tokenize_13a("l'homme a-t-il"), "l'homme a-t-il")
        # dash after a digit is separated
        self.assertEqual(tokenize_13a("10-20"), "10 - 20")
        self.assertEqual(tokenize_13a("&amp; &lt;b&gt; &quot;x&quot;"), '& < b > " x "')
        self.assertEqual(tokenize_13a("Qu'est-ce ? (oui)"), "Qu'est-ce ? ( oui )")
        self.assertEqual(tokenize_13a("  a   b  "), "a b")

    def test_zh(self):
        self.assertEqual(tokenize_zh("我爱你。"), "我 爱 你 。")
        # U+FF1A fullwidth colon is in the FF00-FFEF range; ! is split by the regexp part
        self.assertEqual(tokenize_zh("他说：好!"), "他 说 ： 好 !")
        self.assertEqual(tokenize_zh("Hello, 世界"), "Hello , 世 界")
        # sacreBLEU quirk: '\u20000' means U+2000 + '0', so U+2001..U+2A6D count as Chinese,
        # e.g. the em dash U+2014 and curly quotes U+201C/U+201D get split off
        self.assertEqual(tokenize_zh("a\u2014b"), "a \u2014 b")
        self.assertEqual(tokenize_zh("\u201cok\u201d"), "\u201c ok \u201d")
        self.assertEqual(tokenize_13a("a\u2014b"), "a\u2014b")


class CorpusBleu(unittest.TestCase):
    def assertBleu(self, got, want, places=2):
        self.assertAlmostEqual(got["score"], want, places=places)

    def test_perfect(self):
        b = corpus_bleu(["the cat sat on the mat ."], [["the cat sat on the mat ."]])
        self.assertBleu(b, 100.0)

    def test_multi_reference(self):
        # hyp: the cat sat on the mat (6 tokens)
        # ref1: the cat is on the mat (6), ref2: there is a cat on the mat (7); closest length 6
        # 1-grams: the x2 (max ref count 2), cat, on, mat match, sat not -> 5/6
        # 2-grams: the cat (ref1), on the, the mat match; cat sat, sat on not -> 3/5
        # 3-grams: on the mat matches; the cat sat, cat sat on, sat on the not -> 1/4
        # 4-grams: 0/3 -> exp smoothing: 100 / (2 * 3) = 16.667
        # BLEU = 100 * (5/6 * 3/5 * 1/4 * 1/6) ** (1/4) = 100 * (1/48) ** 0.25 = 37.992
        b = corpus_bleu(["the cat sat on the mat"], [["the cat is on the mat", "there is a cat on the mat"]])
        self.assertEqual(b["counts"], [5, 3, 1, 0])
        self.assertEqual(b["totals"], [6, 5, 4, 3])
        self.assertBleu(b, 100 * (1 / 48) ** 0.25)
        self.assertBleu(b, 37.99)

    def test_brevity_penalty(self):
        # hyp 4 tokens, ref 6 tokens, all n-grams match: precisions 100
        # BP = exp(1 - 6/4) = exp(-0.5) = 0.60653 -> 60.65
        b = corpus_bleu(["the cat sat on"], [["the cat sat on the mat"]])
        self.assertAlmostEqual(b["bp"], math.exp(-0.5))
        self.assertBleu(b, 60.65)

    def test_closest_ref_len_tie_takes_shorter(self):
        # hyp "a b c d" (4); refs of length 3 and 5 are equally close -> 3 is used, so no BP.
        # all n-grams of the hyp occur in ref2: 4/4, 3/3, 2/2, 1/1 -> 100
        b = corpus_bleu(["a b c d"], [["a b c", "a b c d e"]])
        self.assertEqual(b["ref_len"], 3)
        self.assertEqual(b["bp"], 1.0)
        self.assertBleu(b, 100.0)

    def test_exp_smoothing_two_zero_orders(self):
        # hyp a b x c y / ref a b c d e (both 5 tokens, BP 1)
        # 1-grams a, b, c match: 3/5 = 60
        # 2-grams ab bx xc cy: only ab matches: 1/4 = 25
        # 3-grams 0/3 -> first zero: 100 / (2 * 3) = 16.667
        # 4-grams 0/2 -> second zero: 100 / (4 * 2) = 12.5
        # BLEU = (60 * 25 * 16.667 * 12.5) ** 0.25 = 312500 ** 0.25 = 23.644
        b = corpus_bleu(["a b x c y"], [["a b c d e"]])
        self.assertEqual(b["counts"], [3, 1, 0, 0])
        self.assertAlmostEqual(b["precisions"][2], 100 / 6)
        self.assertAlmostEqual(b["precisions"][3], 12.5)
        self.assertBleu(b, 312500 ** 0.25)

    def test_corpus_level_sums(self):
        # seg1: hyp 4 tokens, ref 6, correct/total 4/4, 3/3, 2/2, 1/1
        # seg2: identical 5 tokens: 5/5, 4/4, 3/3, 2/2
        # totals 9/9, 7/7, 5/5, 3/3 -> precisions 100; c = 9, r = 11
        # BP = exp(1 - 11/9) = exp(-2/9) = 0.80074 -> 80.07 (not the mean of segment scores)
        b = corpus_bleu(["the cat sat on", "a b c d e"], [["the cat sat on the mat"], ["a b c d e"]])
        self.assertEqual((b["sys_len"], b["ref_len"]), (9, 11))
        self.assertBleu(b, 100 * math.exp(-2 / 9))

    def test_no_match_and_empty_hypothesis(self):
        # nothing matches -> sacreBLEU 2.x returns 0 before smoothing
        self.assertEqual(corpus_bleu(["x y z w"], [["a b c d"]])["score"], 0.0)
        # empty hypothesis: c = 0 -> BP 0, score 0
        b = corpus_bleu([""], [["a b c d"]])
        self.assertEqual((b["score"], b["bp"]), (0.0, 0.0))

    def test_short_hypothesis_missing_orders(self):
        # hyp "a b" vs ref "a b": 3- and 4-gram totals are 0 -> loop stops, their precision
        # stays 0, log(0) is taken as -9999999999 -> score ~0 (sacreBLEU's corpus behaviour)
        self.assertAlmostEqual(corpus_bleu(["a b"], [["a b"]])["score"], 0.0, places=6)

    def test_zh(self):
        # hyp 我 爱 你 。 (4 chars) / ref 我 爱 你 们 。 (5)
        # 1-grams 4/4; 2-grams 我爱 爱你 match, 你。 not: 2/3; 3-grams 我爱你: 1/2;
        # 4-grams 0/1 -> 100 / (2 * 1) = 50
        # BP = exp(1 - 5/4) = 0.77880; BLEU = 0.7788 * (100 * 66.667 * 50 * 50) ** 0.25 = 49.76
        b = corpus_bleu(["我爱你。"], [["我爱你们。"]], tokenize="zh")
        self.assertEqual(b["counts"], [4, 2, 1, 0])
        want = math.exp(-0.25) * (100 * (200 / 3) * 50 * 50) ** 0.25
        self.assertBleu(b, want)
        self.assertBleu(b, 49.76)
        # 13a does not split CJK text nor "。" (not ASCII punctuation): hyp and ref are each one
        # token, and different ones -> no match -> 0
        self.assertEqual(corpus_bleu(["我爱你。"], [["我爱你们。"]], tokenize="13a")["score"], 0.0)


if __name__ == "__main__":
    unittest.main()
