"""Batched greedy and beam search over the reference models (encode / step / reorder).

Sources are id lists that already end with eos (3). The output length is capped at
2 * len(source) + 10 tokens (eos included) and at the model's max_target_len; a hypothesis that reaches the cap ends there,
without eos (as the C++ runtime does).
Beam search ranks finished hypotheses by score / length**alpha (length counts eos).
"""
import torch

from .models import BOS, EOS, PAD


def pad_batch(seqs, device=None):
    """list of int lists -> (LongTensor [B, S] padded with 0, lengths [B]), on `device` (default CPU)."""
    lens = torch.tensor([len(s) for s in seqs], dtype=torch.long)
    out = torch.full((len(seqs), int(lens.max())), PAD, dtype=torch.long)
    for i, s in enumerate(seqs):
        out[i, : len(s)] = torch.as_tensor(list(s), dtype=torch.long)
    return out.to(device), lens.to(device)


def device_of(model):
    return next(model.parameters()).device


def max_target_len(cfg):
    """The longest output a model can produce, as the C++ runtime's ModelConfig::max_target_len: the
    Transformer's position table, 1024 for the RNN."""
    return cfg["max_positions"] if cfg["arch"] == "transformer" else 1024


def max_lengths(src_lens, cfg):
    """Output length caps (eos included) for source lengths: 2 * len + 10, at most max_target_len(cfg)."""
    return (2 * src_lens + 10).clamp(max=max_target_len(cfg))


@torch.no_grad()
def greedy(model, srcs):
    """srcs: list of id lists (with eos). -> list of output id lists (without bos/eos)."""
    dev = device_of(model)
    src, lens = pad_batch(srcs, dev)
    state = model.encode(src, lens)
    limit = max_lengths(lens, model.cfg)
    B = src.size(0)
    tokens = torch.full((B,), BOS, dtype=torch.long, device=dev)
    done = torch.zeros(B, dtype=torch.bool, device=dev)
    out = []
    for t in range(int(limit.max())):
        logp, _ = model.step(state, tokens)
        tokens = logp.argmax(-1).masked_fill(done, PAD)
        out.append(tokens)
        done |= (tokens == EOS) | (t + 1 >= limit)  # at the limit a hypothesis ends without eos
        if done.all():
            break
    seqs = torch.stack(out, 1).tolist()
    return [s[: s.index(EOS)] if EOS in s else [x for x in s if x != PAD] for s in seqs]


@torch.no_grad()
def beam_search(model, srcs, beam=5, alpha=1.0):
    """Batched beam search. -> list of best id lists (without bos/eos)."""
    if beam <= 1:
        return greedy(model, srcs)
    dev = device_of(model)
    src, lens = pad_batch(srcs, dev)
    B, K = src.size(0), beam
    state = model.encode(src, lens)
    state = model.reorder(state, torch.arange(B, device=dev).repeat_interleave(K))
    limit = max_lengths(lens, model.cfg).tolist()
    scores = torch.full((B, K), float("-inf"), device=dev)
    scores[:, 0] = 0.0
    hist = torch.full((B * K, 0), PAD, dtype=torch.long, device=dev)
    tokens = torch.full((B * K,), BOS, dtype=torch.long, device=dev)
    finished = [[] for _ in range(B)]  # (normalized score, ids)
    done = [False] * B
    for t in range(max(limit)):
        logp, _ = model.step(state, tokens)
        V = logp.size(-1)
        cand = (scores.view(-1, 1) + logp).view(B, K * V)
        top_s, top_i = cand.topk(min(2 * K, K * V), dim=-1)
        beam_idx, tok_idx = (top_i // V).tolist(), (top_i % V).tolist()
        top_s = top_s.tolist()
        new_scores = torch.full((B, K), float("-inf"), device=dev)
        src_rows, new_tok = list(range(B * K)), [PAD] * (B * K)
        for b in range(B):
            if done[b]:
                continue
            k = 0
            last = t + 1 >= limit[b]
            for s, bi, ti in zip(top_s[b], beam_idx[b], tok_idx[b]):
                if s == float("-inf"):
                    break
                row = b * K + bi
                if ti == EOS or last:
                    ids = hist[row].tolist() + ([] if ti == EOS else [ti])
                    finished[b].append((s / (t + 1) ** alpha, ids))
                    continue
                if k < K:
                    src_rows[b * K + k], new_tok[b * K + k] = row, ti
                    new_scores[b, k] = s
                    k += 1
            if len(finished[b]) >= K or last or k == 0:
                done[b] = True
                new_scores[b] = float("-inf")
        if all(done):
            break
        index = torch.tensor(src_rows, device=dev)
        state = model.reorder(state, index)
        tokens = torch.tensor(new_tok, device=dev)
        hist = torch.cat([hist.index_select(0, index), tokens.unsqueeze(1)], 1)
        scores = new_scores
        # rows of finished sentences keep running on dummy input; their scores stay -inf
    return [max(f, key=lambda x: x[0])[1] if f else [] for f in finished]


def translate_ids(model, srcs, beam=1, batch_size=64, alpha=1.0):
    """Decodes in length-sorted batches; returns outputs in input order."""
    order = sorted(range(len(srcs)), key=lambda i: len(srcs[i]))
    out = [None] * len(srcs)
    for i in range(0, len(order), batch_size):
        idx = order[i: i + batch_size]
        res = beam_search(model, [srcs[j] for j in idx], beam=beam, alpha=alpha)
        for j, r in zip(idx, res):
            out[j] = r
    return out
