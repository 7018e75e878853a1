"""Tests of the training pipeline pieces: normalization, split, batching, search, model files.

Uses tiny random models and a SentencePiece model trained on synthetic text (no corpus data).
Run: /usr/bin/python3 -m unittest discover -s tests/py
"""
import glob
import json
import os
import struct
import sys
import tempfile
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "train"))
try:
    import torch
    import sentencepiece as spm
except ImportError:  # pragma: no cover
    torch = None

from attnseq_train import safetensors_io  # noqa: E402
from attnseq_train.textnorm import english_key, normalize_target, split_of  # noqa: E402

RNN_CFG = {"arch": "rnn", "share_embeddings": True, "emb_dim": 16, "hidden": 24, "attention": "additive",
           "attn_dim": 12, "max_src_len": 32, "vocab_src": 40, "vocab_tgt": 40}
TF_CFG = {"arch": "transformer", "share_embeddings": False, "d_model": 16, "heads": 2, "ffn_dim": 32,
          "enc_layers": 2, "dec_layers": 2, "max_positions": 64, "max_src_len": 32, "vocab_src": 40,
          "vocab_tgt": 30}
CONV_CFG = {"arch": "conv", "share_embeddings": False, "emb_dim": 16, "hidden": 24, "kernel": 3, "conv_layers": 2,
            "attention": "additive", "attn_dim": 12, "max_positions": 64, "max_src_len": 32, "vocab_src": 40,
            "vocab_tgt": 40}


class TextNorm(unittest.TestCase):
    def test_french_spacing(self):
        self.assertEqual(normalize_target("Va\u202f!", "fr"), "Va !")
        self.assertEqual(normalize_target("Va\u00a0!", "fr"), "Va !")
        self.assertEqual(normalize_target("Quoi?!", "fr"), "Quoi ?!")
        self.assertEqual(normalize_target("Attention: non; oui", "fr"), "Attention : non ; oui")
        self.assertEqual(normalize_target("Il est 10:30.", "fr"), "Il est 10:30.")
        self.assertEqual(normalize_target("Voir http://a.fr/?x=1 !", "fr"), "Voir http://a.fr/?x=1 !")
        self.assertEqual(normalize_target("« Non ! »", "fr"), "« Non ! »")

    def test_other_languages(self):
        self.assertEqual(normalize_target("  Hi?  there ", "en"), "Hi? there")
        self.assertEqual(normalize_target("你好\uff01", "zh"), "你好！")  # full-width kept for Chinese
        self.assertEqual(normalize_target("猫喝了牛奶,因为它饿了.", "zh"), "猫喝了牛奶，因为它饿了。")
        self.assertEqual(normalize_target("他说:你好吗?", "zh"), "他说：你好吗？")
        self.assertEqual(normalize_target("我10:30到,好吗?", "zh"), "我10:30到，好吗？")
        self.assertEqual(normalize_target("他(汤姆)来了。", "zh"), "他（汤姆）来了。")

    def test_split_grouping(self):
        self.assertEqual(english_key("Go  on.\u00a0"), "go on.")
        self.assertEqual(split_of("Go on."), split_of("go  ON."))
        counts = {"train": 0, "valid": 0, "test": 0}
        for i in range(20000):
            counts[split_of(f"sentence number {i}")] += 1
        self.assertAlmostEqual(counts["test"] / 20000, 0.02, delta=0.004)
        self.assertAlmostEqual(counts["valid"] / 20000, 0.01, delta=0.003)


