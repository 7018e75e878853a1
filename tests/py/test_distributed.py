"""Data-parallel training: train.py as two gloo processes (as torchrun starts them) computes the same gradients
as one process on the same batches.

Both runs train a tiny model (no dropout, so the processes' random streams do not matter) for three
steps on a synthetic corpus, saving every step's gradients (--dump-grads: after the processes'
average, before clipping). Each process runs half of each batch's sentences; the average of their
gradients must be the whole batch's, step after step, and so must the weights in the checkpoints.
The processes are started as torchrun starts its workers (the same environment variables); the run
under torchrun itself is opt-in (ATTNSEQ_TEST_TORCHRUN=1): in torch 1.13 `--standalone` always
rendezvouses on port 29400, so two at once collide, and on CI one such run hung past 300 s.
Run: /usr/bin/python3 -m unittest tests.py.test_distributed  (from tests/py: python3 -m unittest test_distributed)
"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import unittest

from test_snapshot import TRAIN, prepare_tiny, run, torch

CONFIGS = {
    "transformer": {"arch": "transformer", "share_embeddings": True, "d_model": 16, "heads": 2, "ffn_dim": 32,
                    "enc_layers": 1, "dec_layers": 1, "max_positions": 64, "max_src_len": 32, "dropout": 0.0},
    "gru-additive": {"arch": "rnn", "share_embeddings": True, "emb_dim": 8, "hidden": 16, "attention": "additive",
                     "attn_dim": 16, "max_src_len": 32, "dropout": 0.0},
}
TRAIN_CFG = {"batch_tokens": 300, "lr": 1e-3, "schedule": "rsqrt", "warmup": 10, "seed": 1,
             "eval_every_min": 100, "ckpt_every_min": 100, "n_bleu": 20}
STEPS = 3


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def launch(nproc, *args, timeout=900):
    """Starts train.py as `nproc` processes with the environment torchrun gives its workers (RANK,
    LOCAL_RANK, WORLD_SIZE, MASTER_ADDR/PORT: init_process_group's env:// rendezvous), without torchrun's
    elastic agent (its rendezvous and 5-second monitor add nothing to what is tested and are slow on a
    loaded machine). On failure or timeout every process's output is shown."""
    port = str(free_port())
    procs = []
    for rank in range(nproc):
        env = dict(os.environ, OMP_NUM_THREADS="1", RANK=str(rank), LOCAL_RANK=str(rank), WORLD_SIZE=str(nproc),
                   LOCAL_WORLD_SIZE=str(nproc), MASTER_ADDR="127.0.0.1", MASTER_PORT=port)
        procs.append(subprocess.Popen([sys.executable, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                      text=True, env=env))
    deadline = time.time() + timeout
    outs, failed = [], False
    for p in procs:
        try:
            out, _ = p.communicate(timeout=max(1, deadline - time.time()))
        except subprocess.TimeoutExpired:
            for q in procs:
                q.kill()
            out, _ = p.communicate()
            failed = True
        outs.append(out)
        failed |= p.returncode != 0
    if failed:
        raise AssertionError("train.py processes failed or timed out:\n" +
                             "\n".join(f"--- rank {r} (rc {p.returncode}):\n{o}" for r, (p, o) in enumerate(zip(procs, outs))))


def torchrun(nproc, *args):
    # --redirects 1 --tee 1: Debian 12's torch 1.13 on Python 3.11 cannot parse the defaults ("0": Std.NONE is
    # not iterated by 3.11's IntFlag, so torchrun dies with "'NoneType' object has no attribute 'get'")
    return run("-m", "torch.distributed.run", "--standalone", "--nproc_per_node", str(nproc),
               "--redirects", "1", "--tee", "1", *args, timeout=900)


@unittest.skipIf(torch is None, "needs python3-torch and python3-sentencepiece")
class DataParallel(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.data = prepare_tiny(cls.tmp.name)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def train(self, name, nproc, runner=launch):
        d = self.tmp.name
        cfg = os.path.join(d, f"{name}.json")
        with open(cfg, "w") as f:
            json.dump({"model": CONFIGS[name], "train": TRAIN_CFG}, f)
        out = os.path.join(d, f"{name}-{nproc}")
        grads = os.path.join(d, f"{name}-{nproc}.grads.pt")
        args = [os.path.join(TRAIN, "train.py"), "--data", self.data, "--arch-config", cfg, "--out", out,
                "--budget-min", "60", "--threads", "1", "--max-steps", str(STEPS), "--dump-grads", grads]
        if nproc == 1:
            run(*args)
        else:
            runner(nproc, *args)
        return out, torch.load(grads)

    def check(self, name, runner=launch):
        one_out, one = self.train(name, 1)
        two_out, two = self.train(name, 2, runner)
        self.assertEqual(len(one), STEPS)
        self.assertEqual(len(two), STEPS)
        for step, (g1, g2) in enumerate(zip(one, two)):
            self.assertEqual(sorted(g1), sorted(g2))
            largest = max(float(g.abs().max()) for g in g1.values())
            for k in g1:
                scale = float(g1[k].abs().max())
                diff = float((g1[k] - g2[k]).abs().max())
                # relative to the tensor's own gradient; a gradient that is zero in exact arithmetic (the keys'
                # bias: softmax ignores a constant) is float noise, compared with the step's largest instead
                self.assertLessEqual(diff, 1e-4 * scale + 1e-6 * largest,
                                     f"step {step + 1}, {k}: max |Δ grad| {diff:.3g} of {scale:.3g}")
                self.assertGreater(largest, 0)
        w1 = torch.load(os.path.join(one_out, "last.pt"))
        w2 = torch.load(os.path.join(two_out, "last.pt"))
        self.assertEqual(w1["state"]["step"], STEPS)
        self.assertEqual(w2["state"]["step"], STEPS)
        self.assertEqual(w1["state"]["tokens"], w2["state"]["tokens"])  # the same batches, all of them
        # Adam moves a weight whose gradient is float noise by ~lr per step whatever the noise's size: those
        # (the keys' bias) are left out of the weight comparison
        noise = {k for k in one[0] if all(float(g[k].abs().max()) <= 1e-6 * max(float(x.abs().max()) for x in g.values())
                                          for g in one)}
        compared = 0
        for k, v in w1["model"].items():
            if k in noise:
                continue
            self.assertLess(float((v - w2["model"][k]).abs().max()), 1e-5, k)
            compared += 1
        self.assertGreater(compared, len(w1["model"]) // 2)
        with open(os.path.join(two_out, "log.txt"), encoding="utf-8") as f:
            self.assertEqual(f.read().count(f"stopped at step {STEPS}"), 1, "one process logs")
        self.assertFalse(os.path.exists(os.path.join(two_out, "done")))

    def test_transformer_two_gloo_processes_match_one(self):
        self.check("transformer")

    def test_gru_two_gloo_processes_match_one(self):
        self.check("gru-additive")

    @unittest.skipUnless(os.environ.get("ATTNSEQ_TEST_TORCHRUN"), "set ATTNSEQ_TEST_TORCHRUN=1: the same under torchrun")
    def test_torchrun(self):
        self.check("transformer", torchrun)

    def test_cuda_refused_without_gpu(self):
        if torch.cuda.is_available():
            self.skipTest("a GPU is present")
        d = self.tmp.name
        cfg = os.path.join(d, "t.json")
        with open(cfg, "w") as f:
            json.dump({"model": CONFIGS["transformer"], "train": TRAIN_CFG}, f)
        p = subprocess.run([sys.executable, os.path.join(TRAIN, "train.py"), "--data", self.data, "--arch-config", cfg,
                            "--out", os.path.join(d, "cuda"), "--budget-min", "1", "--device", "cuda"],
                           capture_output=True, text=True)
        self.assertNotEqual(p.returncode, 0)
        self.assertIn("--device cuda: PyTorch sees no CUDA device", p.stderr)


if __name__ == "__main__":
    unittest.main()
