#!/usr/bin/env python3
"""Why two contenders' greedy outputs differ: for each case (a source, the common output prefix, the two
next tokens), the PyTorch reference model's log-probabilities of both tokens at that step, teacher-forced
over the prefix. A gap of a few 1e-6 means a near tie that float rounding order decides; a large gap
means a real discrepancy (a bug). Prints JSON; used by bench/compare/run.mjs.

    /usr/bin/python3 bench/compare/why.py --model M --cases cases.json
"""
import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "train"))

import torch  # noqa: E402

from attnseq_train.modelfile import load_model_file  # noqa: E402
from attnseq_train.models import BOS  # noqa: E402


@torch.no_grad()
def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True)
    ap.add_argument("--cases", required=True)
    a = ap.parse_args()
    torch.set_num_threads(1)
    model, _, _ = load_model_file(a.model)
    out = []
    for c in json.load(open(a.cases)):
        state = model.encode(torch.tensor([c["src_ids"]]))
        for tok in [BOS] + c["prefix"]:
            logp, _ = model.step(state, torch.tensor([tok]))
        lp = logp[0]
        top2 = torch.topk(lp, 2)
        out.append({"contender": c["contender"], "index": c["index"], "step": len(c["prefix"]),
                    "logp_native_token": float(lp[c["native_next"]]), "logp_other_token": float(lp[c["other_next"]]),
                    "gap": abs(float(lp[c["native_next"]]) - float(lp[c["other_next"]])),
                    "reference_top2_gap": float(top2.values[0] - top2.values[1]),
                    "reference_choice": int(top2.indices[0])})
    print(json.dumps(out))


if __name__ == "__main__":
    main()
