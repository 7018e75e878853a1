"""The learning-rate annealing at a budget's end (train.py anneal_factor), computed by hand."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "train"))
from train import anneal_factor  # noqa: E402

TC = {"lr": 2e-3, "min_lr": 1e-4, "anneal_min": 80}


class AnnealTest(unittest.TestCase):
    def test_off_by_default_and_before_the_last_minutes(self):
        self.assertEqual(anneal_factor({**TC, "anneal_min": 0}, 239 * 60, 240 * 60), 1.0)
        self.assertEqual(anneal_factor(TC, 100 * 60, 240 * 60), 1.0)
        self.assertEqual(anneal_factor(TC, 160 * 60, 240 * 60), 1.0)

    def test_linear_down_to_min_lr_at_the_budget(self):
        # 40 of the 80 minutes left: halfway from 1 to min_lr/lr = 0.05
        self.assertAlmostEqual(anneal_factor(TC, 200 * 60, 240 * 60), 0.05 + 0.95 * 0.5)
        self.assertAlmostEqual(anneal_factor(TC, 240 * 60, 240 * 60), 0.05)
        self.assertAlmostEqual(anneal_factor(TC, 250 * 60, 240 * 60), 0.05)  # past the budget: the floor
        self.assertAlmostEqual(2e-3 * anneal_factor(TC, 240 * 60, 240 * 60), 1e-4)


if __name__ == "__main__":
    unittest.main()
