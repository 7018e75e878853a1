#!/usr/bin/env python3
"""Sequence-level knowledge distillation (Kim & Rush 2016): training targets replaced by a teacher's output.

    # translate the training sources with a teacher checkpoint (batched beam search, GPU when present)
    /usr/bin/python3 train/distill.py --ckpt work/ckpt/en-fr-teacher/best.pt --data work/data/en-fr \\
        --out work/data/en-fr-kd --beam 5 --device auto --ids-out work/data/en-fr-kd.ids.gz
    # or rebuild the distilled data on another machine from those ids (no teacher needed)
    /usr/bin/python3 train/distill.py --from-ids work/data/en-fr-kd.ids.gz --data work/data/en-fr --out work/data/en-fr-kd

OUT is a copy of DATA (same vocabulary, same valid and test splits, so the held-out sentences stay out and
validation compares like with like) whose train.pkl has the teacher's translations as targets. A source whose
translation came back empty, ran to the length cap (no end of sentence) or was not reached before
--time-limit-min keeps its reference; meta.json's "distilled" says how many of each. The ids file holds one
line per training pair: the teacher's target ids separated by spaces, or "-" where the reference is kept
(plain text, so it moves between machines and library versions).
"""
import argparse
import gzip
import json
import os
import pickle
import shutil
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train import checkpoint as ckpt  # noqa: E402
from attnseq_train.batching import load_split  # noqa: E402
from attnseq_train.distributed import pick_device  # noqa: E402
from attnseq_train.models import build_model  # noqa: E402
from attnseq_train.search import beam_search, max_lengths  # noqa: E402

KEEP = "-"  # an ids-file line that keeps the reference


def teacher_targets(model, srcs, beam, batch_size, deadline, log):
    """-> list (per source) of id lists, or None where the reference is kept."""
    order = sorted(range(len(srcs)), key=lambda i: len(srcs[i]))
    out = [None] * len(srcs)
    for n, i in enumerate(range(0, len(order), batch_size)):
        if time.time() > deadline:
            log(f"time limit: {len(order) - i} of {len(order)} sources keep their references")
            break
        idx = order[i: i + batch_size]
        res = beam_search(model, [list(srcs[j]) for j in idx], beam=beam)
        for j, r in zip(idx, res):
            cap = int(max_lengths(torch.tensor(len(srcs[j])), model.cfg))
            out[j] = r if 0 < len(r) < cap else None  # at the cap the output ended without eos
        if n % 20 == 0:
            log(f"{i + len(idx)}/{len(order)} sources translated")
    return out


def write_ids(path, targets):
    with gzip.open(path, "wt", encoding="ascii") as f:
        for t in targets:
            f.write((" ".join(map(str, t)) if t is not None else KEEP) + "\n")


def read_ids(path, n):
    with gzip.open(path, "rt", encoding="ascii") as f:
        lines = f.read().splitlines()
    if len(lines) != n:
        raise SystemExit(f"{path}: {len(lines)} lines, but the data has {n} training pairs: "
                         f"it was written for another preparation of the data")
    return [None if s == KEEP else [int(x) for x in s.split()] for s in lines]


def check_teacher(c, meta):
    """The teacher must have been trained on this preparation (same pairs, same vocabulary sizes)."""
    tm = c.get("meta") or {}
    for k in ("pairs_sha256", "vocab_src", "vocab_tgt", "src", "tgt"):
        if tm.get(k) != meta.get(k):
            raise SystemExit(f"teacher's data differs from --data in {k!r} ({tm.get(k)!r} vs {meta.get(k)!r}): "
                             f"train the teacher on the same prepared data")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True, help="prepared data (train/prepare.py) the teacher was trained on")
    ap.add_argument("--out", required=True, help="folder for the distilled copy of --data")
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--ckpt", help="teacher checkpoint (train.py's best.pt or average.py's avg.pt)")
    src.add_argument("--from-ids", help="ids file written by an earlier --ids-out (no teacher needed)")
    ap.add_argument("--ids-out", help="also write the teacher's target ids here (gzip text, see above)")
    ap.add_argument("--beam", type=int, default=5)
    ap.add_argument("--batch", type=int, default=256, help="sources per search batch")
    ap.add_argument("--device", default="cpu", choices=("cpu", "cuda", "auto"))
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--time-limit-min", type=float, default=0, help="stop translating after this long (0: no limit)")
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    log = lambda m: print(f"{time.strftime('%H:%M:%S')} distill: {m}", flush=True)  # noqa: E731
    with open(os.path.join(a.data, "meta.json"), encoding="utf-8") as f:
        meta = json.load(f)
    srcs, refs = load_split(os.path.join(a.data, "train.pkl"))
    if a.ckpt:
        c = ckpt.load(a.ckpt)
        check_teacher(c, meta)
        dev = pick_device(a.device, 0)
        if dev.type == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = True
        model = build_model(c["config"])
        model.load_state_dict(c["model"])
        model.to(dev).eval()
        deadline = time.time() + a.time_limit_min * 60 if a.time_limit_min > 0 else float("inf")
        t0 = time.time()
        targets = teacher_targets(model, srcs, a.beam, a.batch, deadline, log)
        log(f"{len(srcs)} sources in {time.time() - t0:.0f}s on {dev}")
        info = {"teacher": os.path.abspath(a.ckpt), "teacher_valid_bleu": c.get("valid_bleu"),
                "teacher_config": c["config"], "beam": a.beam}
        if a.ids_out:
            write_ids(a.ids_out, targets)
    else:
        targets = read_ids(a.from_ids, len(srcs))
        info = {"ids": os.path.abspath(a.from_ids)}
    os.makedirs(a.out, exist_ok=True)
    for name in os.listdir(a.data):
        if name not in ("train.pkl", "meta.json") and os.path.isfile(os.path.join(a.data, name)):
            shutil.copy2(os.path.join(a.data, name), os.path.join(a.out, name))
    tgt = [np.asarray(t, dtype=np.int16) if t is not None else r for t, r in zip(targets, refs)]
    with open(os.path.join(a.out, "train.pkl"), "wb") as f:
        pickle.dump({"src": srcs, "tgt": tgt}, f, protocol=4)
    kept = sum(t is None for t in targets)
    same = sum(t is not None and list(t) == list(r) for t, r in zip(targets, refs))
    meta["distilled"] = {**info, "pairs": len(srcs), "references_kept": kept, "identical_to_reference": same}
    with open(os.path.join(a.out, "meta.json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, ensure_ascii=False, indent=1)
    log(f"wrote {a.out}: {len(srcs) - kept} teacher targets ({same} identical to the reference), {kept} references kept")


if __name__ == "__main__":
    main()
