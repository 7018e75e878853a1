#!/usr/bin/env python3
"""How often phrases occur in a prepared data set's training split (after the check-sentence filter).

    /usr/bin/python3 train/phrase_counts.py --data work/data/en-zh-xf --side src "thank you very much" "because it was"
    /usr/bin/python3 train/phrase_counts.py --data work/data/en-fr --side tgt "la banane" --show 3

Counts the training pairs whose source (--side src) or target (--side tgt) text, decoded from the
prepared ids with the data's own SentencePiece models and lowercased, contains each phrase as whole
words ("how are you" does not count "How are your parents?"; a phrase's Chinese ends match anywhere). This is
what a model trained on the directory saw: docs/training.md uses it to say why check sentences come
out wrong (a construction the training split holds a handful of times, or never).
"""
import argparse
import json
import os
import pickle
import re
import sys

import sentencepiece as spm


def texts(data, side):
    meta = json.load(open(os.path.join(data, "meta.json"), encoding="utf-8"))
    model = spm.SentencePieceProcessor(model_file=os.path.join(data, meta[f"{side}_spm"]))
    ids = pickle.load(open(os.path.join(data, "train.pkl"), "rb"))[side]
    reserved = 4  # <pad> <unk> <s> </s> (train/prepare.py), and user-defined tags are kept as text
    return [model.decode([int(i) for i in row if int(i) >= reserved]) for row in ids]


def phrase_pattern(phrase):
    """The phrase as a regex, lowercased, with a word boundary at each end that is a Latin letter or digit."""
    p = phrase.lower()
    edge = "[a-z0-9àâçéèêëîïôûùüÿœæ]"
    head = f"(?<!{edge})" if re.match(edge, p) else ""
    tail = f"(?!{edge})" if re.match(edge, p[-1:]) else ""
    return re.compile(head + re.escape(p) + tail)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True, help="a directory written by train/prepare.py")
    ap.add_argument("--side", choices=["src", "tgt"], default="src")
    ap.add_argument("--show", type=int, default=0, help="print up to N matching training texts per phrase")
    ap.add_argument("phrases", nargs="+")
    a = ap.parse_args(argv)
    if not os.path.exists(os.path.join(a.data, "meta.json")):
        raise SystemExit(f"{a.data}: no meta.json: prepare the data first (train/prepare.py)")
    rows = texts(a.data, a.side)
    low = [r.lower() for r in rows]
    print(f"{a.data} {a.side}: {len(rows)} training pairs")
    for p in a.phrases:
        pat = phrase_pattern(p)
        hits = [i for i, r in enumerate(low) if pat.search(r)]
        print(f"{len(hits):7d}  {p}")
        for i in hits[: a.show]:
            print(f"         {rows[i]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
