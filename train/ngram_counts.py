#!/usr/bin/env python3
"""A pruned word N-gram count table of English, for the tutorial's "prediction from the words before"
(the Markov assumption: the next word depends only on the N-1 words before it).

    /usr/bin/python3 train/ngram_counts.py --pairs /work/shared/data/tatoeba/eng-fra/pairs.tsv \
        /work/shared/data/tatoeba/eng-cmn/pairs.tsv --out web/data/ngram-en.json

Reads the English side of Tatoeba pairs files and keeps only the training split
(attnseq_train.textnorm.split_of: never a test, valid or reserved-long sentence) minus the check
sentences and their close variants (train/heldout.json), as train/prepare.py does for the models;
each distinct English sentence (english_key) is counted once. Words: runs of letters, digits and
apostrophes, and each other non-space character alone ("You're late." -> You're | late | .), with
`<s>` before a sentence and `</s>` after it. For every context of 1 and 2 words (bigram and trigram
contexts) seen at least --min-context times, the table keeps its total count and its --top most frequent
next words with their counts (a next word seen fewer than --min-count times is left out), so that the
probabilities it shows, count / total, are the exact maximum-likelihood estimates of the full counts.
No sentence is stored: only counts of words after contexts. The file must stay well under 1 MB.
"""
import argparse
import collections
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train.heldout import HeldOut  # noqa: E402
from attnseq_train.textnorm import english_key, split_of  # noqa: E402

WORD = re.compile(r"[\w']+|[^\w\s]", re.UNICODE)


def words(sentence):
    return ["<s>", *WORD.findall(sentence), "</s>"]


def training_english(paths):
    """The distinct English sentences of the training split of every pairs file."""
    heldout, seen, out = HeldOut(), set(), []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                english = line.split("\t", 1)[0].strip()
                key = english_key(english)
                if not english or key in seen:
                    continue
                seen.add(key)
                if split_of(english, reserve_long=True) != "train" or heldout.variant_of(english, "en"):
                    continue
                out.append(english)
    return out


def count(sentences, n_max):
    """{context tuple (1..n_max-1 words): Counter of next words}."""
    follow = collections.defaultdict(collections.Counter)
    for s in sentences:
        w = words(s)
        for i in range(1, len(w)):
            for n in range(1, n_max):
                if i - n < 0:
                    break
                follow[tuple(w[i - n:i])][w[i]] += 1
    return follow


def table(follow, top, min_context, min_count):
    out = {}
    for ctx, nxt in follow.items():
        total = sum(nxt.values())
        if total < min_context:
            continue
        kept = [[w, c] for w, c in nxt.most_common(top) if c >= min_count]
        if kept:
            out[" ".join(ctx)] = [total, kept]
    return dict(sorted(out.items()))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", nargs="+", required=True, help="Tatoeba pairs.tsv files (English first column)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--order", type=int, default=3, help="N: contexts of up to N-1 words (default 3: trigrams)")
    ap.add_argument("--top", type=int, default=5, help="next words kept per context")
    ap.add_argument("--min-context", type=int, default=30, help="contexts seen fewer times are left out")
    ap.add_argument("--min-count", type=int, default=2, help="next words seen fewer times are left out")
    a = ap.parse_args()
    sentences = training_english(a.pairs)
    follow = count(sentences, a.order)
    t = table(follow, a.top, a.min_context, a.min_count)
    doc = {"about": "Word N-gram counts of the English side of the Tatoeba training split (train/ngram_counts.py): "
                    "per context of 1 to N-1 words, its total count and its most frequent next words with their counts. "
                    "Tatoeba (CC BY 2.0 FR) via manythings.org/anki.",
           "order": a.order, "sentences": len(sentences), "top": a.top, "min_context": a.min_context,
           "min_count": a.min_count, "sources": [os.path.basename(os.path.dirname(p)) for p in a.pairs],
           "contexts": t}
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {a.out}: {len(t)} contexts from {len(sentences)} sentences, {os.path.getsize(a.out)} bytes")


if __name__ == "__main__":
    main()
