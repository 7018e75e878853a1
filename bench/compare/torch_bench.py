#!/usr/bin/env python3
"""The PyTorch contender of the runtime comparison: the training code's reference model
(train/attnseq_train/models.py) loaded from the attnseq model FILE, eager mode on the CPU, one
thread, greedy (train/attnseq_train/search.py's loop) with batch 1. One pass, as attnseq_bench does:
load (timed), `warmup` sentences untimed, then every sentence timed; JSON result on --out.

    /usr/bin/python3 bench/compare/torch_bench.py --model M --input build/bench/inputs.json --out R.json
"""
import argparse
import json
import os
import resource
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "train"))

import torch  # noqa: E402

from attnseq_train.modelfile import load_model_file  # noqa: E402
from attnseq_train.models import BOS, EOS  # noqa: E402


@torch.no_grad()
def greedy_one(model, src, max_positions):
    """search.greedy for one source, also timing the encoder. -> (ids without </s>, steps, encode seconds)."""
    t0 = time.perf_counter()
    state = model.encode(torch.tensor([src], dtype=torch.long), torch.tensor([len(src)]))
    enc = time.perf_counter() - t0
    limit = min(2 * len(src) + 10, max_positions)
    token = torch.tensor([BOS], dtype=torch.long)
    out = []
    for _ in range(limit):
        logp, _ = model.step(state, token)
        token = logp.argmax(-1)
        t = int(token)
        if t == EOS:
            return out, len(out) + 1, enc
        out.append(t)
    return out, len(out), enc


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True)
    ap.add_argument("--input", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--warmup", type=int, default=20)
    a = ap.parse_args()
    torch.set_num_threads(1)
    with open(a.input, encoding="utf-8") as f:
        srcs = json.load(f)["src_ids"]
    t0 = time.perf_counter()
    model, cfg, _ = load_model_file(a.model)
    load_ms = (time.perf_counter() - t0) * 1e3
    maxpos = cfg.get("max_positions", 10 ** 9)
    for s in srcs[: a.warmup]:
        greedy_one(model, s, maxpos)
    times, outputs, steps, enc_ms = [], [], 0, 0.0
    c0 = time.process_time()
    for s in srcs:
        t0 = time.perf_counter()
        ids, n, enc = greedy_one(model, s, maxpos)
        times.append((time.perf_counter() - t0) * 1e3)
        outputs.append(ids)
        steps += n
        enc_ms += enc * 1e3
    cpu_ms = (time.process_time() - c0) * 1e3
    res = {"contender": "pytorch", "model": a.model, "torch": torch.__version__, "threads": torch.get_num_threads(),
           "load_ms": load_ms, "warmup": a.warmup, "sentences": len(srcs), "total_ms": sum(times), "times_ms": times, "cpu_ms": cpu_ms,
           "steps": steps, "encode_ms": enc_ms,
           "peak_rss_bytes": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024, "outputs": outputs}
    with open(a.out, "w") as f:
        json.dump(res, f)


if __name__ == "__main__":
    main()
