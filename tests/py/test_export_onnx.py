"""train/export_onnx.py: the ONNX encoder + decoder-step graphs, run by onnxruntime-web in Node
(bench/compare/onnx_check.mjs), must reproduce the PyTorch reference model step by step: the same
logits at every greedy step (to float rounding) and the same greedy output, for the tiny test
Transformers (separate and shared embeddings). Skipped when node or the npm package onnxruntime-web
(a devDependency, `npm ci`) is missing: there is no Python onnxruntime on Debian."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "train"))

import torch  # noqa: E402

from attnseq_train.modelfile import load_model_file  # noqa: E402
from attnseq_train.models import BOS, EOS  # noqa: E402

NODE = shutil.which("node")
ORT = os.path.join(ROOT, "node_modules", "onnxruntime-web", "package.json")
CHECK = os.path.join(ROOT, "bench", "compare", "onnx_check.mjs")
MODELS = os.path.join(ROOT, "tests", "data", "models")


@torch.no_grad()
def reference(model, src, max_positions):
    """Greedy with the reference model: (ids without </s>, logits of every step)."""
    state = model.encode(torch.tensor([src]))
    tok, ids, logits = BOS, [], []
    for _ in range(min(2 * len(src) + 10, max_positions)):
        lg, _ = model.decode(state, torch.tensor([[tok]]))
        logits.append(lg[0, 0])
        tok = int(lg[0, 0].argmax())
        if tok == EOS:
            break
        ids.append(tok)
    return ids, logits


@unittest.skipIf(NODE is None or not os.path.exists(ORT), "needs node and the npm package onnxruntime-web (npm ci)")
class ExportOnnxTest(unittest.TestCase):
    def check(self, name, sources):
        from export_onnx import export
        with tempfile.TemporaryDirectory() as tmp:
            prefix = os.path.join(tmp, name)
            path = os.path.join(MODELS, name + ".safetensors")
            info = export(path, prefix)
            self.assertEqual(info["vocab_tgt"], load_model_file(path)[1]["vocab_tgt"])
            p = subprocess.run([NODE, CHECK, prefix, json.dumps(sources)], capture_output=True, text=True, cwd=ROOT)
            self.assertEqual(p.returncode, 0, p.stderr)
            got = json.loads(p.stdout)
        model, cfg, _ = load_model_file(path)
        for src, g in zip(sources, got):
            ids, logits = reference(model, src, cfg["max_positions"])
            self.assertEqual(g["ids"], ids, f"greedy output for source {src}")
            self.assertEqual(len(g["logits"]), len(logits))
            for t, (a, b) in enumerate(zip(g["logits"], logits)):
                diff = (torch.tensor(a) - b).abs().max().item()
                self.assertLess(diff, 1e-4, f"source {src}, step {t}: logits differ by {diff}")

    def test_transformer(self):
        self.check("tiny-transformer", [[5, 6, 7, 3], [40, 41, 42, 43, 44, 45, 46, 47, 48, 3], [3]])

    def test_transformer_shared_embeddings(self):
        self.check("tiny-transformer-shared", [[12, 80, 9, 3], [100, 3]])


if __name__ == "__main__":
    unittest.main()
