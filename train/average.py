#!/usr/bin/env python3
"""Average the weights of a run's last evaluations (OUT/recent/, written by train.py) into one checkpoint.

    /usr/bin/python3 train/average.py work/ckpt/en-fr-transformer [--last 5] [--out RUN/avg.pt] [--pick]

The result has best.pt's fields (config, data, meta, training progress of the newest averaged
checkpoint) and its own greedy valid BLEU (the same 300 segments as training), so export.py and
finish_run.sh take it like best.pt. With --pick, stdout is only the path of the better of the two on
valid BLEU (the average or best.pt; a tie keeps best.pt), for scripts; the report goes to stderr.
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train import checkpoint as ckpt  # noqa: E402
from attnseq_train.batching import load_split  # noqa: E402
from attnseq_train.models import build_model  # noqa: E402
from attnseq_train.validate import Validator  # noqa: E402

TRAIN_DEFAULTS_N_BLEU = 300


def average_states(states):
    """Element-wise mean of state dicts with the same keys and shapes."""
    keys = states[0].keys()
    for s in states[1:]:
        if s.keys() != keys:
            raise ValueError("checkpoints to average have different parameters")
    return {k: sum(s[k].double() for s in states).div(len(states)).to(states[0][k].dtype) for k in keys}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run")
    ap.add_argument("--last", type=int, default=5)
    ap.add_argument("--out")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--pick", action="store_true", help="print only the better checkpoint's path (see above)")
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    d = os.path.join(a.run, "recent")
    files = sorted(f for f in os.listdir(d) if f.startswith("step-") and f.endswith(".pt"))[-a.last:]
    if not files:
        raise SystemExit(f"{d}: no checkpoints to average (train.py writes them at each evaluation)")
    recent = [ckpt.load(os.path.join(d, f)) for f in files]
    best = ckpt.load(os.path.join(a.run, "best.pt"))
    model = build_model(best["config"])
    model.load_state_dict(average_states([r["model"] for r in recent]))
    vs, vt = load_split(os.path.join(best["data"], "valid.pkl"))
    n_bleu = best.get("train", {}).get("n_bleu", TRAIN_DEFAULTS_N_BLEU)
    validator = Validator(best["data"], best["meta"], vs, vt, best["config"]["max_src_len"], n_bleu)
    bleu, _ = validator.bleu(model)
    newest = recent[-1]
    out = dict(best, model=model.state_dict(), step=newest["step"], epoch=newest["epoch"],
               elapsed=newest["elapsed"], tokens=newest["tokens"], valid_bleu=bleu["score"],
               averaged=[r["step"] for r in recent])
    path = a.out or os.path.join(a.run, "avg.pt")
    ckpt.atomic_save(out, path)
    print(f"{path}: average of steps {out['averaged']}: valid BLEU {bleu['score']:.2f} "
          f"(best.pt {best['valid_bleu']:.2f} at step {best['step']})", file=sys.stderr if a.pick else sys.stdout)
    if a.pick:
        print(path if bleu["score"] > best["valid_bleu"] else os.path.join(a.run, "best.pt"))


if __name__ == "__main__":
    main()
