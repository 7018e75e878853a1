#!/usr/bin/env python3
"""Write the names set (names.json) into a data directory (issue 29: names are copied, accents included).

    /usr/bin/python3 train/names_set.py --data work/data/es-en

The set: every test, valid and long pair (test and valid only for data prepared without the long split's
reservation) whose every text names Tatoeba's stock characters (Tom, Mary, John, Alice) the same number of
times, in `--copies` copies, each with the stock names replaced by names of
train/sets/held_names.json (José, Hélène, Jürgen, Priya, ...; the same on every side, seeded:
attnseq_train/augment.name_rows). No training pair holds those names (checked here against the
direction's copied-name pool and train/sets/scowl_names.json; the few training pairs that name one anyway,
on either side, are counted in the output), and none of the pairs is trained on.
train/evaluate.py --split names reports BLEU and the share of translations that write every name of the
source letter for letter.
"""
import argparse
import json
import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train.augment import copied_names, name_rows  # noqa: E402
from prepare import group_refs, never_trained  # noqa: E402

SETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sets")


def held_names():
    with open(os.path.join(SETS, "held_names.json"), encoding="utf-8") as f:
        return json.load(f)["names"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True)
    ap.add_argument("--copies", type=int, default=2)
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args()
    meta, rows, held = never_trained(a.data)
    names = held_names()
    with open(os.path.join(SETS, "scowl_names.json"), encoding="utf-8") as f:
        scowl = json.load(f)
    trained = set(copied_names([r for r in rows if r[0] == "train"])) | set(scowl["names"]) | set(scowl["plain"])
    if trained & set(names):
        raise SystemExit(f"held_names.json names trained on: {sorted(trained & set(names))}")
    # `copies` rows of every pair that names the stock characters (name_rows keeps a pair only when its
    # texts name them alike), each with names of its own
    rng = np.random.default_rng(a.seed)
    out = []
    for r in held:
        out += name_rows([r], float(a.copies), rng, names)
    candidates = len(out) // a.copies
    groups = group_refs([("names",) + r[1:] for r in out], meta["src"])
    with open(os.path.join(a.data, "names.json"), "w", encoding="utf-8") as f:
        json.dump(groups, f, ensure_ascii=False, indent=0)
    # the corpora name a few of them ("José" in two pairs of eng-spa): how many training pairs, on any side
    in_training = {n: c for n in names
                   if (c := sum(1 for r in rows if r[0] == "train"
                                and any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", t) for t in r[1:])))}
    print(json.dumps({"data": a.data, "groups": len(groups), "rows": len(out), "held_pairs": candidates,
                      "training_pairs_naming_them": in_training}, ensure_ascii=False))


if __name__ == "__main__":
    main()
