"""Validation during training: label-smoothing-free valid loss and greedy BLEU on a subset."""
import json
import os

import sentencepiece as spm
import torch
import torch.nn.functional as F

from .batching import collate, make_batches, to_device
from .bleu import corpus_bleu, tokenizer_for
from .models import PAD
from .search import device_of, translate_ids


class Validator:
    def __init__(self, data_dir, meta, src, tgt, max_src_len, n_bleu=300):
        self.src, self.tgt = src, tgt
        self.sp_src = spm.SentencePieceProcessor(model_file=os.path.join(data_dir, meta["src_spm"]))
        self.sp_tgt = spm.SentencePieceProcessor(model_file=os.path.join(data_dir, meta["tgt_spm"]))
        with open(os.path.join(data_dir, "valid.json"), encoding="utf-8") as f:
            groups = json.load(f)
        step = max(1, len(groups) // n_bleu)
        self.groups = groups[::step][:n_bleu]
        self.src_ids = [self.sp_src.encode(g["src"])[: max_src_len - 1] + [3] for g in self.groups]
        self.tok = tokenizer_for(meta["tgt"])

    @torch.no_grad()
    def loss(self, model):
        """Mean per-token NLL (no smoothing) over the whole valid split."""
        model.eval()
        tot, n = 0.0, 0
        for idx in make_batches(self.src, self.tgt, 4000, 0, 0):
            b = to_device(collate(self.src, self.tgt, idx), device_of(model))
            logits = model(b["src"], b["src_len"], b["tgt_in"])
            tot += float(F.cross_entropy(logits.reshape(-1, logits.size(-1)), b["tgt_out"].reshape(-1),
                                         ignore_index=PAD, reduction="sum"))
            n += b["ntok"]
        return tot / max(n, 1)

    @torch.no_grad()
    def bleu(self, model):
        model.eval()
        outs = translate_ids(model, self.src_ids, beam=1, batch_size=100)
        hyps = [self.sp_tgt.decode(o) for o in outs]
        return corpus_bleu(hyps, [g["refs"] for g in self.groups], self.tok), hyps
