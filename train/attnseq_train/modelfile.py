"""Loading an attnseq model file back into the PyTorch reference model."""
import json

import torch

from . import safetensors_io
from .models import build_model


def load_model_file(path):
    """-> (model in eval mode, config, metadata with JSON fields parsed)."""
    tensors, meta = safetensors_io.read(path)
    if meta.get("format") != "attnseq":
        raise ValueError(f"{path}: not an attnseq model file")
    if meta.get("format_version") != "1":
        raise ValueError(f"{path}: format_version {meta.get('format_version')!r}, this reader supports '1'")
    parsed = dict(meta)
    for k in ("config", "src_tokenizer", "tgt_tokenizer", "training"):
        if k in meta:
            parsed[k] = json.loads(meta[k])
    if parsed.get("tgt_tokenizer") == {"same_as": "src_tokenizer"}:
        parsed["tgt_tokenizer"] = parsed["src_tokenizer"]
    cfg = parsed["config"]
    model = build_model(cfg)
    state = {k: torch.from_numpy(v) for k, v in safetensors_io.dequantize(tensors).items()}
    model.load_state_dict(state, strict=True)
    model.eval()
    return model, cfg, parsed
