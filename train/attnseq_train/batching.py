"""Length-bucketed token-count batches with a deterministic per-epoch order.

Epoch e's batches depend only on (seed, e), so a data position is just (epoch, batch index)
and resuming replays exactly the batches that were not yet seen.
"""
import pickle

import numpy as np
import torch

from .models import BOS, EOS, PAD


def load_split(path):
    with open(path, "rb") as f:
        d = pickle.load(f)
    return d["src"], d["tgt"]


def make_batches(src, tgt, max_tokens, seed, epoch):
    """-> list of index arrays. A batch's cost is count * max(padded src len, tgt len + 1)."""
    rng = np.random.RandomState((seed * 1000003 + epoch) % (2 ** 32))
    slen = np.array([len(s) for s in src])
    tlen = np.array([len(t) + 1 for t in tgt])
    order = np.lexsort((rng.rand(len(src)), slen, tlen))  # by tgt len, then src len, random ties
    batches, cur, width = [], [], 0
    for i in order:
        w = max(width, slen[i], tlen[i])
        if cur and w * (len(cur) + 1) > max_tokens:
            batches.append(np.array(cur))
            cur, w = [], max(slen[i], tlen[i])
        cur.append(i)
        width = w
    if cur:
        batches.append(np.array(cur))
    rng.shuffle(batches)
    return batches


def collate(src, tgt, idx):
    """-> dict(src [B,S], src_len [B], tgt_in [B,T] (bos + y), tgt_out [B,T] (y + eos), ntok)."""
    B = len(idx)
    S = max(len(src[i]) for i in idx)
    T = max(len(tgt[i]) for i in idx) + 1
    s = torch.full((B, S), PAD, dtype=torch.long)
    ti = torch.full((B, T), PAD, dtype=torch.long)
    to = torch.full((B, T), PAD, dtype=torch.long)
    lens = torch.zeros(B, dtype=torch.long)
    for r, i in enumerate(idx):
        a, b = torch.from_numpy(src[i].astype(np.int64)), torch.from_numpy(tgt[i].astype(np.int64))
        s[r, : len(a)] = a
        lens[r] = len(a)
        ti[r, 0] = BOS
        ti[r, 1: len(b) + 1] = b
        to[r, : len(b)] = b
        to[r, len(b)] = EOS
    return {"src": s, "src_len": lens, "tgt_in": ti, "tgt_out": to,
            "ntok": int((to != PAD).sum()), "nsrc": int(lens.sum())}


def to_device(batch, device):
    """collate()'s tensors moved to `device` (counts stay ints)."""
    return {k: v.to(device) if torch.is_tensor(v) else v for k, v in batch.items()}
