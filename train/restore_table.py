#!/usr/bin/env python3
"""Make a model's input restoration table (attnseq_train/restore.py; the engine applies it: cpp/attnseq/
text/restore.h), from the training sentences of its data directory, and put it in model files.

    /usr/bin/python3 train/restore_table.py --data work/data/fr-en [--into models/fr-en-transformer.i8.safetensors ...]

Reads the source side of the pairs file the directory was prepared from (meta.json "pairs"), leaves out
every source of the directory's held-out sets (test, valid, long, names, numbers, plain: none of them
feeds the table), and writes DIR/restore.json, which train/export.py puts into the files it exports
from a checkpoint of that directory. --into writes it into model files already made: the metadata
entry "restore" is set, the tensors are written back unchanged (then run node scripts/manifest_sha256.mjs).
A Chinese source gets no table.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train import safetensors_io  # noqa: E402
from attnseq_train.restore import METADATA_KEY, build_table, table_json  # noqa: E402

HELD_OUT = ("test", "valid", "long", "names", "numbers", "plain")


def training_sources(data):
    with open(os.path.join(data, "meta.json"), encoding="utf-8") as f:
        meta = json.load(f)
    held = set()
    for split in HELD_OUT:
        p = os.path.join(data, split + ".json")
        if os.path.exists(p):
            with open(p, encoding="utf-8") as f:
                held.update(g["src"] for g in json.load(f))
    column = 0 if meta["src"] == "en" else 1  # Tatoeba's pairs: English first
    out = []
    with open(meta["pairs"], encoding="utf-8") as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) > column and cols[column] not in held:
                out.append(cols[column])
    return meta, out, len(held)


def put_into(path, value):
    tensors, meta = safetensors_io.read(path)
    meta[METADATA_KEY] = value
    tmp = path + ".tmp"
    safetensors_io.write(tmp, tensors, meta)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True)
    ap.add_argument("--into", nargs="*", default=[], help="model files to write the table into")
    a = ap.parse_args()
    meta, sources, held = training_sources(a.data)
    if meta["src"] == "zh":
        print("restore_table: Chinese sources have no accents or capitals to restore; no table")
        return
    table = build_table(sources)
    value = table_json(table)
    out = os.path.join(a.data, "restore.json")
    with open(out, "w", encoding="utf-8") as f:
        f.write(value + "\n")
    print(f"restore_table: {len(sources)} training sources ({held} held-out sources left out) -> {len(table)} "
          f"entries, {len(value.encode('utf-8'))} bytes -> {out}")
    for path in a.into:
        put_into(path, value)
        print(f"restore_table: wrote the table into {path}")


if __name__ == "__main__":
    main()
