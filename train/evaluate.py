#!/usr/bin/env python3
"""Evaluate a model FILE on a split (test, valid, long, numbers, names, plain, nostop): BLEU overall and per English-length bucket.

    /usr/bin/python3 train/evaluate.py --model models/en-fr-gru-attn.safetensors \
        --data work/data/en-fr [--beam 1] --out work/eval/en-fr-gru-attn.json

Multi-reference sacreBLEU-compatible BLEU (13a; `zh` tokenizer for Chinese targets). Buckets
use the English side's word count: the source for en→X, the reference for X→en. The output
JSON holds the scores and every hypothesis with its source and references, and the outputs that
repeat a token or 2-gram 3 or more times in a row (attnseq_train/degenerate.py).

--cli build/native/attnseq decodes with the C++ engine under its default decoding options (what the
demo and the widgets run) instead of the PyTorch reference search; --engine-args passes more options.
"""
import argparse
import json
import os
import subprocess
import sys
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train.bleu import corpus_bleu, format_bleu, tokenizer_for  # noqa: E402
from attnseq_train.degenerate import degenerate_report  # noqa: E402
from attnseq_train.names_kept import name_report  # noqa: E402
from attnseq_train.numbers import number_report  # noqa: E402
from names_set import held_names  # noqa: E402
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


def cli_translate(cli, model_path, sources, beam=1, engine_args=()):
    """The C++ engine's translations, one per source line, under its default options (plus beam)."""
    if any("\n" in s for s in sources):
        raise SystemExit("a source contains a line break: the CLI reads one sentence per line")
    args = [cli, "--model", model_path, *engine_args]
    if beam > 1:
        args += ["--strategy", "beam", "--beam-size", str(beam)]
    r = subprocess.run(args, input="\n".join(sources) + "\n", capture_output=True, text=True)
    out = r.stdout.split("\n")[:len(sources)]
    if r.returncode != 0 or len(out) != len(sources):
        raise SystemExit(f"{cli} failed (exit {r.returncode}, {len(out)} of {len(sources)} lines): {r.stderr[-500:]}")
    return out


def evaluate(model_path, data_dir, beam=1, alpha=1.0, split="test", limit=0, cli=None, engine_args=()):
    """-> result dict: BLEU overall and per bucket, degenerate outputs, and every hypothesis."""
    if cli:  # the engine reads the file's own tokenizers: the data dir gives the sentences and the target language
        with open(os.path.join(data_dir, "meta.json"), encoding="utf-8") as f:
            meta = json.load(f)
    else:
        model, cfg, fmeta = load_model_file(model_path)
        sp_src, sp_tgt, meta = load_tokenizers(data_dir, fmeta)
    with open(os.path.join(data_dir, split + ".json"), encoding="utf-8") as f:
        groups = json.load(f)
    if limit:
        groups = groups[:limit]
    t0 = time.time()
    if cli:
        hyps = cli_translate(cli, model_path, [g["src"] for g in groups], beam, engine_args)
    else:
        outs = translate_ids(model, encode_sources(sp_src, [g["src"] for g in groups], cfg["max_src_len"]),
                             beam=beam, batch_size=64, alpha=alpha)
        hyps = [sp_tgt.decode(o) for o in outs]
    secs = time.time() - t0
    tok = tokenizer_for(meta["tgt"])
    b = corpus_bleu(hyps, [g["refs"] for g in groups], tok)
    return {"model": model_path, "data": data_dir, "split": split, "beam": beam, "alpha": alpha,
            "decoder": f"{cli} {' '.join(engine_args)}".strip() if cli else "PyTorch reference search",
            "tokenizer": tok, "segments": len(groups), "references": sum(len(g["refs"]) for g in groups),
            "bleu": round(b["score"], 2), "detail": format_bleu(b), "decode_seconds": round(secs, 1),
            "buckets": bucket_scores(groups, hyps, tok),
            "degenerate": degenerate_report(hyps, meta["tgt"]),
            "numbers": number_report([g["src"] for g in groups], hyps),
            "names": name_report([g["src"] for g in groups], hyps, held_names()),
            "hypotheses": [{"src": g["src"], "hyp": h, "refs": g["refs"]} for g, h in zip(groups, hyps)]}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--beam", type=int, default=1)
    ap.add_argument("--alpha", type=float, default=1.0, help="length normalization exponent (beam)")
    ap.add_argument("--split", default="test", choices=["test", "valid", "long", "numbers", "names", "plain", "nostop"],
                    help="long: long.json (prepare.py, train/long_split.py); numbers: numbers.json (train/numbers_set.py); "
                         "names: names.json (train/names_set.py); plain: plain.json (train/plain_set.py); "
                         "nostop: nostop.json (train/nostop_set.py)")
    ap.add_argument("--cli", help="decode with this attnseq CLI (the C++ engine, default options) instead of PyTorch")
    ap.add_argument("--engine-args", default="", help="more CLI options, e.g. '--no-repeat-ngram-size 3'")
    ap.add_argument("--limit", type=int, default=0, help="first N segments only")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--out")
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    res = evaluate(a.model, a.data, a.beam, a.alpha, a.split, a.limit, a.cli, a.engine_args.split())
    print(f"{a.model} beam {a.beam}: {res['detail']} [{res['segments']} segments, {res['decode_seconds']:.0f}s]")
    for name, s in res["buckets"].items():
        print(f"  English {name:>5} words: {s['segments']:5d} segments  BLEU {s['bleu']:6.2f}")
    num = res["numbers"]
    if num["sentences"]:
        print(f"  numbers copied: {num['copied_or_small_spelled']} of {num['sentences']} "
              f"({num['copied']} digit for digit)")
    nm = res["names"]
    if nm["sentences"]:
        print(f"  names kept letter for letter: {nm['kept']} of {nm['sentences']} "
              f"({nm['accented_kept']} of the {nm['accented_sentences']} with an accented name)")
    deg = res["degenerate"]
    print(f"  degenerate (a token or 2-gram 3+ times in a row): {deg['count']} of {res['segments']}")
    for e in deg["examples"][:3]:
        print(f"    {e['unit']!r} x{e['times']}: {e['hyp'][:120]}")
    if a.out:
        os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
        with open(a.out, "w", encoding="utf-8") as f:
            json.dump(res, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
