#!/usr/bin/env python3
"""Put the names a model's language pair translates (attnseq_train/names_table.py; the engine's name guard
leaves them to the model: cpp/attnseq/decode/name_guard.h) into model files already made. train/export.py
puts them into every file it exports.

    /usr/bin/python3 train/names_table.py models/fr-en-transformer.i8.safetensors ...

The source and target languages are the file's own ("training" metadata, data.src and data.tgt). The
metadata entry "names" is set and the tensors are written back unchanged (then run
node scripts/manifest_sha256.mjs).
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train import safetensors_io  # noqa: E402
from attnseq_train.names_table import METADATA_KEY, table_json, translated_names  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    for path in a.files:
        tensors, meta = safetensors_io.read(path)
        data = json.loads(meta.get("training", "{}")).get("data", {})
        if "src" not in data or "tgt" not in data:
            raise SystemExit(f"{path}: its metadata does not say its languages (training.data.src/tgt)")
        words = translated_names(data["src"], data["tgt"])
        meta[METADATA_KEY] = table_json(words)
        tmp = path + ".tmp"
        safetensors_io.write(tmp, tensors, meta)
        os.replace(tmp, path)
        print(f"names_table: {data['src']} -> {data['tgt']}: {len(words)} words -> {path}")


if __name__ == "__main__":
    main()
