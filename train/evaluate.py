#!/usr/bin/env python3
"""Evaluate a model FILE on the test split: BLEU overall and per English-length bucket.

    /usr/bin/python3 train/evaluate.py --model models/en-fr-gru-attn.safetensors \
        --data work/data/en-fr [--beam 1] --out work/eval/en-fr-gru-attn.json

Multi-reference sacreBLEU-compatible BLEU (13a; `zh` tokenizer for Chinese targets). Buckets
use the English side's word count: the source for en→X, the reference for X→en. The output
JSON holds the scores and every hypothesis with its source and references.
"""
import argparse
import json
import os
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train.bleu import corpus_bleu, format_bleu, tokenizer_for  # noqa: E402
from attnseq_train.modelfile import load_model_file  # noqa: E402
from attnseq_train.search import translate_ids  # noqa: E402
from attnseq_train.textio import encode_sources, load_tokenizers  # noqa: E402

BUCKETS = [("1-5", 1, 5), ("6-10", 6, 10), ("11-15", 11, 15), ("16+", 16, 10 ** 9)]


def bucket_scores(groups, hyps, tok):
    out = {}
    for name, lo, hi in BUCKETS:
        sel = [i for i, g in enumerate(groups) if lo <= g["en_words"] <= hi]
        if sel:
            b = corpus_bleu([hyps[i] for i in sel], [groups[i]["refs"] for i in sel], tok)
            out[name] = {"segments": len(sel), "bleu": round(b["score"], 2), "detail": format_bleu(b)}
    return out


def evaluate(model_path, data_dir, beam=1, alpha=1.0, split="test", limit=0):
    """-> result dict: BLEU overall and per bucket, and every hypothesis."""
    model, cfg, fmeta = load_model_file(model_path)
    sp_src, sp_tgt, meta = load_tokenizers(data_dir, fmeta)
    with open(os.path.join(data_dir, split + ".json"), encoding="utf-8") as f:
        groups = json.load(f)
    if limit:
        groups = groups[:limit]
    t0 = time.time()
    outs = translate_ids(model, encode_sources(sp_src, [g["src"] for g in groups], cfg["max_src_len"]),
                         beam=beam, batch_size=64, alpha=alpha)
    hyps = [sp_tgt.decode(o) for o in outs]
    secs = time.time() - t0
    tok = tokenizer_for(meta["tgt"])
    b = corpus_bleu(hyps, [g["refs"] for g in groups], tok)
    return {"model": model_path, "data": data_dir, "split": split, "beam": beam, "alpha": alpha,
            "tokenizer": tok, "segments": len(groups), "references": sum(len(g["refs"]) for g in groups),
            "bleu": round(b["score"], 2), "detail": format_bleu(b), "decode_seconds": round(secs, 1),
            "buckets": bucket_scores(groups, hyps, tok),
            "hypotheses": [{"src": g["src"], "hyp": h, "refs": g["refs"]} for g, h in zip(groups, hyps)]}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--beam", type=int, default=1)
    ap.add_argument("--alpha", type=float, default=1.0, help="length normalization exponent (beam)")
    ap.add_argument("--split", default="test", choices=["test", "valid"])
    ap.add_argument("--limit", type=int, default=0, help="first N segments only")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--out")
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    res = evaluate(a.model, a.data, a.beam, a.alpha, a.split, a.limit)
    print(f"{a.model} beam {a.beam}: {res['detail']} [{res['segments']} segments, {res['decode_seconds']:.0f}s]")
    for name, s in res["buckets"].items():
        print(f"  English {name:>5} words: {s['segments']:5d} segments  BLEU {s['bleu']:6.2f}")
    if a.out:
        os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
        with open(a.out, "w", encoding="utf-8") as f:
            json.dump(res, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
