#!/usr/bin/env python3
"""Ad-hoc translation with a model file (or a training checkpoint).

    echo "How are you?" | /usr/bin/python3 train/translate.py --model models/X.safetensors --data work/data/en-fr
    /usr/bin/python3 train/translate.py --ckpt work/ckpt/NAME/best.pt "Good morning." --beam 5
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train import checkpoint as ckpt  # noqa: E402
from attnseq_train.modelfile import load_model_file  # noqa: E402
from attnseq_train.models import build_model  # noqa: E402
from attnseq_train.search import translate_ids  # noqa: E402
from attnseq_train.textio import encode_sources, load_tokenizers  # noqa: E402


def load(a):
    if a.model:
        model, cfg, fmeta = load_model_file(a.model)
        return model, cfg, load_tokenizers(a.data, fmeta)
    c = ckpt.load(a.ckpt)
    model = build_model(c["config"])
    model.load_state_dict(c["model"])
    model.eval()
    return model, c["config"], load_tokenizers(a.data or c["data"])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--model")
    g.add_argument("--ckpt")
    ap.add_argument("--data", help="data dir with the SentencePiece models (default: the checkpoint's)")
    ap.add_argument("--beam", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("text", nargs="*")
    a = ap.parse_args()
    if a.model and not a.data:
        ap.error("--model needs --data")
    torch.set_num_threads(a.threads)
    model, cfg, (sp_src, sp_tgt, _) = load(a)
    texts = a.text or [l.rstrip("\n") for l in sys.stdin if l.strip()]
    outs = translate_ids(model, encode_sources(sp_src, texts, cfg["max_src_len"]), beam=a.beam)
    for t, o in zip(texts, outs):
        print(f"{t}\t{sp_tgt.decode(o)}")


if __name__ == "__main__":
    main()
