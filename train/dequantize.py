#!/usr/bin/env python3
"""An F32 model file from an I8 one: the same weights, each int8 row times its scale.

    /usr/bin/python3 train/dequantize.py models/en-fr-transformer.i8.safetensors OUT.safetensors

For measuring and testing on a machine without the training checkpoint (the repository ships the I8
files): the F32 file holds exactly the values the I8 runtime multiplies with, so F32 contenders
(PyTorch, ONNX, attnseq's F32 path) compare on the shipped model.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train import safetensors_io  # noqa: E402


def dequantize_file(src, out):
    tensors, meta = safetensors_io.read(src)
    if not any(k.endswith(".scale") for k in tensors):
        raise SystemExit(f"dequantize: {src} has no I8 tensors (no NAME.scale): it is F32 already")
    meta = dict(meta)
    training = json.loads(meta.get("training", "{}"))
    training["quantization"] = f"none (dequantized from {os.path.basename(src)}, int8-per-row)"
    meta["training"] = json.dumps(training)
    tmp = out + ".tmp"
    safetensors_io.write(tmp, safetensors_io.dequantize(tensors), meta)
    os.replace(tmp, out)
    return os.path.getsize(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("src")
    ap.add_argument("out")
    a = ap.parse_args()
    print(f"{a.out}: {dequantize_file(a.src, a.out)} bytes")


if __name__ == "__main__":
    main()
