"""A run that starts from another model's weights (the arch config's "init", attnseq_train/transfer.py).

Trains a tiny parent Transformer (shared embeddings) for a few seconds on a synthetic corpus, exports
it as an I8 file, prepares a child data set that reads the source with the parent's vocabulary
(prepare.py --src-spm) and checks that a child with a shorter encoder, its own target vocabulary and
no shared embeddings starts with the parent's (dequantized) tensors under the scopes, the rest
random; that a resumed run keeps its own weights; and that a mismatched vocabulary or shape stops
with an error that says what to do.
Run: /usr/bin/python3 -m unittest tests.py.test_transfer  (PYTHONPATH=train)
"""
import argparse
import json
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from test_snapshot import TRAIN, prepare_tiny, run, torch  # noqa: E402

PARENT = {"model": {"arch": "transformer", "share_embeddings": True, "d_model": 16, "heads": 2, "ffn_dim": 32,
                    "enc_layers": 2, "dec_layers": 1, "max_positions": 64, "max_src_len": 32, "dropout": 0.0},
          "train": {"batch_tokens": 300, "lr": 1e-3, "schedule": "rsqrt", "warmup": 10, "seed": 1,
                    "eval_every_min": 100, "ckpt_every_min": 100, "n_bleu": 20}}
SCOPES = ["encoder", "decoder.layers", "decoder.norm"]


def child_config(parent_file, enc_layers=1, d_model=16):
    cfg = json.loads(json.dumps(PARENT))
    cfg["model"].update(share_embeddings=False, enc_layers=enc_layers, d_model=d_model)
    cfg["train"]["seed"] = 5
    cfg["init"] = {"from": parent_file, "scopes": SCOPES}
    return cfg


