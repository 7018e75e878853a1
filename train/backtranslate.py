#!/usr/bin/env python3
"""Synthetic training pairs by back-translation (Sennrich et al. 2016): English sentences of another
corpus translated into the other language by a trained model (the C++ CLI, fast), to train the
reverse direction on much more English than the small corpus has.

    /usr/bin/python3 train/backtranslate.py --english /work/shared/data/tatoeba/eng-fra/pairs.tsv \\
        --model work/models/en-zh-transformer.i8.safetensors --cli build/native/attnseq \\
        --lang zh --out work/data/bt-zh.tsv [--limit 100000] [--beam 4]

Only English sentences of the TRAIN split (the same sha1 split as train/prepare.py) and not close
to a check sentence (train/heldout.json) are used: no test or validation sentence of any direction
leaks in. Hypotheses stopped by the length limit are dropped. Output: english<TAB>synthetic, the
format of train/prepare.py --synthetic.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train.heldout import HeldOut  # noqa: E402
from attnseq_train.textnorm import collapse_ws, split_of, to_simplified  # noqa: E402


def english_sentences(paths, limit):
    """The distinct train-split English sentences of the files, in file order, none close to a check
    sentence; the first `limit` of them when limit > 0."""
    heldout = HeldOut(simplify=to_simplified)
    seen, out = set(), []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                en = collapse_ws(line.split("\t", 1)[0])
                if not en or en in seen or split_of(en) != "train" or heldout.variant_of(en, "en"):
                    continue
                seen.add(en)
                out.append(en)
    return out[:limit] if limit else out


def translate(cli, model, lines, beam, batch=2000):
    args = [cli, "--model", model, "--json", "--no-steps", "--no-return-attention", "--alternatives", "0"]
    if beam > 1:
        args += ["--strategy", "beam", "--beam-size", str(beam)]
    for i in range(0, len(lines), batch):
        chunk = lines[i:i + batch]
        r = subprocess.run(args, input="\n".join(chunk) + "\n", capture_output=True, text=True)
        outs = [json.loads(l) for l in r.stdout.splitlines() if l.strip()]
        if len(outs) != len(chunk):
            raise SystemExit(f"the CLI answered {len(outs)} lines for {len(chunk)}: {r.stderr[-500:]}")
        for en, o in zip(chunk, outs):
            h = (o.get("hypotheses") or [None])[0]
            yield en, (h["text"] if h and h["finished"] else None)
        print(f"back-translated {min(i + batch, len(lines))}/{len(lines)}", file=sys.stderr, flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--english", required=True, action="append",
                    help="a pairs.tsv whose first column is English (repeatable: sentences in several files count once)")
    ap.add_argument("--model", required=True)
    ap.add_argument("--cli", default="build/native/attnseq")
    ap.add_argument("--lang", required=True, help="the language the model translates into (zh, fr)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--beam", type=int, default=4)
    a = ap.parse_args()
    lines = english_sentences(a.english, a.limit)
    kept = 0
    with open(a.out + ".tmp", "w", encoding="utf-8") as f:
        for en, other in translate(a.cli, a.model, lines, a.beam):
            if other and "\t" not in other and "\n" not in other:
                f.write(f"{en}\t{other}\n")
                kept += 1
    os.replace(a.out + ".tmp", a.out)
    print(json.dumps({"english": len(lines), "kept": kept, "out": a.out, "model": a.model, "beam": a.beam}))


if __name__ == "__main__":
    main()
