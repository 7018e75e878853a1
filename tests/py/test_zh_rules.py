"""Chinese tokenizers carry Traditional → Simplified in their normalizer (attnseq_train/zh_rules.py):
Traditional and Simplified text give the same pieces; the target rules keep full-width punctuation."""
import os
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "train"))
import sentencepiece as spm  # noqa: E402
from attnseq_train import zh_rules  # noqa: E402
from prepare import train_spm  # noqa: E402

CORPUS = ["我吃了一个苹果。", "然后吃了一个香蕉。", "你好吗？", "你应该穿鞋。", "猫喝了牛奶，因为它饿了。",
          "他们去学校了。", "这个问题很难。", "我们明天见！", "头发很干净。", "请说中文：谢谢。"] * 3


class ZhRules(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        cls.models = {}
        for side in ("src", "tgt"):
            rules = zh_rules.rules_for("zh", side, cls.dir.name)
            path = train_spm(CORPUS, os.path.join(cls.dir.name, side), 60, 1.0, rules)
            cls.models[side] = spm.SentencePieceProcessor(model_file=path)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def test_rules_table(self):
        rules = zh_rules.build_rules(keep_full_width=False)
        self.assertEqual(rules["個"], "个")
        self.assertEqual(rules["蘋"], "苹")
        self.assertEqual(rules["，"], ",")  # nmt_nfkc kept
        self.assertEqual(rules["Ａ"], "A")
        self.assertNotIn("，", zh_rules.build_rules(keep_full_width=True))
        self.assertIsNone(zh_rules.rules_for("en", "src", self.dir.name))

    def test_traditional_reads_as_simplified(self):
        sp = self.models["src"]
        for trad, simp in [("我吃了一個蘋果。", "我吃了一个苹果。"), ("頭髮很乾淨。", "头发很干净。"),
                           ("他們去學校了。", "他们去学校了。")]:
            self.assertEqual(sp.encode(trad, out_type=str), sp.encode(simp, out_type=str))
        self.assertIn(",", "".join(sp.encode("猫喝了牛奶，因为它饿了", out_type=str)))

    def test_target_keeps_full_width(self):
        pieces = "".join(self.models["tgt"].encode("猫喝了牛奶，因为它饿了！", out_type=str))
        self.assertIn("，", pieces)
        self.assertIn("！", pieces)
        self.assertEqual(self.models["tgt"].decode(self.models["tgt"].encode("你好吗？")), "你好吗？")


if __name__ == "__main__":
    unittest.main()