@unittest.skipIf(torch is None, "needs python3-torch and python3-sentencepiece")
class Transfer(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        d = cls.d = cls.tmp.name
        cls.data = prepare_tiny(d)
        with open(os.path.join(d, "parent.json"), "w") as f:
            json.dump(PARENT, f)
        out = os.path.join(d, "ckpt", "parent")
        run(os.path.join(TRAIN, "train.py"), "--data", cls.data, "--arch-config", os.path.join(d, "parent.json"),
            "--out", out, "--budget-min", "0.03", "--threads", "1")
        cls.parent = os.path.join(d, "parent.i8.safetensors")
        run(os.path.join(TRAIN, "export.py"), "--ckpt", os.path.join(out, "best.pt"), "--out", cls.parent, "--int8")
        pairs = os.path.join(d, "pairs.tsv")
        cls.child_data = os.path.join(d, "child")  # English read with the parent's vocabulary, French its own
        run(os.path.join(TRAIN, "prepare.py"), "--pairs", pairs, "--src", "en", "--tgt", "fr", "--vocab-tgt", "90", "--no-split-digits",
            "--src-spm", os.path.join(cls.data, "spm.model"), "--out", cls.child_data)
        cls.own_data = os.path.join(d, "own")  # English with a vocabulary of its own
        run(os.path.join(TRAIN, "prepare.py"), "--pairs", pairs, "--src", "en", "--tgt", "fr", "--vocab-src", "80",
            "--vocab-tgt", "90", "--no-split-digits", "--out", cls.own_data)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def trainer(self, cfg, data, out):
        import train as train_mod
        path = os.path.join(out + ".json")
        with open(path, "w") as f:
            json.dump(cfg, f)
        return train_mod.Trainer(argparse.Namespace(data=data, arch_config=path, out=out, budget_min=0.02, threads=1,
                                                    log_every_s=60, seed_from=None))

    def test_prepared_source_is_the_parents_vocabulary(self):
        with open(os.path.join(self.child_data, "meta.json")) as f:
            meta = json.load(f)
        with open(os.path.join(self.data, "spm.model"), "rb") as f, \
                open(os.path.join(self.child_data, "src.model"), "rb") as g:
            self.assertEqual(f.read(), g.read())
        self.assertFalse(meta["joint"])
        self.assertEqual(meta["vocab_tgt"], 90)
        self.assertEqual(meta["src_spm_from"]["path"], os.path.abspath(os.path.join(self.data, "spm.model")))

    def test_child_starts_from_the_parents_tensors(self):
        from attnseq_train.modelfile import load_model_file
        parent = load_model_file(self.parent)[0].state_dict()
        out = os.path.join(self.d, "ckpt", "child")
        t = self.trainer(child_config(self.parent), self.child_data, out)
        t.resume()
        mine = t.model.state_dict()
        # the shared table becomes the encoder's embedding; the first of the parent's 2 encoder layers
        self.assertTrue(torch.equal(mine["encoder.embed.weight"], parent["decoder.embed.weight"]))
        for k, v in mine.items():
            if k.startswith(("encoder.layers.", "encoder.norm.", "decoder.layers.", "decoder.norm.")):
                self.assertTrue(torch.equal(v, parent[k]), k)
        self.assertNotIn("encoder.layers.1.ffn.fc1.weight", mine)
        self.assertEqual(mine["decoder.embed.weight"].shape[0], 90)  # its own target table, random
        self.assertGreater(float(mine["decoder.embed.weight"].std()), 0.0)
        with open(os.path.join(out, "log.txt")) as f:
            self.assertIn(f"init from {self.parent}", f.read())
        # a run that resumes keeps its own (trained) weights: no second init
        out = os.path.join(self.d, "ckpt", "child-run")
        self.trainer(child_config(self.parent), self.child_data, out).run()
        trained = torch.load(os.path.join(out, "last.pt"))["model"]
        self.assertFalse(torch.equal(trained["encoder.layers.0.ffn.fc1.weight"], parent["encoder.layers.0.ffn.fc1.weight"]))
        t2 = self.trainer(child_config(self.parent), self.child_data, out)
        t2.resume()
        self.assertTrue(torch.equal(t2.model.state_dict()["encoder.layers.0.ffn.fc1.weight"],
                                    trained["encoder.layers.0.ffn.fc1.weight"]))
        with open(os.path.join(out, "log.txt")) as f:
            self.assertEqual(f.read().count("init from"), 1)

    def test_other_source_vocabulary_is_refused(self):
        t = self.trainer(child_config(self.parent), self.own_data, os.path.join(self.d, "ckpt", "own"))
        with self.assertRaises(SystemExit) as cm:
            t.resume()
        self.assertIn("--src-spm", str(cm.exception))

    def test_other_width_is_refused(self):
        cfg = child_config(self.parent, d_model=8)
        t = self.trainer(cfg, self.child_data, os.path.join(self.d, "ckpt", "narrow"))
        with self.assertRaises(SystemExit) as cm:
            t.resume()
        self.assertIn("encoder.embed.weight is (", str(cm.exception))

    def test_target_side_scopes_and_missing_files_are_refused(self):
        cfg = child_config(self.parent)
        cfg["init"]["scopes"] = ["decoder"]
        t = self.trainer(cfg, self.child_data, os.path.join(self.d, "ckpt", "tgt"))
        with self.assertRaises(SystemExit) as cm:
            t.resume()
        self.assertIn("another target vocabulary", str(cm.exception))
        t = self.trainer(child_config(os.path.join(self.d, "nowhere.safetensors")), self.child_data,
                         os.path.join(self.d, "ckpt", "missing"))
        with self.assertRaises(SystemExit) as cm:
            t.resume()
        self.assertIn("not found", str(cm.exception))

    def test_fine_tune_takes_the_whole_model_when_the_vocabulary_is_the_parents(self):
        from attnseq_train.modelfile import load_model_file
        ft = os.path.join(self.d, "ft")
        run(os.path.join(TRAIN, "prepare.py"), "--pairs", os.path.join(self.d, "pairs.tsv"), "--src", "en",
            "--tgt", "fr", "--joint", "--joint-spm", os.path.join(self.data, "spm.model"), "--retire-multidigit",
            "--out", ft)
        cfg = json.loads(json.dumps(PARENT))
        cfg["init"] = {"from": self.parent, "scopes": ["encoder", "decoder"]}
        t = self.trainer(cfg, ft, os.path.join(self.d, "ckpt", "ft"))
        t.resume()
        parent = load_model_file(self.parent)[0].state_dict()
        for k, v in t.model.state_dict().items():
            self.assertTrue(torch.equal(v, parent[k]), k)
        # the same scopes over a data set with another target vocabulary are refused
        cfg2 = child_config(self.parent)
        cfg2["init"]["scopes"] = ["encoder", "decoder"]
        t = self.trainer(cfg2, self.child_data, os.path.join(self.d, "ckpt", "ft-other"))
        with self.assertRaises(SystemExit) as cm:
            t.resume()
        self.assertIn("--joint-spm or --tgt-spm", str(cm.exception))

    def test_borrowed_vocabulary_with_vocab_src_is_refused(self):
        with self.assertRaises(AssertionError) as cm:
            run(os.path.join(TRAIN, "prepare.py"), "--pairs", os.path.join(self.d, "pairs.tsv"), "--src", "en",
                "--tgt", "fr", "--vocab-src", "80", "--src-spm", os.path.join(self.data, "spm.model"),
                "--out", os.path.join(self.d, "bad"))
        self.assertIn("drop --vocab-src", str(cm.exception))


if __name__ == "__main__":
    unittest.main()
