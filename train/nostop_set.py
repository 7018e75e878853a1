#!/usr/bin/env python3
"""Write the no-final-stop set (nostop.json) into a data directory (issue 29: the sentences people bring;
people type a sentence without its full stop, and every training sentence ends in one).

    /usr/bin/python3 train/nostop_set.py --data work/data/fr-en

The set: every pair of the test split whose source ends in a sentence-final mark (. ! ? … 。！？, also
before closing quotes), that mark and the spaces before it taken away; the references as they are.
train/evaluate.py --split nostop reports its BLEU and the outputs that repeat themselves; against the test
split's, it says what the model loses on such input (the engine's restoration gives the sentence its stop
back: cpp/attnseq/text/restore.h complete_final_stop).
"""
import argparse
import json
import os
import re

# a final mark (and the spaces before it), optionally followed by closing quotes and brackets
_FINAL = re.compile(r"\s*[.!?\u2026\u3002\uff01\uff1f]+(?=[\s\"'\u00bb\u2019\u201d\u300d\u300f)\]]*$)")


def without_stop(src):
    """-> the source without its final stop, or None when it ends in none."""
    m = _FINAL.search(src)
    if not m:
        return None
    out = (src[:m.start()] + src[m.end():]).rstrip()
    return out or None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True)
    a = ap.parse_args()
    with open(os.path.join(a.data, "test.json"), encoding="utf-8") as f:
        groups = json.load(f)
    out = [dict(g, src=s) for g in groups if (s := without_stop(g["src"]))]
    with open(os.path.join(a.data, "nostop.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=0)
    print(f"nostop_set: {len(out)} of {len(groups)} test pairs, their final stop taken away -> "
          f"{os.path.join(a.data, 'nostop.json')}")


if __name__ == "__main__":
    main()
