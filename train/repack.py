#!/usr/bin/env python3
"""Rewrite a model file in the canonical layout (attnseq_train/safetensors_io.py: F32 tensors, then I8,
contiguous, the header space-padded), keeping every tensor's bytes and the metadata unchanged.

    /usr/bin/python3 train/repack.py models/en-fr-gru-attn.i8.safetensors [--out OUT]

For files written before the writer stopped aligning tensors with gaps, which the safetensors
reference refuses (InvalidOffset).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train import safetensors_io  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("model")
    ap.add_argument("--out")
    a = ap.parse_args()
    tensors, meta = safetensors_io.read(a.model)
    out = a.out or a.model
    tmp = out + ".tmp"
    safetensors_io.write(tmp, tensors, meta)
    again, meta2 = safetensors_io.read(tmp)
    if meta2 != meta or again.keys() != tensors.keys() or any(
            again[k].tobytes() != tensors[k].tobytes() or again[k].shape != tensors[k].shape for k in tensors):
        os.remove(tmp)
        raise SystemExit("repack changed the content (bug): nothing written")
    os.replace(tmp, out)
    print(f"{out}: {os.path.getsize(a.model) if out != a.model else os.path.getsize(out)} bytes, {len(tensors)} tensors")


if __name__ == "__main__":
    main()