class SafetensorsIO(unittest.TestCase):
    def test_roundtrip_layout(self):
        t = {"b": np.arange(6, dtype=np.float32).reshape(2, 3), "a": np.array([1, -2, 3], dtype=np.int8),
             "c": np.ones(5, dtype=np.float32)}
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "x.safetensors")
            safetensors_io.write(p, t, {"format": "attnseq"})
            with open(p, "rb") as fh:
                raw = fh.read()
            (n,) = struct.unpack("<Q", raw[:8])
            self.assertEqual((8 + n) % 8, 0)
            header = json.loads(raw[8:8 + n])
            names = [k for k in header if k != "__metadata__"]
            by_offset = sorted(names, key=lambda k: header[k]["data_offsets"][0])
            self.assertEqual(by_offset, ["b", "c", "a"])  # F32 by name, then I8
            safetensors_io.check_layout(header, len(raw) - 8 - n)  # contiguous from 0, no holes
            for k in names:
                if header[k]["dtype"] == "F32":
                    self.assertEqual(header[k]["data_offsets"][0] % 4, 0)
            back, meta = safetensors_io.read(p)
        self.assertEqual(meta, {"format": "attnseq"})
        for k in t:
            np.testing.assert_array_equal(back[k], t[k])

    def test_layout_rules(self):
        h = {"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
             "b": {"dtype": "I8", "shape": [3], "data_offsets": [12, 15]}}
        with self.assertRaisesRegex(ValueError, "b: data starts at 12, expected 8"):
            safetensors_io.check_layout(h, 15)
        h["b"]["data_offsets"] = [8, 11]
        safetensors_io.check_layout(h, 11)
        with self.assertRaisesRegex(ValueError, "ends at 11 but the buffer holds 12"):
            safetensors_io.check_layout(h, 12)

    def test_every_model_file_is_valid_safetensors(self):
        """Shipped and test model files, by the rules of the safetensors reference (its Metadata::validate):
        8-byte-aligned header, data_offsets covering the data buffer from 0 to its end with no holes."""
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        paths = sorted(glob.glob(os.path.join(root, "models", "*.safetensors")) +
                       glob.glob(os.path.join(root, "tests", "data", "models", "*.safetensors")))
        self.assertGreaterEqual(len(paths), 10)
        for p in paths:
            with open(p, "rb") as fh:
                raw = fh.read()
            (n,) = struct.unpack("<Q", raw[:8])
            header = json.loads(raw[8:8 + n])
            with self.subTest(model=os.path.basename(p)):
                self.assertEqual((8 + n) % 8, 0)
                safetensors_io.check_layout(header, len(raw) - 8 - n)

    def test_quantize(self):
        w = np.random.RandomState(0).randn(7, 33).astype(np.float32)
        w[3] = 0.0
        q, s = safetensors_io.quantize_rows(w)
        self.assertEqual(q.dtype, np.int8)
        self.assertEqual(np.abs(q).max(), 127)
        deq = safetensors_io.dequantize({"w": q, "w.scale": s})["w"]
        self.assertTrue(np.all(np.abs(deq - w) <= s[:, None] / 2 + 1e-7))
        np.testing.assert_array_equal(deq[3], 0.0)


