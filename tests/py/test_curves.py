"""Learning curves (train/attnseq_train/curves.py, train/history.py): the points a checkpoint records
are the points drawn."""
import json
import os
import re
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "train"))
from attnseq_train import curves  # noqa: E402

try:
    import torch
except ImportError:  # pragma: no cover
    torch = None

RUNS = [{"name": "a", "finished": True, "clock": "cpu", "steps": 30, "minutes": 30.0,
         "points": [{"step": 10, "minutes": 10.0, "valid_bleu": 10.0}, {"step": 20, "minutes": 20.0, "valid_bleu": 30.0},
                    {"step": 30, "minutes": 30.0, "valid_bleu": 25.0}]},
        {"name": "b<&>", "finished": False, "clock": "cpu", "steps": 5, "minutes": 60.0,
         "points": [{"step": 5, "minutes": 60.0, "valid_bleu": 40.0}]}]


class Curves(unittest.TestCase):
    def test_svg_places_every_point_and_marks_the_best(self):
        svg = curves.render_svg(RUNS, width=720, height=380)
        lines = re.findall(r'<polyline [^>]*points="([^"]+)"', svg)
        self.assertEqual(len(lines), 2)
        pts = [[tuple(map(float, p.split(","))) for p in l.split()] for l in lines]
        self.assertEqual([len(p) for p in pts], [3, 1])
        # plot box: x 48..530 for 0..60 minutes, y 16..340 for BLEU 40..0
        x = lambda m: 48 + 482 * m / 60  # noqa: E731
        y = lambda b: 16 + 324 * (1 - b / 40)  # noqa: E731
        for got, want in zip(pts[0], [(x(10), y(10)), (x(20), y(30)), (x(30), y(25))]):
            self.assertAlmostEqual(got[0], want[0], places=1)
            self.assertAlmostEqual(got[1], want[1], places=1)
        dots = re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)"', svg)
        self.assertAlmostEqual(float(dots[0][0]), x(20), places=1)  # run a's best is its second evaluation
        self.assertIn("b&lt;&amp;&gt;", svg)

    def test_markdown_table(self):
        md = "\n".join(curves.markdown(RUNS, "c.svg"))
        self.assertIn("| a | finished | 3 | 30 (cpu) | 30.00 (20) | 25.00 |", md)
        self.assertIn("| b<&> | training goes on | 1 | 60 (cpu) | 40.00 (60) | 40.00 |", md)

    @unittest.skipIf(torch is None, "needs python3-torch")
    def test_history_from_a_checkpoint(self):
        from history import history_of
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "run"))
            path = os.path.join(d, "run", "last.pt")
            torch.save({"state": {"step": 7, "elapsed": 600.0, "clock": "cpu", "history": [
                {"step": 7, "epoch": 0, "elapsed_min": 9.876, "valid_loss": 1.0, "valid_bleu": 12.345, "lr_scale": 1.0}]}},
                path)
            h = history_of(path)
            self.assertEqual(h, {"name": "run", "finished": False, "clock": "cpu", "steps": 7, "minutes": 10.0,
                                 "points": [{"step": 7, "minutes": 9.88, "valid_bleu": 12.35}]})
            open(os.path.join(d, "run", "done"), "w").close()
            self.assertTrue(history_of(path)["finished"])
            json.dumps(h)
            # a snapshot (train/snapshots/NAME.pt) is named by its file
            os.makedirs(os.path.join(d, "snapshots"))
            snap = os.path.join(d, "snapshots", "en-fr-x.pt")
            torch.save(torch.load(path), snap)
            self.assertEqual(history_of(snap)["name"], "en-fr-x")


if __name__ == "__main__":
    unittest.main()
