#!/usr/bin/env python3
"""C++ runtime vs PyTorch reference: greedy outputs on a split, token for token.

    /usr/bin/python3 train/parity.py --model models/en-fr-gru-attn.safetensors \
        --data work/data/en-fr --cli build/native/attnseq [--split test] [--limit N]

Both read the same model FILE. The reference decodes with train/attnseq_train/search.py (greedy,
length limit 2·source+10); the CLI with its defaults (the same limit) but the number and run guards off. Prints the share of sentences
whose target ids are identical and lists the first differences.
"""
import argparse
import json
import os
import subprocess
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train.modelfile import load_model_file  # noqa: E402
from attnseq_train.search import translate_ids  # noqa: E402
from attnseq_train.textio import load_tokenizers  # noqa: E402

EOS = 3


def cli_outputs(cli, model, texts):
    """-> list of (target ids without </s>, error or None) from `attnseq --json`, one per text."""
    inp = "".join(t.replace("\n", " ") + "\n" for t in texts)
    # The model's own greedy choices: the reference search has neither the number guard
    # (decode/number_guard.h), the name guard (decode/name_guard.h) nor the run guard
    # (decode/repeat_guard.h), so they are off here; their effect is measured apart (docs/architecture.md).
    # It reads the text as given, so the engine does too (no input restoration: text/restore.h).
    p = subprocess.run([cli, "--model", model, "--json", "--no-steps", "--no-copy-numbers", "--no-copy-names",
                        "--max-repeat-run", "0", "--no-restore-input"], input=inp.encode(),
                       capture_output=True)
    out = []
    for line in p.stdout.decode().splitlines():
        j = json.loads(line)
        if "error" in j:
            out.append((None, j["error"]["code"]))
        else:
            ids = [t["id"] for t in j["hypotheses"][0]["tokens"]] if j["hypotheses"] else []
            out.append((ids[:-1] if ids and ids[-1] == EOS else ids, None))
    if len(out) != len(texts):
        raise SystemExit(f"CLI printed {len(out)} lines for {len(texts)} inputs: {p.stderr.decode()[-500:]}")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--cli", default="build/native/attnseq")
    ap.add_argument("--split", default="test")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--out")
    a = ap.parse_args()
    torch.set_num_threads(1)
    model, cfg, fmeta = load_model_file(a.model)
    sp_src, _, _ = load_tokenizers(a.data, fmeta)
    groups = json.load(open(os.path.join(a.data, a.split + ".json"), encoding="utf-8"))
    if a.limit:
        groups = groups[: a.limit]
    texts = [g["src"] for g in groups]
    srcs = [ids + [EOS] for ids in sp_src.encode(texts)]
    ok = [i for i, s in enumerate(srcs) if len(s) <= cfg["max_src_len"]]
    ref = translate_ids(model, [srcs[i] for i in ok], beam=1)
    cpp = cli_outputs(a.cli, a.model, [texts[i] for i in ok])
    same = [r == c[0] for r, c in zip(ref, cpp)]
    diffs = [{"src": texts[ok[k]], "torch": ref[k], "cpp": cpp[k][0], "error": cpp[k][1]}
             for k in range(len(ok)) if not same[k]]
    res = {"model": a.model, "split": a.split, "sentences": len(ok), "identical": sum(same),
           "share": round(sum(same) / max(1, len(ok)), 5), "skipped_too_long": len(srcs) - len(ok),
           "differences": diffs[:20]}
    print(f"{a.model}: {res['identical']}/{res['sentences']} identical greedy outputs "
          f"({100 * res['share']:.2f}%), {res['skipped_too_long']} sources over max_src_len skipped")
    for d in diffs[:5]:
        print("  differs:", d["src"])
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            json.dump(res, f, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
