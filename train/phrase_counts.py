#!/usr/bin/env python3
"""How often phrases occur in a prepared data set's training split (after the check-sentence filter).

    /usr/bin/python3 train/phrase_counts.py --data work/data/en-zh-xf --side src "thank you very much" "because it was"
    /usr/bin/python3 train/phrase_counts.py --data work/data/en-fr --side tgt "la banane" --show 3
    /usr/bin/python3 train/phrase_counts.py --data work/data/fr-en --check-sentences [--json OUT]

Counts the training pairs whose source (--side src) or target (--side tgt) text, decoded from the
prepared ids with the data's own SentencePiece models and lowercased, contains each phrase as whole
words ("how are you" does not count "How are your parents?"; a phrase's Chinese ends match anywhere). This is
what a model trained on the directory saw: docs/training.md uses it to say why check sentences come
out wrong (a construction the training split holds a handful of times, or never).

--check-sentences: for every item of train/sets/check_sentences.json in the data's direction, the
training pairs whose source is the check sentence (case and final spaces aside), whose source holds it
(a joined pair, a longer sentence) and whose source and target are the sentence and one of its accepted
translations (issue 29: the hold-out rule now lets a model learn them; the test, valid and long splits
never are).
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


def norm(text):
    return " ".join(text.lower().split())


def check_counts(data, items):
    """One row per check item of the data's direction: {src, exact, within, pair} counts in train."""
    meta = json.load(open(os.path.join(data, "meta.json"), encoding="utf-8"))
    src, tgt = meta["src"], meta["tgt"]
    srcs = [norm(t) for t in texts(data, "src")]
    tgts = [norm(t) for t in texts(data, "tgt")]
    rows = []
    for it in items:
        if src not in it["src"] or tgt not in it.get("accept", {}):
            continue
        s = norm(it["src"][src])
        accepted = {norm(a) for a in it["accept"][tgt]}
        exact = [i for i, r in enumerate(srcs) if r == s]
        within = sum(1 for r in srcs if s in r)
        rows.append({"src": it["src"][src], "exact": len(exact), "within": within,
                     "pair": sum(1 for i in exact if tgts[i] in accepted)})
    return {"data": data, "src": src, "tgt": tgt, "train_pairs": len(srcs), "items": rows}


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
    ap.add_argument("--check-sentences", action="store_true",
                    help="count the check sentences of train/sets/check_sentences.json in the data's direction")
    ap.add_argument("--json", help="with --check-sentences: also write the counts here")
    ap.add_argument("phrases", nargs="*")
    a = ap.parse_args(argv)
    if not os.path.exists(os.path.join(a.data, "meta.json")):
        raise SystemExit(f"{a.data}: no meta.json: prepare the data first (train/prepare.py)")
    if a.check_sentences:
        here = os.path.dirname(os.path.abspath(__file__))
        items = json.load(open(os.path.join(here, "sets", "check_sentences.json"), encoding="utf-8"))["items"]
        r = check_counts(a.data, items)
        print(f"{a.data} ({r['src']}→{r['tgt']}): {r['train_pairs']} training pairs; per check sentence: "
              "pairs with it as source / holding it / with an accepted translation")
        for row in r["items"]:
            print(f"{row['exact']:6d} {row['within']:6d} {row['pair']:6d}  {row['src']}")
        if a.json:
            with open(a.json, "w", encoding="utf-8") as f:
                json.dump(r, f, ensure_ascii=False, indent=1)
        return 0
    if not a.phrases:
        ap.error("give phrases to count, or --check-sentences")
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
