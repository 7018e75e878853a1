#!/usr/bin/env python3
"""Export a training checkpoint to an attnseq model file (docs/model-format.md).

    /usr/bin/python3 train/export.py --ckpt work/ckpt/en-fr-gru-attn/best.pt \
        --out models/en-fr-gru-attn.safetensors [--int8]

--int8 stores every 2-D weight (embeddings, linear, GRU and convolution matrices) as I8 with a
per-row F32 `NAME.scale`; biases and norms stay F32. A convolution's weight is stored window-major
as a matrix (attnseq_train/modelfile.py file_tensor, docs/model-format.md).
"""
import argparse
import datetime
import json
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train import checkpoint as ckpt, modelfile, safetensors_io  # noqa: E402
from attnseq_train.models import build_model  # noqa: E402
from attnseq_train.names_table import METADATA_KEY as NAMES_KEY, table_json as names_json, translated_names  # noqa: E402
from attnseq_train.restore import METADATA_KEY as RESTORE_KEY  # noqa: E402
from attnseq_train.spm_json import tokenizer_json  # noqa: E402

TRAIN_ONLY_KEYS = ("dropout",)
SAME_AS_SRC = {"same_as": "src_tokenizer"}  # a joint vocabulary is stored once (docs/model-format.md)
LANG_NAMES = {"en": "English", "fr": "French", "de": "German", "es": "Spanish", "zh": "Chinese"}


# Defaults the reference model applies to a config without the key, written out so that the runtime
# reads every fact from the file.
ARCH_DEFAULTS = {"conv": {"max_positions": 256}}


def file_config(cfg):
    out = {k: v for k, v in cfg.items() if k not in TRAIN_ONLY_KEYS}
    for k, v in ARCH_DEFAULTS.get(cfg["arch"], {}).items():
        out.setdefault(k, v)
    return out


def arch_words(cfg):
    """The architecture in words, for the file's description."""
    if cfg["arch"] == "transformer":
        return "transformer"
    gru = f"GRU ({cfg['attention']} attention)"
    if cfg["arch"] == "conv":
        return f"convolutional encoder ({cfg['conv_layers']} layers, kernel {cfg['kernel']}), {gru} decoder"
    return gru


def tensors_of(model, int8):
    out = {}
    for name, t in model.state_dict().items():
        a = modelfile.file_tensor(name, t.detach().float().numpy())
        if int8 and a.ndim == 2:
            q, s = safetensors_io.quantize_rows(a)
            out[name], out[name + ".scale"] = q, s
        else:
            out[name] = a
    return out


def provenance(c, int8):
    meta = c["meta"]
    return {"data": {"pairs": os.path.basename(os.path.dirname(meta["pairs"])) + "/" + os.path.basename(meta["pairs"]),
                     "pairs_sha256": meta["pairs_sha256"], "source": "Tatoeba (CC BY 2.0 FR) via manythings.org/anki",
                     "src": meta["src"], "tgt": meta["tgt"], "joint_vocab": meta["joint"],
                     "train_pairs": meta["counts"]["train"], "split": "sha1(english key) mod 1000: <20 test, <30 valid"},
            "steps": c["step"], "epochs": c["epoch"], "train_minutes": round(c["elapsed"] / 60, 1),
            "target_tokens": c["tokens"], "valid_bleu_greedy": round(c["valid_bleu"], 2),
            "train_params": c.get("train", {}), "quantization": "int8-per-row" if int8 else "none",
            "exported": datetime.datetime.utcnow().strftime("%Y-%m-%dT%H:%M:%SZ"), "torch": torch.__version__,
            # the evaluations whose weights train/average.py averaged into these, if it did
            **({"averaged_steps": c["averaged"]} if c.get("averaged") else {}),
            # the model file the run started from (transfer learning; the arch config's "init"), if any
            **({"init": {"from": os.path.basename(init["from"]), "scopes": init["scopes"]}}
               if (init := c.get("arch_config", {}).get("init")) else {})}


def export(ckpt_path, out, int8=False, name=None, description=None):
    c = ckpt.load(ckpt_path)
    model = build_model(c["config"])
    model.load_state_dict(c["model"])
    data = c["data"]
    meta = c["meta"]
    src_tok = tokenizer_json(os.path.join(data, meta["src_spm"]))
    tgt_tok = tokenizer_json(os.path.join(data, meta["tgt_spm"]))
    cfg = file_config(c["config"])
    name = name or c.get("name", os.path.basename(out).split(".")[0])
    arch = arch_words(cfg)
    description = description or (f"{LANG_NAMES.get(meta['src'], meta['src'])} → {LANG_NAMES.get(meta['tgt'], meta['tgt'])}"
                                  f", {arch}, trained on Tatoeba; valid BLEU {c['valid_bleu']:.1f} (greedy)")
    metadata = {"format": "attnseq", "format_version": "1", "config": json.dumps(cfg),
                "src_tokenizer": json.dumps(src_tok, ensure_ascii=False),
                "tgt_tokenizer": json.dumps(tgt_tok if tgt_tok != src_tok else SAME_AS_SRC, ensure_ascii=False),
                "name": name, "description": description, "training": json.dumps(provenance(c, int8))}
    restore = os.path.join(data, "restore.json")  # the input restoration table (train/restore_table.py)
    if os.path.exists(restore):
        with open(restore, encoding="utf-8") as f:
            metadata[RESTORE_KEY] = f.read().strip()
    # the names the pair translates, which the engine's name guard leaves to the model (train/names_table.py)
    metadata[NAMES_KEY] = names_json(translated_names(meta["src"], meta["tgt"]))
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    tmp = out + ".tmp"
    safetensors_io.write(tmp, *modelfile.to_format2(tensors_of(model, int8), metadata))
    os.replace(tmp, out)
    return os.path.getsize(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ckpt", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--int8", action="store_true")
    ap.add_argument("--name")
    ap.add_argument("--description")
    a = ap.parse_args()
    size = export(a.ckpt, a.out, a.int8, a.name, a.description)
    print(f"wrote {a.out}: {size} bytes ({size / 2**20:.2f} MiB)")


if __name__ == "__main__":
    main()
