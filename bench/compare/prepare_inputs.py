#!/usr/bin/env python3
"""The benchmark's sentences: the first N sources of a held-out split (work/data/<pair>/test.json, made by
train/prepare.py), and their source ids (SentencePiece of the data dir, checked against the tokenizer
stored in the model file; + </s>) for the contenders that take ids (onnxruntime-web, PyTorch).

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
from attnseq_train import safetensors_io  # noqa: E402
from attnseq_train.spm_json import tokenizer_json  # noqa: E402

EOS = 3


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--split", default="test")
    ap.add_argument("--n", type=int, default=500)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    import sentencepiece as spm

    _, meta = safetensors_io.read(a.model)
    cfg = json.loads(meta["config"])
    with open(os.path.join(a.data, "meta.json")) as f:
        dmeta = json.load(f)
    spm_path = os.path.join(a.data, dmeta["src_spm"])
    if json.loads(meta["src_tokenizer"]) != tokenizer_json(spm_path):
        raise SystemExit(f"{a.model}: its source tokenizer is not {spm_path}: wrong --data for this model")
    sp = spm.SentencePieceProcessor(model_file=spm_path)
    with open(os.path.join(a.data, a.split + ".json"), encoding="utf-8") as f:
        groups = json.load(f)
    sentences, ids, skipped = [], [], 0
    for g in groups:
        if len(sentences) >= a.n:
            break
        s = sp.encode(g["src"]) + [EOS]
        if len(s) > cfg["max_src_len"]:
            skipped += 1
            continue
        sentences.append(g["src"])
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
