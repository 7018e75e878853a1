#!/usr/bin/env python3
"""Rewrite format-1 attnseq model files as format 2 (docs/model-format.md): each tokenizer's charsmap
moves from base64 in its JSON metadata to the U8 tensor KEY.normalizer.precompiled_charsmap. The model's
tensors (their bytes) and every other metadata field stay as they are, so its translations do too.

    /usr/bin/python3 train/upgrade_model.py models/*.safetensors

Checks before replacing a file that reading the new one back as format 1 gives exactly the old one.
Files already at format 2 are left alone.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train import modelfile, safetensors_io  # noqa: E402


def same(a, b):
    return a[1] == b[1] and a[0].keys() == b[0].keys() and all(
        a[0][k].dtype == b[0][k].dtype and a[0][k].shape == b[0][k].shape and a[0][k].tobytes() == b[0][k].tobytes()
        for k in a[0])


def upgrade(path):
    tensors, meta = safetensors_io.read(path)
    if meta.get("format") != "attnseq":
        raise SystemExit(f"{path}: not an attnseq model file")
    if meta.get("format_version") != "1":
        return f"{path}: format_version {meta.get('format_version')}, left alone"
    tmp = path + ".tmp"
    safetensors_io.write(tmp, *modelfile.to_format2(tensors, meta))
    if not same(modelfile.read_format1(tmp), (tensors, meta)):
        os.remove(tmp)
        raise SystemExit(f"{path}: the format-2 file does not read back as the original (bug): nothing written")
    before = os.path.getsize(path)
    os.replace(tmp, path)
    return f"{path}: format 2, {before} -> {os.path.getsize(path)} bytes"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+")
    for p in ap.parse_args().files:
        print(upgrade(p))


if __name__ == "__main__":
    main()
