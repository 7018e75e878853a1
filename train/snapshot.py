#!/usr/bin/env python3
"""Write a compact snapshot of an unfinished run so that it continues on another machine.

    /usr/bin/python3 train/snapshot.py work/ckpt/en-fr-transformer --data work/data/en-fr

Writes train/snapshots/NAME.pt: the weights in float16 (half the size; training goes on in float32),
the run's progress (step, epoch, elapsed time, best valid BLEU, history) and the SHA-256 of the
vocabulary it was trained with. No optimizer state (it would triple the size): train.py --seed-from
restarts Adam with a short lr warm-up. A finished run (OUT/done) needs no snapshot: ship its model.
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train import checkpoint as ckpt  # noqa: E402
from train import snapshot_vocab_digest  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run", help="checkpoint folder of the run (holds last.pt)")
    ap.add_argument("--data", required=True, help="the prepared data the run trains on")
    ap.add_argument("--out-dir", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "snapshots"))
    a = ap.parse_args()
    name = os.path.basename(os.path.normpath(a.run))
    c = ckpt.load(os.path.join(a.run, "last.pt"))
    state = dict(c["state"])
    state.pop("rewarm_from", None)
    snap = {"model": {k: v.half() for k, v in c["model"].items()}, "state": state, "config": c["config"],
            "arch_config": c["arch_config"], "vocab_sha256": snapshot_vocab_digest(a.data)}
    os.makedirs(a.out_dir, exist_ok=True)
    out = os.path.join(a.out_dir, name + ".pt")
    ckpt.atomic_save(snap, out)
    print(f"{out}: step {state['step']} elapsed {state['elapsed'] / 60:.1f} min best valid BLEU "
          f"{state['best_bleu']:.2f}, {os.path.getsize(out) / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
