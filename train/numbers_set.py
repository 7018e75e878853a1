#!/usr/bin/env python3
"""Write the numbers set (numbers.json) into a data directory (issue 29: numbers are copied).

    /usr/bin/python3 train/numbers_set.py --data work/data/fr-en

The set: every test, valid and long pair whose source and target carry the same digit runs, as it is
and in 3 renumbered copies (attnseq_train/augment.number_rows: each run replaced by another number, the
same on both sides, seeded), plus the hand-written sentences of train/sets/numbers.json in the data's two
languages. None of these pairs is trained on (the renumbered ones are copies of never-trained pairs).
train/evaluate.py --split numbers reports BLEU and the share of translations that copy the numbers.
"""
import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train.augment import number_rows  # noqa: E402
from attnseq_train.numbers import digit_runs  # noqa: E402
from attnseq_train.textnorm import normalize_target  # noqa: E402
from prepare import group_refs, never_trained  # noqa: E402

HAND = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sets", "numbers.json")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True)
    ap.add_argument("--copies", type=int, default=3)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    meta, _, held = never_trained(a.data)
    with_digits = [r for r in held if digit_runs(r[2]) and digit_runs(r[2]) == digit_runs(r[3])]
    renumbered = number_rows(with_digits, a.copies, np.random.default_rng(a.seed))
    with open(HAND, encoding="utf-8") as f:
        hand = json.load(f)["rows"]
    src, tgt = meta["src"], meta["tgt"]
    hand_rows = [("hand", h["en"], h[src], normalize_target(h[tgt], tgt), h[tgt]) for h in hand]
    groups = group_refs(with_digits + renumbered + hand_rows, src)
    with open(os.path.join(a.data, "numbers.json"), "w", encoding="utf-8") as f:
        json.dump(groups, f, ensure_ascii=False, indent=0)
    print(json.dumps({"data": a.data, "groups": len(groups), "corpus_pairs": len(with_digits),
                      "renumbered": len(renumbered), "hand": len(hand_rows)}))


if __name__ == "__main__":
    main()
