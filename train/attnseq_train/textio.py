"""Tokenizers for Python-side decoding of a model file: the data dir's SentencePiece models,
checked against the tokenizer JSON stored in the file."""
import json
import os

import sentencepiece as spm

from .spm_json import tokenizer_json


def load_tokenizers(data_dir, file_meta=None):
    """-> (sp_src, sp_tgt, data meta). Refuses (SystemExit) a model file whose tokenizers are not the
    data dir's: its ids would mean other pieces, and any figure computed so would be garbage."""
    with open(os.path.join(data_dir, "meta.json")) as f:
        meta = json.load(f)
    paths = [os.path.join(data_dir, meta[k]) for k in ("src_spm", "tgt_spm")]
    if file_meta is not None:
        for key, p in zip(("src_tokenizer", "tgt_tokenizer"), paths):
            if file_meta.get(key) != tokenizer_json(p):
                raise SystemExit(f"the {key} of the model file is not {p}: this model was trained on another "
                                 f"preparation of the data; evaluate it with the data it was trained on")
    sp_src, sp_tgt = (spm.SentencePieceProcessor(model_file=p) for p in paths)
    return sp_src, sp_tgt, meta


def encode_sources(sp_src, texts, max_src_len):
    """Raw source texts -> id lists ending with eos, truncated to max_src_len."""
    return [ids[: max_src_len - 1] + [3] for ids in sp_src.encode(list(texts))]
