#!/usr/bin/env python3
"""Translate the check sentences (train/sets/check_sentences.json) with every shipped model and say
which come out as a bilingual reader accepts (issue 29: every check sentence of every direction right).

    /usr/bin/python3 train/check_sentences.py [--cli build/native/attnseq] [--models models] [--only ID ...]
        [--model-file ID=PATH ...] [--json OUT]

Each model of models/manifest.json (or --model-file ID=PATH, for a candidate not yet shipped: its src
and tgt are the catalogue entry's of that id, or read from --pair src-tgt) translates, with the C++
engine's default decoding, every item that has a source in its source language and accepted
translations in its target language. An output is right when it equals an accepted translation after
NFKC, whitespace and the space before French ? ! : ; are set aside. Exit status 1 when any is wrong.
"""
import argparse
import functools
import json
import os
import re
import subprocess
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SET = os.path.join(ROOT, "train", "sets", "check_sentences.json")


@functools.lru_cache(maxsize=1)
def load_items():
    """The check sentences' items (read once per process: train/report.py asks for every model)."""
    with open(SET, encoding="utf-8") as f:
        return json.load(f)["items"]


def canon(text):
    text = unicodedata.normalize("NFKC", text).replace("’", "'")
    text = re.sub(r"\s+([?!:;])", r"\1", text)
    return re.sub(r"\s+", " ", text).strip()


def items_for(items, src, tgt):
    return [(it["src"][src], it["accept"][tgt], it.get("from", "")) for it in items
            if src in it["src"] and tgt in it.get("accept", {})]


def translate(cli, model, sources):
    r = subprocess.run([cli, "--model", model], input="\n".join(sources) + "\n", capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"{cli} --model {model} failed: {r.stderr[-400:]}")
    return r.stdout.split("\n")[:len(sources)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "native", "attnseq"))
    ap.add_argument("--models", default=os.path.join(ROOT, "models"))
    ap.add_argument("--only", nargs="*", help="catalogue ids to check (default: all)")
    ap.add_argument("--model-file", action="append", default=[], help="ID=PATH: check PATH as that model")
    ap.add_argument("--pair", help="src-tgt of --model-file ids not in the catalogue")
    ap.add_argument("--json", help="write every output and verdict here")
    a = ap.parse_args()
    items = load_items()
    with open(os.path.join(a.models, "manifest.json"), encoding="utf-8") as f:
        catalogue = {m["id"]: m for m in json.load(f)["models"]}
    runs = []
    overrides = dict(x.split("=", 1) for x in a.model_file)
    for mid, m in catalogue.items():
        if (a.only and mid not in a.only) or (overrides and mid not in overrides):
            continue
        runs.append((mid, m["src"], m["tgt"], overrides.get(mid, os.path.join(a.models, m["file"]))))
    for mid, path in overrides.items():
        if mid not in catalogue:
            if not a.pair:
                raise SystemExit(f"{mid} is not in the catalogue: give --pair src-tgt")
            src, tgt = a.pair.split("-")
            runs.append((mid, src, tgt, path))
    report, wrong, total = [], 0, 0
    for mid, src, tgt, path in runs:
        todo = items_for(items, src, tgt)
        if not todo:
            continue
        outs = translate(a.cli, path, [s for s, _, _ in todo])
        right = 0
        print(f"\n{mid} ({src} -> {tgt})")
        for (s, accept, origin), out in zip(todo, outs):
            ok = canon(out) in {canon(x) for x in accept}
            right += ok
            report.append({"model": mid, "src": s, "output": out, "right": ok, "accept": accept, "from": origin})
            print(f"  {'ok ' if ok else 'NO '} {s}  ->  {out}")
        print(f"  {right} of {len(todo)} right")
        wrong += len(todo) - right
        total += len(todo)
    print(f"\n{total - wrong} of {total} right")
    if a.json:
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(report, f, ensure_ascii=False, indent=1)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
