#!/usr/bin/env python3
"""Write the plain-input set (plain.json) into a data directory (issue 29: the sentences of the attention
tutorials, as their preprocessing writes them).

    /usr/bin/python3 train/plain_set.py --data work/data/fr-en

The set: every pair of the test split, its source rewritten in the style of the best-known tutorial
that uses the source language (attnseq_train/plain_text.STYLE_OF_SET: French and German as PyTorch's
tutorial writes them, "c est un jeune directeur plein de talent ."; Spanish as TensorFlow's,
"¿ todavia estan en casa ?"; English as d2l's, "i'm home ."), the references as they are. A Chinese
source gets no set. train/evaluate.py --split plain reports its BLEU; against the test split's, it
says what the model loses on such input.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train.plain_text import STYLE_OF_SET, restyle  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True)
    a = ap.parse_args()
    with open(os.path.join(a.data, "meta.json"), encoding="utf-8") as f:
        src = json.load(f)["src"]
    if src not in STYLE_OF_SET:
        print(f"plain_set: no tutorial preprocesses {src} sources; no plain.json")
        return
    with open(os.path.join(a.data, "test.json"), encoding="utf-8") as f:
        groups = json.load(f)
    style = STYLE_OF_SET[src]
    out = [dict(g, src=restyle(g["src"], style)) for g in groups]
    with open(os.path.join(a.data, "plain.json"), "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=0)
    changed = sum(1 for g, o in zip(groups, out) if g["src"] != o["src"])
    print(f"plain_set: {len(out)} test pairs, {changed} of their sources rewritten ({style} style) -> "
          f"{os.path.join(a.data, 'plain.json')}")


if __name__ == "__main__":
    main()
