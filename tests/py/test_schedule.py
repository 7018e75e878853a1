"""The learning-rate annealing at a budget's end (train.py anneal_factor) and the evaluation cadence across
restarts (eval_due), computed by hand."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "train"))
from train import anneal_factor, eval_due  # noqa: E402

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


class EvalDueTest(unittest.TestCase):
    TC = {"eval_every_min": 20}

    def test_counts_across_restarts(self):
        # the last evaluation at 22 min of the budget clock; 18 min per sitting: due at the second restart
        st = {"elapsed": 40 * 60, "history": [{"elapsed_min": 22.0}]}
        self.assertFalse(eval_due(st, self.TC))
        st["elapsed"] = 42 * 60 + 1
        self.assertTrue(eval_due(st, self.TC))

    def test_the_recorded_last_evaluation_wins_and_a_new_run_waits_the_interval(self):
        self.assertFalse(eval_due({"elapsed": 70 * 60, "last_eval_elapsed": 60 * 60, "history": []}, self.TC))
        self.assertTrue(eval_due({"elapsed": 80 * 60, "last_eval_elapsed": 60 * 60}, self.TC))
        self.assertFalse(eval_due({"elapsed": 19 * 60, "history": []}, self.TC))
        self.assertTrue(eval_due({"elapsed": 20 * 60, "history": []}, self.TC))


if __name__ == "__main__":
    unittest.main()
