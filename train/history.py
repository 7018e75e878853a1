#!/usr/bin/env python3
"""Keep a run's learning curve: its evaluations (step, training minutes, valid BLEU) from a checkpoint.

    /usr/bin/python3 train/history.py CKPT_OR_SNAPSHOT [--name NAME] [--out docs/eval/history/NAME.json]

CKPT_OR_SNAPSHOT is a run's work/ckpt/NAME/last.pt or a snapshot (train/snapshot.py): both carry the
run's evaluation history across restarts and machines. train/finish_run.sh calls this for every
finished run; train/report.py draws the curves (docs/bleu-vs-time.svg). Minutes are the run's budget
clock (CPU time for the queue's runs; `clock` says which).
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train import checkpoint as ckpt  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def history_of(path, name=None, finished=None):
    """finished: whether the run has reached its budget (default: a `done` file next to the checkpoint)."""
    c = ckpt.load(path)
    st = c["state"]
    if name is None:  # a run's checkpoint is named by its folder, a snapshot (snapshots/NAME.pt) by its file
        base = os.path.basename(path)
        name = (os.path.basename(os.path.dirname(os.path.abspath(path))) if base in ("last.pt", "best.pt", "avg.pt")
                else os.path.splitext(base)[0])
    points = [{"step": h["step"], "minutes": round(h["elapsed_min"], 2), "valid_bleu": round(h["valid_bleu"], 2)}
              for h in st.get("history", [])]
    if finished is None:
        finished = os.path.exists(os.path.join(os.path.dirname(os.path.abspath(path)), "done"))
    return {"name": name, "finished": bool(finished), "clock": st.get("clock", "wall"), "steps": st["step"],
            "minutes": round(st["elapsed"] / 60, 2), "points": points}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ckpt")
    ap.add_argument("--name", help="run name (default: the folder of last.pt / best.pt, or a snapshot's file name)")
    ap.add_argument("--out", help="default docs/eval/history/NAME.json")
    ap.add_argument("--finished", action="store_true", help="the run has finished (e.g. a snapshot taken at its end)")
    a = ap.parse_args()
    h = history_of(a.ckpt, a.name, True if a.finished else None)
    if not h["points"]:
        sys.exit(f"{a.ckpt}: no evaluations recorded")
    out = a.out or os.path.join(ROOT, "docs", "eval", "history", h["name"] + ".json")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(h, f, indent=1)
        f.write("\n")
    best = max(h["points"], key=lambda p: p["valid_bleu"])
    print(f"{out}: {len(h['points'])} evaluations over {h['minutes']:.1f} {h['clock']} minutes, "
          f"best valid BLEU {best['valid_bleu']:.2f} at {best['minutes']:.1f}")


if __name__ == "__main__":
    main()
