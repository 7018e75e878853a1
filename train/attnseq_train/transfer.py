"""Starting a run from another model's weights (transfer learning): the arch config's "init" block.

    "init": {"from": "models/en-fr-transformer.i8.safetensors",
             "scopes": ["encoder", "decoder.layers", "decoder.norm"]}

At a fresh start (no checkpoint, no snapshot), every tensor of the new model under one of the scopes
takes the value of the tensor of the same name in the model file (dequantized when it is I8). A
shorter stack takes the file's first layers. A file with shared embeddings gives its one table
(decoder.embed.weight) as encoder.embed.weight. The new run's source vocabulary must be the file's
(prepare.py --src-spm), piece for piece, when the encoder's embedding is taken: otherwise the rows
would belong to other pieces, and this stops with an error that says so. The same holds for the target
side (decoder.embed, decoder.out_bias): they may be taken only when the run's target vocabulary is the
file's, piece for piece (fine-tuning a shipped model on new data: prepare.py --joint-spm / --tgt-spm).
"""
import os

import sentencepiece as spm
import torch

from .hashing import file_sha256
from .modelfile import load_model_file


def _pieces_of_data(data_dir, meta, side="src"):
    sp = spm.SentencePieceProcessor(model_file=os.path.join(data_dir, meta[side + "_spm"]))
    return [sp.id_to_piece(i) for i in range(sp.get_piece_size())]


def _pieces_of_file(parsed, side):
    tok = parsed[side + "_tokenizer"]
    if "same_as" in tok:
        tok = parsed[tok["same_as"]]
    return [p[0] for p in tok["pieces"]]


def _source_of(name, file_state, shared):
    """-> the file's tensor name that initializes the new model's tensor `name` (None: not in the file)."""
    if name == "encoder.embed.weight" and shared:
        return "decoder.embed.weight"
    return name if name in file_state else None


def _load(path):
    """The model file, read without touching the run's random state (the new run's data order and dropout
    must not depend on the size of the model it starts from)."""
    if not os.path.exists(path):
        raise SystemExit(f"init: {path} not found (the arch config's \"init\".\"from\", read from the directory "
                         f"training runs in, the repository root)")
    try:
        with torch.random.fork_rng():
            return load_model_file(path)
    except (ValueError, KeyError, OSError) as e:
        raise SystemExit(f"init: {path} could not be read as an attnseq model file: {e}") from e


def init_from_file(model, init, data_dir, meta):
    """Copies the scoped tensors of init["from"] into `model` (in place). -> one line for the log.
    Raises SystemExit with what to do when the file does not fit (vocabulary, shapes, scopes)."""
    path, scopes = init["from"], tuple(init["scopes"])
    src_model, src_cfg, parsed = _load(path)
    file_state, shared = src_model.state_dict(), bool(src_cfg.get("share_embeddings"))
    targets = [n for n in model.state_dict() if any(n == s or n.startswith(s + ".") for s in scopes)]
    if not targets:
        raise SystemExit(f"init: no tensor of the new model is under the scopes {list(scopes)}")
    if any(t.startswith(("decoder.embed", "decoder.out")) for t in targets):
        if _pieces_of_file(parsed, "tgt") != _pieces_of_data(data_dir, meta, "tgt"):
            raise SystemExit(f"init: the scopes take the target embedding or output layer, but {path} writes "
                             f"another target vocabulary than {data_dir}; prepare the data with prepare.py "
                             f"--joint-spm or --tgt-spm (that model's SentencePiece file), or leave them out")
    if "encoder.embed.weight" in targets or (shared and "decoder.embed.weight" in targets):
        theirs = _pieces_of_file(parsed, "src")
        if theirs != _pieces_of_data(data_dir, meta):
            raise SystemExit(f"init: {path} reads another source vocabulary than {data_dir}; prepare the data "
                             f"with prepare.py --src-spm (that model's SentencePiece file), or leave 'encoder' "
                             f"out of the scopes")
    new_state, copied = model.state_dict(), 0
    with torch.no_grad():
        for name in targets:
            src = _source_of(name, file_state, shared)
            if src is None:
                raise SystemExit(f"init: {path} has no tensor {name} (its config: {src_cfg})")
            if file_state[src].shape != new_state[name].shape:
                raise SystemExit(f"init: {name} is {tuple(new_state[name].shape)} here and "
                                 f"{tuple(file_state[src].shape)} in {path}")
            new_state[name].copy_(file_state[src])
            copied += new_state[name].numel()
    return (f"init from {path} (sha256 {file_sha256(path)[:16]}): {len(targets)} tensors ({copied} values) under "
            f"{list(scopes)}; the rest keeps its random initialization")
