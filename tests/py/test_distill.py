"""Sequence-level distillation (train/distill.py): a tiny teacher's beam outputs become the training targets.

Trains a tiny Transformer for a few seconds on the synthetic corpus of test_snapshot, distills its data,
and checks each training target against the teacher's own batched beam search (the cap rule included),
the copied splits and vocabulary, the rebuild from the ids file (byte-identical), and the refusals.
Run: /usr/bin/python3 -m unittest tests.py.test_distill  (PYTHONPATH=train)
"""
import filecmp
import gzip
import json
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
import unittest

from test_snapshot import TRAIN, prepare_tiny, run, torch, train_tiny

if torch is not None:
    sys.path.insert(0, TRAIN)
    from attnseq_train import checkpoint as ckpt
    from attnseq_train.models import build_model
    from attnseq_train.search import beam_search, max_lengths

BATCH = 50


@unittest.skipIf(torch is None, "needs python3-torch and python3-sentencepiece")
class Distill(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        d = cls.tmp.name
        cls.data = prepare_tiny(d)
        cls.cfg, cls.teacher = train_tiny(d, cls.data, "teacher", 0.15, lr=5e-3)
        cls.out, cls.ids = os.path.join(d, "kd"), os.path.join(d, "kd.ids.gz")
        cls.printed = run(os.path.join(TRAIN, "distill.py"), "--ckpt", os.path.join(cls.teacher, "best.pt"),
                          "--data", cls.data, "--out", cls.out, "--beam", "2", "--batch", str(BATCH),
                          "--ids-out", cls.ids)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def split(self, d):
        with open(os.path.join(d, "train.pkl"), "rb") as f:
            return pickle.load(f)

    def test_targets_are_the_teachers_beam_outputs(self):
        orig, kd = self.split(self.data), self.split(self.out)
        with gzip.open(self.ids, "rt") as f:
            lines = f.read().splitlines()
        self.assertEqual(len(lines), len(orig["src"]))
        self.assertEqual([list(s) for s in kd["src"]], [list(s) for s in orig["src"]])
        for line, t, r in zip(lines, kd["tgt"], orig["tgt"]):
            self.assertEqual(list(t), list(r) if line == "-" else [int(x) for x in line.split()])
        # the first search batch (sources sorted by length, stable), decoded again here
        c = ckpt.load(os.path.join(self.teacher, "best.pt"))
        model = build_model(c["config"])
        model.load_state_dict(c["model"])
        model.eval()
        first = sorted(range(len(orig["src"])), key=lambda i: len(orig["src"][i]))[:BATCH]
        outs = beam_search(model, [list(orig["src"][i]) for i in first], beam=2)
        for i, o in zip(first, outs):
            cap = int(max_lengths(torch.tensor(len(orig["src"][i])), model.cfg))
            self.assertEqual(lines[i], " ".join(map(str, o)) if 0 < len(o) < cap else "-")
        meta = json.load(open(os.path.join(self.out, "meta.json")))["distilled"]
        kept = lines.count("-")
        self.assertEqual((meta["pairs"], meta["references_kept"], meta["beam"]), (len(lines), kept, 2))
        self.assertGreater(len(lines) - kept, 0, "the teacher produced no complete translation")
        self.assertIn(f"{len(lines) - kept} teacher targets", self.printed)

    def test_other_splits_and_vocabulary_are_copied(self):
        for name in ("valid.pkl", "valid.json", "test.json", "spm.model", "spm.vocab"):
            self.assertTrue(filecmp.cmp(os.path.join(self.data, name), os.path.join(self.out, name), shallow=False), name)

    def test_rebuild_from_ids_is_identical(self):
        again = os.path.join(self.tmp.name, "kd-again")
        run(os.path.join(TRAIN, "distill.py"), "--from-ids", self.ids, "--data", self.data, "--out", again)
        self.assertTrue(filecmp.cmp(os.path.join(self.out, "train.pkl"), os.path.join(again, "train.pkl"), shallow=False))

    def test_average_pick_prints_the_better_checkpoint(self):
        """average.py --pick (finish_run.sh, kd_pipeline.sh): stdout is one path; a tie keeps best.pt."""
        out = run(os.path.join(TRAIN, "average.py"), self.teacher, "--last", "5", "--pick")
        avg = ckpt.load(os.path.join(self.teacher, "avg.pt"))
        best = ckpt.load(os.path.join(self.teacher, "best.pt"))
        want = "avg.pt" if avg["valid_bleu"] > best["valid_bleu"] else "best.pt"
        self.assertEqual(out, os.path.join(self.teacher, want) + "\n")

    def test_refusals(self):
        short = os.path.join(self.tmp.name, "short.ids.gz")
        with gzip.open(short, "wt") as f:
            f.write("-\n")
        p = subprocess.run([sys.executable, os.path.join(TRAIN, "distill.py"), "--from-ids", short, "--data", self.data,
                            "--out", os.path.join(self.tmp.name, "x")], capture_output=True, text=True)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("1 lines, but the data has", p.stderr)
        other = os.path.join(self.tmp.name, "other-data")
        shutil.copytree(self.data, other)
        meta = json.load(open(os.path.join(other, "meta.json")))
        meta["pairs_sha256"] = "0" * 64
        json.dump(meta, open(os.path.join(other, "meta.json"), "w"))
        p = subprocess.run([sys.executable, os.path.join(TRAIN, "distill.py"), "--ckpt",
                            os.path.join(self.teacher, "best.pt"), "--data", other, "--out",
                            os.path.join(self.tmp.name, "y")], capture_output=True, text=True)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("teacher's data differs from --data in 'pairs_sha256'", p.stderr)


if __name__ == "__main__":
    unittest.main()
