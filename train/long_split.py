#!/usr/bin/env python3
"""Write the long split (long.json) into a data directory prepared before the split existed.

    /usr/bin/python3 train/long_split.py --data work/data/en-fr

The long split (issue 29): pairs whose English has 12-30 words with a number, a month or weekday, or a
name or place (attnseq_train/augment.long_named). prepare.py reserves a third of them from training
(--reserve-long, the default since issue 29) and adds the test and valid pairs that meet the criterion.
A directory prepared with --no-reserve-long (the runs before) trained on the reserved third: this
script writes the same sentences, and says how many of them that directory's models trained on, so
their long-split figures can be read as what they are.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from prepare import group_refs, long_rows_of, read_pairs  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True)
    a = ap.parse_args()
    with open(os.path.join(a.data, "meta.json")) as f:
        meta = json.load(f)
    reserved = meta.get("reserve_long", False)
    rows = read_pairs(meta["pairs"], meta["src"], meta["tgt"], reserve_long=reserved)
    if meta.get("limit"):
        rows = rows[::meta["limit"]]
    long_rows = long_rows_of(rows, reserved)
    groups = group_refs(long_rows, meta["src"])
    trained = 0 if reserved else sum(1 for r in long_rows if r[0] == "train")
    with open(os.path.join(a.data, "long.json"), "w", encoding="utf-8") as f:
        json.dump(groups, f, ensure_ascii=False, indent=0)
    print(json.dumps({"data": a.data, "long_groups": len(groups), "long_pairs": len(long_rows),
                      "pairs_in_training": trained,
                      "clean_pairs": len(long_rows) - trained}))


if __name__ == "__main__":
    main()
