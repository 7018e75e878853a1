"""A run continues on another machine: prepare → train → snapshot.py → train.py --seed-from.

Trains a tiny Transformer for a second on a synthetic corpus (no corpus data), snapshots it, and
checks that a run seeded from the snapshot starts from its weights (float16-rounded) and progress,
keeps training, and refuses a snapshot whose vocabulary is not the prepared one.
Run: /usr/bin/python3 -m unittest tests.py.test_snapshot  (PYTHONPATH=train)
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TRAIN = os.path.join(HERE, "..", "..", "train")
sys.path.insert(0, TRAIN)
try:
    import torch
    import sentencepiece  # noqa: F401
except ImportError:  # pragma: no cover
    torch = None

EN = "i you we they see eat like want red green big small cat dog apple house car book tree river".split()
FR = "je tu nous ils vois mange aime veux rouge vert grand petit chat chien pomme maison voiture livre arbre fleuve".split()
CONFIG = {"model": {"arch": "transformer", "share_embeddings": True, "d_model": 16, "heads": 2, "ffn_dim": 32,
                    "enc_layers": 1, "dec_layers": 1, "max_positions": 64, "max_src_len": 32, "dropout": 0.0},
          "train": {"batch_tokens": 300, "lr": 1e-3, "schedule": "rsqrt", "warmup": 10, "seed": 1,
                    "eval_every_min": 100, "ckpt_every_min": 100, "n_bleu": 20}}


def write_corpus(path, n=1500):
    rng = random.Random(7)
    with open(path, "w", encoding="utf-8") as f:
        for i in range(n):
            idx = [rng.randrange(len(EN)) for _ in range(rng.randint(2, 6))]
            f.write(" ".join(EN[j] for j in idx).capitalize() + f" {i}.\t" +
                    " ".join(FR[j] for j in idx).capitalize() + f" {i}.\tCC-BY test\n")


def run(*args, timeout=None):
    env = dict(os.environ, OMP_NUM_THREADS="1")
    p = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env, timeout=timeout)
    if p.returncode != 0:
        raise AssertionError(f"{args[0]} failed ({p.returncode}):\n{p.stdout}\n{p.stderr}")
    return p.stdout


def prepare_tiny(d):
    """The synthetic corpus in d/pairs.tsv, prepared (joint 120-piece vocabulary) into d/data; -> d/data."""
    write_corpus(os.path.join(d, "pairs.tsv"))
    data = os.path.join(d, "data")
    run(os.path.join(TRAIN, "prepare.py"), "--pairs", os.path.join(d, "pairs.tsv"), "--src", "en", "--tgt", "fr",
        "--vocab", "120", "--joint", "--no-split-digits", "--out", data)
    return data


def train_tiny(d, data, name, budget_min, **train):
    """Trains the tiny Transformer (CONFIG, its "train" entries updated by `train`) on `data` for
    budget_min wall-clock minutes into d/ckpt/NAME; -> (config path, run folder)."""
    cfg = json.loads(json.dumps(CONFIG))
    cfg["train"].update(train)
    path = os.path.join(d, f"{name}.json")
    with open(path, "w") as f:
        json.dump(cfg, f)
    out = os.path.join(d, "ckpt", name)
    run(os.path.join(TRAIN, "train.py"), "--data", data, "--arch-config", path, "--out", out,
        "--budget-min", str(budget_min), "--threads", "1")
    return path, out


@unittest.skipIf(torch is None, "needs python3-torch and python3-sentencepiece")
class SnapshotResume(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        d = cls.tmp.name
        cls.data = prepare_tiny(d)
        cls.cfg, cls.first = train_tiny(d, cls.data, "tiny", 0.03)
        cls.snaps = os.path.join(d, "snapshots")
        cls.printed = run(os.path.join(TRAIN, "snapshot.py"), cls.first, "--data", cls.data, "--out-dir", cls.snaps)
        cls.snap = os.path.join(cls.snaps, "tiny.pt")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def trainer(self, out, budget, seed_from):
        import train as train_mod
        a = argparse.Namespace(data=self.data, arch_config=self.cfg, out=out, budget_min=budget, threads=1,
                               log_every_s=60, seed_from=seed_from)
        return train_mod.Trainer(a)

    def test_snapshot_is_half_precision_with_progress(self):
        snap = torch.load(self.snap)
        last = torch.load(os.path.join(self.first, "last.pt"))
        self.assertGreater(last["state"]["step"], 0)
        self.assertEqual(snap["state"]["step"], last["state"]["step"])
        self.assertEqual(set(snap["model"]), set(last["model"]))
        for k, v in snap["model"].items():
            self.assertEqual(v.dtype, torch.float16, k)
            self.assertTrue(torch.equal(v, last["model"][k].half()), k)
        self.assertIn(f"step {last['state']['step']}", self.printed)

    def test_seeded_run_starts_from_the_snapshot_and_trains_on(self):
        snap = torch.load(self.snap)
        with tempfile.TemporaryDirectory() as out:
            t = self.trainer(out, 0.06, self.snap)
            t.resume()
            for k, v in t.model.state_dict().items():
                self.assertTrue(torch.equal(v, snap["model"][k].float()), k)
            step0 = snap["state"]["step"]
            self.assertEqual(t.st["step"], step0)
            self.assertEqual(t.st["rewarm_from"], step0)
            self.assertEqual(t.st["best_bleu"], -1.0)  # best.pt is written anew on this machine
            # The first step after seeding runs at 1/100 of the scheduled lr (fresh Adam).
            t.model.train()
            _, _, _, lr, _ = t.train_step(list(range(4)))
            from train import lr_at
            self.assertAlmostEqual(lr, lr_at(t.tc, t.st["sched"], step0 + 1) / 100)
            # A full run from the snapshot goes past its step and writes best.pt and done.
            t2 = self.trainer(out + "/b", 0.06, self.snap)
            t2.run()
            last = torch.load(os.path.join(out, "b", "last.pt"))
            self.assertGreater(last["state"]["step"], step0)
            self.assertTrue(os.path.exists(os.path.join(out, "b", "best.pt")))
            self.assertTrue(os.path.exists(os.path.join(out, "b", "done")))

    def test_other_vocabulary_is_refused(self):
        snap = torch.load(self.snap)
        snap["vocab_sha256"] = "0" * 64
        with tempfile.TemporaryDirectory() as out:
            bad = os.path.join(out, "bad.pt")
            torch.save(snap, bad)
            with self.assertRaises(SystemExit) as cm:
                self.trainer(os.path.join(out, "r"), 0.06, bad).resume()
            self.assertIn("vocabulary", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
