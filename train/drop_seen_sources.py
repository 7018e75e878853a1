#!/usr/bin/env python3
"""Removes, in place, the training rows of a prepared data directory whose source is also a valid, test or
long source (attnseq_train/seen.py): what `prepare.py --drop-seen-sources` does, for a directory prepared
before that option (its vocabulary, augmentation and other rows stay as they are, so a run in progress
resumes on it).
    /usr/bin/python3 train/drop_seen_sources.py work/data/fr-en [--dry-run]
"""
import argparse
import json
import os
import pickle
import sys

import sentencepiece as spm

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train.seen import drop_seen, held_keys  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data")
    ap.add_argument("--dry-run", action="store_true", help="count, write nothing")
    a = ap.parse_args()
    meta_path = os.path.join(a.data, "meta.json")
    with open(meta_path, encoding="utf-8") as f:
        meta = json.load(f)
    sp_src = spm.SentencePieceProcessor(model_file=os.path.join(a.data, meta["src_spm"]))
    texts = []
    for split in ("valid", "test", "long"):
        path = os.path.join(a.data, split + ".json")
        if split == "long" and not meta.get("reserve_long"):
            continue  # without the reservation the long sentences are trained on by design
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                texts += [g["src"] for g in json.load(f)]
    with open(os.path.join(a.data, "train.pkl"), "rb") as f:
        data = pickle.load(f)
    before = len(data["src"])
    n = drop_seen(data, held_keys(sp_src, texts))
    print(f"{a.data}: {n} of {before} training rows have a valid, test or long source" + (" (dry run)" if a.dry_run else ": dropped"))
    if a.dry_run or not n:
        return
    with open(os.path.join(a.data, "train.pkl.tmp"), "wb") as f:
        pickle.dump(data, f, protocol=4)
    os.replace(os.path.join(a.data, "train.pkl.tmp"), os.path.join(a.data, "train.pkl"))
    meta["dropped_seen_sources"] = meta.get("dropped_seen_sources", 0) + n
    meta["counts"]["train"] = len(data["src"])
    with open(meta_path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=1)
    os.replace(meta_path + ".tmp", meta_path)


if __name__ == "__main__":
    main()