@unittest.skipIf(torch is None, "torch / sentencepiece not installed")
class SearchAndFiles(unittest.TestCase):
    def model(self, cfg, seed=0):
        from attnseq_train.init import init_weights
        from attnseq_train.models import build_model
        torch.manual_seed(seed)
        m = init_weights(build_model(cfg))
        with torch.no_grad():  # make outputs peaky so greedy decoding ends before the cap
            m.decoder.out_bias[3] += 2.0
        return m.eval()

    def srcs(self):
        rng = np.random.RandomState(1)
        return [list(rng.randint(4, 40, size=n)) + [3] for n in (3, 9, 1, 6, 12)]

    def test_batching_is_padding_independent(self):
        from attnseq_train.search import beam_search, greedy
        for cfg in (RNN_CFG, TF_CFG, CONV_CFG):
            m, srcs = self.model(cfg), self.srcs()
            self.assertEqual(greedy(m, srcs), [greedy(m, [s])[0] for s in srcs])
            self.assertEqual(beam_search(m, srcs, beam=3), [beam_search(m, [s], beam=3)[0] for s in srcs])

    def test_length_cap(self):
        from attnseq_train.search import beam_search, greedy
        m = self.model(RNN_CFG)
        with torch.no_grad():
            m.decoder.out_bias[3] -= 100.0  # eos never wins
        for out, s in zip(greedy(m, self.srcs()), self.srcs()):
            self.assertEqual(len(out), 2 * len(s) + 10)  # at the cap the output ends without eos
        for out, s in zip(beam_search(m, self.srcs(), beam=2), self.srcs()):
            self.assertLessEqual(len(out), 2 * len(s) + 10)

    def test_length_cap_at_the_position_table(self):
        """A Transformer stops at its max_positions, as the C++ runtime does (2 * 12 + 10 would be 34)."""
        from attnseq_train.search import beam_search, greedy
        m = self.model(dict(TF_CFG, max_positions=20))
        with torch.no_grad():
            m.decoder.out_bias[3] -= 100.0  # eos never wins
        srcs = self.srcs()
        self.assertEqual([len(o) for o in greedy(m, srcs)], [min(2 * len(s) + 10, 20) for s in srcs])
        self.assertLessEqual(max(len(o) for o in beam_search(m, srcs, beam=2)), 20)

    @staticmethod
    def norm_score(m, src, out):
        """Length-normalized log-probability of out + eos given src (alpha = 1)."""
        from attnseq_train.search import pad_batch
        with torch.no_grad():
            st, tok, total = m.encode(*pad_batch([src])), torch.tensor([2]), 0.0
            for t in out + [3]:
                lp, _ = m.step(st, tok)
                total += float(lp[0, t])
                tok = torch.tensor([t])
        return total / (len(out) + 1)

    def test_beam_not_worse_than_greedy(self):
        from attnseq_train.search import beam_search, greedy
        for cfg in (RNN_CFG, TF_CFG):
            m, srcs = self.model(cfg, seed=3), self.srcs()
            for s, g, b in zip(srcs, greedy(m, srcs), beam_search(m, srcs, beam=4)):
                self.assertGreaterEqual(self.norm_score(m, s, b), self.norm_score(m, s, g) - 1e-5)

    def test_conv_weights_stored_window_major(self):
        """A convolution [out, in, kernel] is stored as [out, kernel * in]: W[o, j * in + c] = W_torch[o, c, j]."""
        from attnseq_train import modelfile
        w = np.arange(2 * 3 * 5, dtype=np.float32).reshape(2, 3, 5)  # out 2, in 3, kernel 5
        f = modelfile.file_tensor("encoder.convs.1.weight", w)
        self.assertEqual(f.shape, (2, 15))
        for o, c, j in ((0, 0, 0), (1, 2, 4), (0, 1, 3), (1, 0, 2)):
            self.assertEqual(f[o, j * 3 + c], w[o, c, j])
        np.testing.assert_array_equal(modelfile.torch_tensor("encoder.convs.1.weight", f, {"arch": "conv", "kernel": 5}), w)
        other = w[0]
        self.assertIs(modelfile.file_tensor("encoder.in_proj.weight", other), other)  # other tensors as they are
        self.assertEqual(modelfile.conv_weight_name(3), "encoder.convs.3.weight")

    def test_export_and_load(self):
        from attnseq_train.modelfile import load_model_file
        from attnseq_train.search import greedy
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "train"))
        import export
        with tempfile.TemporaryDirectory() as d:
            rng = np.random.RandomState(0)
            syl = ["ka", "to", "mi", "ru", "se", "no", "pa", "li", "du", "fe", "go", "hu"]
            words = ["".join(rng.choice(syl, rng.randint(1, 4))) for _ in range(60)]
            with open(os.path.join(d, "t.txt"), "w") as f:
                for _ in range(300):
                    f.write(" ".join(rng.choice(words, 5)) + "\n")
            spm.SentencePieceTrainer.train(input=os.path.join(d, "t.txt"), model_prefix=os.path.join(d, "spm"),
                                           vocab_size=40, pad_id=0, unk_id=1, bos_id=2, eos_id=3,
                                           pad_piece="<pad>", minloglevel=2)
            for cfg, int8 in ((RNN_CFG, False), (RNN_CFG, True), (dict(TF_CFG, vocab_tgt=40), True), (CONV_CFG, False),
                              (CONV_CFG, True)):
                m = self.model(dict(cfg, dropout=0.1))
                meta = {"pairs": "/x/eng-fra/pairs.tsv", "pairs_sha256": "0", "src": "en", "tgt": "fr",
                        "joint": True, "counts": {"train": 1}, "src_spm": "spm.model", "tgt_spm": "spm.model"}
                ck = os.path.join(d, "best.pt")
                torch.save({"model": m.state_dict(), "config": dict(cfg, dropout=0.1), "data": d, "meta": meta,
                            "step": 1, "epoch": 0, "elapsed": 60.0, "tokens": 10, "valid_bleu": 1.0}, ck)
                out = os.path.join(d, "m.safetensors")
                export.export(ck, out, int8=int8)
                f, fcfg, fmeta = load_model_file(out)
                self.assertNotIn("dropout", fcfg)
                self.assertEqual(fmeta["format_version"], "2")
                self.assertEqual(fmeta["src_tokenizer"]["pieces"][3][0], "</s>")
                tensors, _ = safetensors_io.read(out)
                # matrices in the file (a convolution's 3-D weight is stored as one, window-major)
                n2d = [k for k, v in m.state_dict().items() if v.dim() == 2 or k.startswith("encoder.convs.") and v.dim() == 3]
                for k in n2d:
                    self.assertEqual(tensors[k].dtype, np.int8 if int8 else np.float32)
                    self.assertEqual(k + ".scale" in tensors, int8)
                tokenizer_tensors = {"src_tokenizer.normalizer.precompiled_charsmap", "src_tokenizer.scores"}
                if fmeta["tgt_tokenizer"] is not fmeta["src_tokenizer"]:  # its own vocabulary: its own tables
                    tokenizer_tensors |= {"tgt_tokenizer.normalizer.precompiled_charsmap", "tgt_tokenizer.scores"}
                self.assertEqual(tensors["src_tokenizer.scores"].dtype, np.float32)
                self.assertEqual(tensors["src_tokenizer.normalizer.precompiled_charsmap"].dtype, np.uint8)
                self.assertEqual(set(k for k in tensors if not k.endswith(".scale")), set(m.state_dict()) | tokenizer_tensors)
                if cfg["arch"] == "conv":
                    self.assertEqual(fcfg["kernel"], 3)
                    w = m.state_dict()["encoder.convs.0.weight"].numpy()  # [2H, H, k]
                    self.assertEqual(tensors["encoder.convs.0.weight"].shape, (48, 72))
                    if not int8:
                        np.testing.assert_array_equal(tensors["encoder.convs.0.weight"][5, 2 * 24 + 7], w[5, 7, 2])
                if not int8:
                    self.assertEqual(greedy(f, self.srcs()), greedy(m, self.srcs()))
                else:  # train/dequantize.py: the same values as F32
                    import dequantize
                    f32 = os.path.join(d, "m.f32.safetensors")
                    dequantize.dequantize_file(out, f32)
                    ft, fm = safetensors_io.read(f32)
                    self.assertEqual(set(ft), set(m.state_dict()) | tokenizer_tensors)
                    for k in n2d:
                        self.assertEqual(ft[k].dtype, np.float32)
                        np.testing.assert_array_equal(ft[k], tensors[k].astype(np.float32) * tensors[k + ".scale"][:, None])
                    self.assertTrue(json.loads(fm["training"])["quantization"].startswith("none (dequantized"))
                    g, _, _ = load_model_file(f32)
                    self.assertEqual(greedy(g, self.srcs()), greedy(f, self.srcs()))


if __name__ == "__main__":
    unittest.main()
