#!/usr/bin/env python3
"""Calibrate the "unsure" marks of the demo and widgets on a model's test split (issue 29: a translation
the model is unsure of is shown as unsure).

    /usr/bin/python3 train/calibrate_confidence.py --model models/en-fr-transformer.i8.safetensors \
        --data work/data/en-fr [--split test --split long] --out docs/eval/confidence/en-fr-transformer.json

The C++ engine translates every source of the splits (default decoding, as the page does) and gives each
output token's probability. A translation is *good* when its sentence BLEU against the references is at
least 50, *bad* when below 15 (sentence BLEU with sacreBLEU's exp smoothing). Two thresholds are chosen:

  * sentence: the mean log-probability per token below which the page says the input is far from what the
    model learned from. Chosen as the highest value that flags at most 10 % of the good translations;
  * token: the probability below which a word is marked unsure (a word's probability is the least of its
    pieces'; the words are the page's, attnseq_train/confidence.py: a piece of punctuation belongs to the
    word it ends). Chosen as the highest value that marks at most 3 % of the words of good translations.

The report gives how often each fires on good and on bad translations, per split. --manifest with --id
writes the two thresholds into that catalogue entry ("confidence": {"token", "sentence"}), which the demo
and the widgets read (app/confidence.js).
"""
import argparse
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train.bleu import corpus_bleu, tokenizer_for  # noqa: E402
from attnseq_train.confidence import markable, spelled, unsure_words, words  # noqa: E402

GOOD, BAD = 50.0, 15.0
GOOD_FLAGGED, GOOD_WORDS_MARKED = 0.10, 0.03


def engine_outputs(cli, model, sources):
    args = [cli, "--model", model, "--json", "--no-steps", "--alternatives", "0", "--no-return-attention"]
    r = subprocess.run(args, input="\n".join(sources) + "\n", capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"{cli} failed: {r.stderr[-400:]}")
    out = []
    for line in r.stdout.splitlines()[:len(sources)]:
        h = json.loads(line)["hypotheses"][0]
        eos = [bool(h.get("finished")) and i == len(h["tokens"]) - 1 for i in range(len(h["tokens"]))]
        out.append((h["text"], [t["piece"] for t in h["tokens"]], h["probabilities"], eos))
    if len(out) != len(sources):
        raise SystemExit(f"{cli} gave {len(out)} outputs for {len(sources)} sources")
    return out


def shown_words(pieces, probs, ends, text):
    """The words the page would mark, or None where it marks nothing: pieces that do not spell the
    text (an <unk>). (A source of two sentences, which the page translates one by one and does not
    mark, is decoded here as one; about 1 % of a test split.)"""
    ws = words(pieces, probs, ends)
    return ws if spelled(ws, text) else None


def quantile_threshold(values, share):
    """The highest t such that at most `share` of values are below t."""
    v = sorted(values)
    k = int(math.floor(share * len(v)))
    return v[k] if k < len(v) else v[-1] + 1e-9


def rates(rows, sent_t, tok_t):
    """How often the marks fire, as the page shows them: the sentence note (mean log-probability below
    sent_t), and the words marked unsure (attnseq_train/confidence.py: the page's words, a word's least
    piece probability below tok_t, punctuation alone and the end token never marked)."""
    def frac(xs):
        return round(sum(xs) / len(xs), 4) if xs else None
    out = {}
    for kind in ("good", "bad", "middle"):
        sel = [r for r in rows if r["kind"] == kind]
        ws = [r["words"] for r in sel if r["words"] is not None]
        marked = [len(unsure_words(r["words"], tok_t)) if r["words"] is not None else 0 for r in sel]
        out[kind] = {"sentences": len(sel),
                     "flagged": frac([r["mean_logprob"] < sent_t for r in sel]),
                     "with_an_unsure_word": frac([m > 0 for m in marked]),
                     "not_markable": sum(r["words"] is None for r in sel),  # the page marks no word of these
                     "words_marked": round(sum(marked) / max(sum(markable(t) for w in ws for t, _ in w), 1), 4) if sel else None}
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--split", action="append", help="test (default), valid, long, numbers; the first calibrates")
    ap.add_argument("--cli", default="build/native/attnseq")
    ap.add_argument("--out")
    ap.add_argument("--manifest", help="models/manifest.json: write the thresholds into the entry --id")
    ap.add_argument("--id", help="the catalogue id of --model")
    a = ap.parse_args()
    if bool(a.manifest) != bool(a.id):
        raise SystemExit("--manifest and --id go together")
    splits = a.split or ["test"]
    with open(os.path.join(a.data, "meta.json")) as f:
        tok = tokenizer_for(json.load(f)["tgt"])
    per_split = {}
    for split in splits:
        with open(os.path.join(a.data, split + ".json"), encoding="utf-8") as f:
            groups = json.load(f)
        outs = engine_outputs(a.cli, a.model, [g["src"] for g in groups])
        rows = []
        for g, (text, pieces, probs, ends) in zip(groups, outs):
            b = corpus_bleu([text], [g["refs"]], tok)["score"]
            mean = sum(math.log(max(p, 1e-12)) for p in probs) / max(len(probs), 1)
            kind = "good" if b >= GOOD else "bad" if b < BAD else "middle"
            rows.append({"src": g["src"], "hyp": text, "bleu": round(b, 1), "kind": kind,
                         "mean_logprob": mean, "probs": probs, "words": shown_words(pieces, probs, ends, text)})
        per_split[split] = rows
    calib = per_split[splits[0]]
    good = [r for r in calib if r["kind"] == "good"]
    sent_t = quantile_threshold([r["mean_logprob"] for r in good], GOOD_FLAGGED)
    tok_t = quantile_threshold([p for r in good if r["words"] for t, p in r["words"] if markable(t)],
                               GOOD_WORDS_MARKED)
    report = {"model": a.model, "data": a.data, "calibrated_on": splits[0],
              "rule": f"good: sentence BLEU >= {GOOD}; bad: < {BAD}; sentence threshold flags <= "
                      f"{GOOD_FLAGGED:.0%} of good translations, token threshold marks <= {GOOD_WORDS_MARKED:.0%} "
                      f"of their words (the page's: attnseq_train/confidence.py)",
              "sentence_mean_logprob": round(sent_t, 4), "token_probability": round(tok_t, 4),
              "splits": {s: rates(rows, sent_t, tok_t) for s, rows in per_split.items()},
              "examples_flagged": [{k: r[k] for k in ("src", "hyp", "bleu", "kind")} | {"mean_logprob": round(r["mean_logprob"], 3)}
                                   for r in sorted(sum(per_split.values(), []), key=lambda r: r["mean_logprob"])[:8]]}
    print(json.dumps({k: v for k, v in report.items() if k != "examples_flagged"}, indent=1))
    if a.out:
        os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
        with open(a.out, "w", encoding="utf-8") as f:
            json.dump(report, f, ensure_ascii=False, indent=1)
    if a.manifest:
        with open(a.manifest, encoding="utf-8") as f:
            manifest = json.load(f)
        entry = next((m for m in manifest["models"] if m["id"] == a.id), None)
        if entry is None:
            raise SystemExit(f"{a.manifest} has no model {a.id!r}")
        entry["confidence"] = {"token": report["token_probability"], "sentence": report["sentence_mean_logprob"],
                               "calibration": f"docs/eval/confidence/{a.id}.json"}
        with open(a.manifest, "w", encoding="utf-8") as f:
            f.write(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n")


if __name__ == "__main__":
    main()
