#!/usr/bin/env python3
"""The benchmark's sentences: the first N sources of a held-out split (work/data/<pair>/test.json, made by
train/prepare.py), and their source ids (+ </s>) for the contenders that take ids (onnxruntime-web,
PyTorch): SentencePiece of the data dir when it is the tokenizer stored in the model file, else (a
model trained on an earlier preparation, such as the shipped one on a fresh clone) the model's own
tokenizer through the native CLI (--cli, default build/native/attnseq, `--json`).

    /usr/bin/python3 bench/compare/prepare_inputs.py --model M --data work/data/en-fr --n 500 \
        --out build/bench/inputs.json

Sources longer than the model's max_src_len are skipped (the runtime refuses them; none of the first
500 en-fr test sentences is).
"""
import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "train"))
from attnseq_train import modelfile  # noqa: E402
from attnseq_train.spm_json import tokenizer_json  # noqa: E402

EOS = 3


def cli_ids(cli, model, texts):
    """Source ids (</s> included) of each text, by the model file's own tokenizer (the native CLI)."""
    import subprocess
    if not os.path.exists(cli):
        raise SystemExit(f"prepare_inputs: {cli} not found: build it (cmake --build build/native)")
    lines = "".join(t.replace("\n", " ") + "\n" for t in texts)
    p = subprocess.run([cli, "--model", model, "--json", "--no-steps", "--max-length", "1", "--alternatives", "0",
                        "--no-return-attention"], input=lines, capture_output=True, text=True)
    out = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
    if len(out) != len(texts):
        raise SystemExit(f"prepare_inputs: {cli} tokenized {len(out)} of {len(texts)} sentences: {p.stderr[-500:]}")
    # a sentence the runtime refuses (too long) has no "source_tokens": skipped as too long
    return [[t["id"] for t in o["source_tokens"]] if "source_tokens" in o else None for o in out]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--split", default="test")
    ap.add_argument("--n", type=int, default=500)
    ap.add_argument("--out", required=True)
    ap.add_argument("--cli", default=os.path.join(ROOT, "build/native/attnseq"))
    a = ap.parse_args()
    import sentencepiece as spm

    _, meta = modelfile.read_format1(a.model)
    cfg = json.loads(meta["config"])
    with open(os.path.join(a.data, "meta.json")) as f:
        dmeta = json.load(f)
    spm_path = os.path.join(a.data, dmeta["src_spm"])
    if json.loads(meta["src_tokenizer"]) == tokenizer_json(spm_path):
        sp = spm.SentencePieceProcessor(model_file=spm_path)
        encode = lambda texts: [sp.encode(t) + [EOS] for t in texts]  # noqa: E731
    else:
        print(f"prepare_inputs: {a.model} was not trained on {spm_path}: its own tokenizer (via {a.cli})", file=sys.stderr)
        encode = lambda texts: cli_ids(a.cli, a.model, texts)  # noqa: E731
    with open(os.path.join(a.data, a.split + ".json"), encoding="utf-8") as f:
        groups = json.load(f)
    candidates = [g["src"] for g in groups[: 2 * a.n + 100]]
    sentences, ids, skipped = [], [], 0
    for text, s in zip(candidates, encode(candidates)):
        if len(sentences) >= a.n:
            break
        if s is None or len(s) > cfg["max_src_len"]:
            skipped += 1
            continue
        sentences.append(text)
        ids.append(s)
    if len(sentences) < a.n:
        print(f"prepare_inputs: only {len(sentences)} sentences in {a.split}", file=sys.stderr)
    os.makedirs(os.path.dirname(os.path.abspath(a.out)), exist_ok=True)
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump({"data": os.path.abspath(a.data), "split": a.split, "skipped_too_long": skipped,
                   "sentences": sentences, "src_ids": ids}, f, ensure_ascii=False)
    print(f"prepare_inputs: {len(sentences)} sentences ({sum(map(len, ids))} source tokens) -> {a.out}")


if __name__ == "__main__":
    main()
