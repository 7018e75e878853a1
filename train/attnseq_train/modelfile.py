"""attnseq model files (docs/model-format.md): the two format versions, and loading one back into the
PyTorch reference model.

Format 1 stores each tokenizer wholly in its JSON metadata: pieces [piece, score, type] and the
SentencePiece charsmap as base64. Format 2 (written since 2026-12-04) moves the charsmap to the U8 tensor
KEY.normalizer.precompiled_charsmap and the scores to the F32 tensor KEY.scores (pieces [piece, type]):
the runtime then loads without parsing ~300 KB of JSON twice, decoding base64 or parsing 4,000 decimal
floats (slow in WebAssembly's software long double), docs/benchmarks.md.
Python code works on the format-1 form (to_format1): the tokenizer JSON is then tokenizer_json()'s own.

Tensor names are the reference model's state_dict keys (models.py), which the C++ loader asks for. One
tensor is stored in another layout than PyTorch's: a convolution of the conv encoder (file_tensor and
torch_tensor convert, for the exporter and for load_model_file).
"""
import base64
import json
import re

import numpy as np
import torch

from . import safetensors_io
from .models import build_model

FORMAT_VERSION = "2"
TOKENIZER_KEYS = ("src_tokenizer", "tgt_tokenizer")
CHARSMAP = ".normalizer.precompiled_charsmap"  # tensor names = tokenizer key + these
SCORES = ".scores"


# The conv encoder's convolutions (C++: Conv1d::load of "encoder.convs.{i}" in cpp/attnseq/models/conv_seq2seq.cc).
# PyTorch's Conv1d weight [out, in, kernel] is stored as the 2-D matrix [out, kernel * in], window-major:
# W_file[o, j * in + c] = W_torch[o, c, j]. One row then holds an output channel's weights over a whole
# window, in the order the window's input rows lie in memory: the runtime's convolution is one matrix
# product of its windows (im2col) by this matrix, and --int8 quantizes it per row like any other matrix.
CONV_WEIGHT = re.compile(r"^encoder\.convs\.\d+\.weight$")


def conv_weight_name(layer):
    return f"encoder.convs.{layer}.weight"


def file_tensor(name, a):
    """A state_dict tensor (numpy) -> the model file's layout of it."""
    if CONV_WEIGHT.match(name) and a.ndim == 3:
        return np.ascontiguousarray(a.transpose(0, 2, 1).reshape(a.shape[0], -1))
    return a


def torch_tensor(name, a, cfg):
    """A model file tensor (numpy, F32) -> the state_dict's layout of it (the inverse of file_tensor)."""
    if CONV_WEIGHT.match(name) and cfg.get("arch") == "conv" and a.ndim == 2:
        out, cols = a.shape
        k = cfg["kernel"]
        if cols % k:
            raise ValueError(f"{name}: {cols} columns do not split into kernel {k} taps")
        return np.ascontiguousarray(a.reshape(out, k, cols // k).transpose(0, 2, 1))
    return a


def to_format2(tensors, meta):
    """(tensors, metadata) of format 1 -> of format 2: charsmaps moved from the JSON to U8 tensors."""
    tensors, meta = dict(tensors), dict(meta)
    for key in TOKENIZER_KEYS:
        if key not in meta:
            continue
        tok = json.loads(meta[key])
        norm = tok.get("normalizer") if isinstance(tok, dict) else None
        if isinstance(norm, dict) and "precompiled_charsmap" in norm:
            blob = base64.b64decode(norm.pop("precompiled_charsmap"), validate=True)
            tensors[key + CHARSMAP] = np.frombuffer(blob, dtype=np.uint8).copy()
        if isinstance(tok, dict) and isinstance(tok.get("pieces"), list):
            tensors[key + SCORES] = np.array([p[1] for p in tok["pieces"]], dtype=np.float32)
            tok["pieces"] = [[p[0], p[2]] for p in tok["pieces"]]
        if key + CHARSMAP in tensors or key + SCORES in tensors:
            meta[key] = json.dumps(tok, ensure_ascii=False)
    meta["format_version"] = FORMAT_VERSION
    return tensors, meta


def to_format1(tensors, meta):
    """The inverse of to_format2 (format-1 input is returned as it is): the JSON strings come back
    exactly as export wrote them before format 2, so digests and comparisons of format-1 files hold."""
    tensors, meta = dict(tensors), dict(meta)
    if meta.get("format_version") == "1":
        return tensors, meta
    for key in TOKENIZER_KEYS:
        blob, scores = tensors.pop(key + CHARSMAP, None), tensors.pop(key + SCORES, None)
        if (blob is None and scores is None) or key not in meta:
            continue
        tok = json.loads(meta[key])
        if scores is not None:
            tok["pieces"] = [[p[0], float(s), p[1]] for p, s in zip(tok["pieces"], scores)]
        if blob is not None:
            norm = tok["normalizer"]
            tok["normalizer"] = {"name": norm["name"], "precompiled_charsmap": base64.b64encode(blob.tobytes()).decode("ascii"),
                                 **{k: v for k, v in norm.items() if k != "name"}}
        meta[key] = json.dumps(tok, ensure_ascii=False)
    meta["format_version"] = "1"
    return tensors, meta


def read_format1(path):
    """-> (model tensors, metadata) of an attnseq file of either version, in the format-1 form."""
    tensors, meta = safetensors_io.read(path)
    if meta.get("format") != "attnseq":
        raise ValueError(f"{path}: not an attnseq model file")
    if meta.get("format_version") not in ("1", "2"):
        raise ValueError(f"{path}: format_version {meta.get('format_version')!r}, this reader supports '1' and '2'")
    return to_format1(tensors, meta)


def load_model_file(path):
    """-> (model in eval mode, config, metadata with JSON fields parsed: the tokenizers in their format-1
    form, whatever the file's format_version, which is the file's own)."""
    tensors, meta = read_format1(path)
    parsed = dict(meta)
    parsed["format_version"] = safetensors_io.read_header(path)["__metadata__"]["format_version"]
    for k in ("config", "src_tokenizer", "tgt_tokenizer", "training"):
        if k in meta:
            parsed[k] = json.loads(meta[k])
    if parsed.get("tgt_tokenizer") == {"same_as": "src_tokenizer"}:
        parsed["tgt_tokenizer"] = parsed["src_tokenizer"]
    cfg = parsed["config"]
    model = build_model(cfg)
    state = {k: torch.from_numpy(torch_tensor(k, v, cfg)) for k, v in safetensors_io.dequantize(tensors).items()}
    model.load_state_dict(state, strict=True)
    model.eval()
    return model, cfg, parsed
