"""PyTorch reference models of attnseq.

The module tree of each model IS the weight naming scheme: `state_dict()` keys are
written unchanged into the model file and the C++ loader asks for the same names
(see docs/model-format.md). Do not rename attributes without changing the C++ side.

Conventions shared with the C++ runtime:
  * source ids = pieces + [eos]; decoder input starts with bos; generation stops at eos.
  * ids: pad 0, unk 1, bos 2, eos 3 (both vocabularies).
  * output logits are tied to the decoder embedding: logits = W_embed @ o + decoder.out_bias.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

PAD, UNK, BOS, EOS = 0, 1, 2, 3
ATTENTION_KINDS = ("none", "additive", "dot", "general", "scaled_dot")


def build_model(cfg):
    """cfg: the dict stored as `config` in the model file."""
    if cfg["arch"] == "rnn":
        return RnnSeq2Seq(cfg)
    if cfg["arch"] == "transformer":
        return Transformer(cfg)
    if cfg["arch"] == "conv":
        return ConvSeq2Seq(cfg)
    raise ValueError(f"unknown arch {cfg['arch']!r}")


def apply_interventions(model, state, source_mask=(), head_mask=()):
    """The runtime's interventions (DecodeOptions source_mask and head_mask) on an encoded state:
    source_mask: source positions left out of every cross-attention softmax (weight 0, the other weights
    renormalized; the encoder still read them); head_mask: (layer, head) pairs, 0-based, whose context
    (the head's weighted sum) is zeroed before what reads it (Transformer: the output projection; the GRU
    decoder's one attention, (0, 0): the combine layer). Returns the state (changed in place)."""
    if not source_mask and not head_mask:
        return state
    cfg = model.cfg
    if cfg["arch"] != "transformer" and cfg["attention"] == "none":
        raise ValueError("the model without attention has no cross-attention to mask")
    if source_mask:
        keep = torch.ones(state["mask"].shape[-1], dtype=torch.bool)
        keep[list(source_mask)] = False
        state["mask"] = state["mask"] & keep
    if head_mask:
        layers, heads = (cfg["dec_layers"], cfg["heads"]) if cfg["arch"] == "transformer" else (1, 1)
        on = torch.ones(layers, heads)
        for layer, head in head_mask:
            on[layer, head] = 0.0
        state["head_keep"] = on
    return state


# --------------------------------------------------------------------------- RNN


class Attention(nn.Module):
    """Scores one query (decoder state h_t, [B, H]) against the memory [B, S, H].

    additive:   score_j = v . tanh(W_q h + W_k m_j + b_k)      (Bahdanau)
    dot:        score_j = h . m_j                               (Luong)
    general:    score_j = h . (W m_j)                           (Luong, bilinear)
    scaled_dot: score_j = h . m_j / sqrt(H)
    Keys that do not depend on the query are precomputed once per source (`keys`).
    """

    def __init__(self, kind, hidden, attn_dim):
        super().__init__()
        self.kind = kind
        if kind == "additive":
            self.query = nn.Linear(hidden, attn_dim, bias=False)
            self.key = nn.Linear(hidden, attn_dim)
            self.v = nn.Linear(attn_dim, 1, bias=False)
        elif kind == "general":
            self.bilinear = nn.Linear(hidden, hidden, bias=False)

    def keys(self, memory):
        if self.kind == "additive":
            return self.key(memory)  # [B, S, A]
        if self.kind == "general":
            return self.bilinear(memory)  # [B, S, H]
        return memory

    def scores(self, query, keys):
        """query [B, T, H], keys [B, S, *] -> scores [B, T, S]."""
        if self.kind == "additive":
            q = self.query(query)  # [B, T, A]
            return self.v(torch.tanh(q.unsqueeze(2) + keys.unsqueeze(1))).squeeze(-1)
        s = torch.bmm(query, keys.transpose(1, 2))
        if self.kind == "scaled_dot":
            s = s / math.sqrt(query.size(-1))
        return s


class RnnEncoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        if not cfg["share_embeddings"]:
            self.embed = nn.Embedding(cfg["vocab_src"], cfg["emb_dim"], padding_idx=PAD)
        self.rnn = nn.GRU(cfg["emb_dim"], cfg["hidden"] // 2, batch_first=True, bidirectional=True)


class RnnDecoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        H, E = cfg["hidden"], cfg["emb_dim"]
        self.embed = nn.Embedding(cfg["vocab_tgt"], E, padding_idx=PAD)
        self.rnn = nn.GRU(E, H, batch_first=True)
        if cfg["attention"] != "none":
            self.attention = Attention(cfg["attention"], H, cfg.get("attn_dim", 0))
        self.combine = nn.Linear(2 * H if cfg["attention"] != "none" else H, E)
        self.out_bias = nn.Parameter(torch.zeros(cfg["vocab_tgt"]))


class RnnSeq2Seq(nn.Module):
    """Bi-GRU encoder, GRU decoder; with or without attention over the encoder outputs.

    encode: memory m_j = [fwd_j ; bwd_j] (H), h_0 = tanh(bridge([fwd_last ; bwd_first])).
    step:   h_t = GRU(embed(y_{t-1}), h_{t-1}); c_t = sum_j softmax(score(h_t, m))_j m_j;
            o_t = tanh(combine([h_t ; c_t]))   (no attention: o_t = tanh(combine(h_t)));
            logits = embed_tgt @ o_t + out_bias.
    """

    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.encoder = RnnEncoder(cfg)
        self.bridge = nn.Linear(cfg["hidden"], cfg["hidden"])
        self.decoder = RnnDecoder(cfg)
        self.dropout = nn.Dropout(cfg.get("dropout", 0.0))

    def src_embed(self, ids):
        emb = self.decoder.embed if self.cfg["share_embeddings"] else self.encoder.embed
        return emb(ids)

    def encode(self, src, src_len):
        """src [B, S] padded, src_len [B] -> state dict."""
        x = self.dropout(self.src_embed(src))
        packed = nn.utils.rnn.pack_padded_sequence(x, src_len.cpu(), batch_first=True, enforce_sorted=False)
        out, h_n = self.encoder.rnn(packed)
        memory, _ = nn.utils.rnn.pad_packed_sequence(out, batch_first=True, total_length=src.size(1))
        h0 = torch.tanh(self.bridge(torch.cat([h_n[0], h_n[1]], dim=-1)))  # [B, H]
        state = {"hidden": h0.unsqueeze(0), "mask": src != PAD}
        if self.cfg["attention"] != "none":
            memory = self.dropout(memory)
            state["memory"] = memory
            state["keys"] = self.decoder.attention.keys(memory)
        return state

    def decode(self, state, tgt_in, record=None):
        """Teacher forcing: tgt_in [B, T] -> (logits [B, T, V], attention [B, T, S] or None, new hidden).
        record: a dict that receives the attention's "scores" [B, T, S] (before the softmax) and
        "context" [B, T, H] (the weighted sum of the memory), for the runtime's golden tests."""
        y = self.dropout(self.decoder.embed(tgt_in))
        h, hidden = self.decoder.rnn(y, state["hidden"])  # [B, T, H]
        attn = None
        if self.cfg["attention"] != "none":
            scores = self.decoder.attention.scores(h, state["keys"])
            scores = scores.masked_fill(~state["mask"].unsqueeze(1), float("-inf"))
            attn = torch.softmax(scores, dim=-1)
            ctx = torch.bmm(attn, state["memory"])
            if "head_keep" in state:  # apply_interventions: its one head switched off
                ctx = ctx * state["head_keep"][0, 0]
            if record is not None:
                record["scores"], record["context"] = scores, ctx
            h = torch.cat([h, ctx], dim=-1)
        o = torch.tanh(self.decoder.combine(self.dropout(h)))
        logits = F.linear(self.dropout(o), self.decoder.embed.weight, self.decoder.out_bias)
        return logits, attn, hidden

    def forward(self, src, src_len, tgt_in):
        logits, _, _ = self.decode(self.encode(src, src_len), tgt_in)
        return logits

    # incremental interface used by the reference search (train/attnseq_train/search.py)
    def step(self, state, tokens):
        """tokens [B] -> (log-probs [B, V], attention [B, S] or None); updates state in place."""
        logits, attn, hidden = self.decode(state, tokens.unsqueeze(1))
        state["hidden"] = hidden
        return torch.log_softmax(logits[:, 0], dim=-1), None if attn is None else attn[:, 0]

    @staticmethod
    def reorder(state, index):
        out = {"hidden": state["hidden"].index_select(1, index), "mask": state["mask"].index_select(0, index)}
        if "head_keep" in state:
            out["head_keep"] = state["head_keep"]
        for k in ("memory", "keys"):
            if k in state:
                out[k] = state[k].index_select(0, index)
        return out


# --------------------------------------------------------------------------- Convolutional encoder


class ConvEncoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        H, E, k = cfg["hidden"], cfg["emb_dim"], cfg["kernel"]
        if k % 2 != 1:
            raise ValueError(f"kernel must be odd (a window centred on its token), got {k}")
        if not cfg["share_embeddings"]:
            self.embed = nn.Embedding(cfg["vocab_src"], E, padding_idx=PAD)
        self.in_proj = nn.Linear(E, H)
        self.convs = nn.ModuleList(nn.Conv1d(H, 2 * H, k, padding=k // 2) for _ in range(cfg["conv_layers"]))


class ConvSeq2Seq(RnnSeq2Seq):
    """A convolutional encoder (ConvS2S's, Gehring et al. 2017; the seed's CNN scheme) under the GRU
    decoder with attention of RnnSeq2Seq.

    encode: x_j = in_proj(embed(s_j) * sqrt(E) + pe_j)                       [S, H]
            per layer l: z = conv_l(x) (kernel k, zero padding k // 2)        [S, 2H]
                         x = (GLU(z) + x) * sqrt(1/2),  GLU(a ; b) = a * sigmoid(b)
            memory m = x (positions past the source's end are zero before every convolution, so a
            padded batch computes what one sentence alone does);
            h_0 = tanh(bridge(mean_j m_j)).
    A token's memory sees the k-1 neighbours of each layer: 1 + L (k - 1) tokens in all.
    step/decode: RnnSeq2Seq's.
    """

    def __init__(self, cfg):
        nn.Module.__init__(self)
        self.cfg = cfg
        self.encoder = ConvEncoder(cfg)
        self.bridge = nn.Linear(cfg["hidden"], cfg["hidden"])
        self.decoder = RnnDecoder(cfg)
        self.dropout = nn.Dropout(cfg.get("dropout", 0.0))
        self.register_buffer("pe", sinusoidal_positions(cfg.get("max_positions", 256), cfg["emb_dim"]),
                             persistent=False)
        self.scale = math.sqrt(cfg["emb_dim"])

    def encode(self, src, src_len=None):
        mask = src != PAD  # [B, S]
        keep = mask.unsqueeze(-1).to(self.pe.dtype)
        x = self.dropout(self.src_embed(src) * self.scale + self.pe[: src.size(1)])
        x = self.encoder.in_proj(x) * keep  # [B, S, H]
        for conv in self.encoder.convs:
            z = conv(self.dropout(x).transpose(1, 2)).transpose(1, 2)  # [B, S, 2H]
            x = (F.glu(z, dim=-1) + x) * math.sqrt(0.5) * keep
        memory = x
        mean = memory.sum(dim=1) / keep.sum(dim=1).clamp(min=1)
        h0 = torch.tanh(self.bridge(mean))
        state = {"hidden": h0.unsqueeze(0), "mask": mask, "memory": self.dropout(memory)}
        state["keys"] = self.decoder.attention.keys(state["memory"])
        return state


# --------------------------------------------------------------------------- Transformer


def sinusoidal_positions(n, d):
    """pe[p, 2i] = sin(p / 10000^(2i/d)), pe[p, 2i+1] = cos(p / 10000^(2i/d))."""
    pos = torch.arange(n, dtype=torch.float64).unsqueeze(1)
    div = torch.pow(10000.0, torch.arange(0, d, 2, dtype=torch.float64) / d)
    pe = torch.zeros(n, d, dtype=torch.float64)
    pe[:, 0::2] = torch.sin(pos / div)
    pe[:, 1::2] = torch.cos(pos / div)
    return pe.float()


class MultiHeadAttention(nn.Module):
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        self.q = nn.Linear(d, d)
        self.k = nn.Linear(d, d)
        self.v = nn.Linear(d, d)
        self.out = nn.Linear(d, d)

    def split(self, x):  # [B, T, D] -> [B, heads, T, dh]
        B, T, D = x.shape
        return x.view(B, T, self.heads, D // self.heads).transpose(1, 2)

    def project_kv(self, x):
        return self.split(self.k(x)), self.split(self.v(x))

    def forward(self, x, k, v, mask, record=None, head_keep=None):
        """x [B, T, D]; k, v [B, h, S, dh]; mask broadcastable to [B, h, T, S], True = keep.
        Returns (out [B, T, D], weights [B, h, T, S]). record: a dict that receives "scores"
        [B, h, T, S] (q·k/sqrt(dh), masked) and "context" [B, T, D] (heads concatenated, before out).
        head_keep [h]: 0 zeroes that head's output before `out` (apply_interventions)."""
        q = self.split(self.q(x))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(q.size(-1))
        scores = scores.masked_fill(~mask, float("-inf"))
        w = torch.softmax(scores, dim=-1)
        o = torch.matmul(w, v)  # [B, h, T, dh]
        if head_keep is not None:
            o = o * head_keep[None, :, None, None]
        o = o.transpose(1, 2).reshape(x.shape)
        if record is not None:
            record["scores"], record["context"] = scores, o
        return self.out(o), w


class FeedForward(nn.Module):
    def __init__(self, d, f):
        super().__init__()
        self.fc1 = nn.Linear(d, f)
        self.fc2 = nn.Linear(f, d)

    def forward(self, x, dropout):
        return self.fc2(dropout(torch.relu(self.fc1(x))))


class EncoderLayer(nn.Module):
    def __init__(self, d, heads, f):
        super().__init__()
        self.norm1 = nn.LayerNorm(d)
        self.self_attn = MultiHeadAttention(d, heads)
        self.norm2 = nn.LayerNorm(d)
        self.ffn = FeedForward(d, f)


class DecoderLayer(nn.Module):
    def __init__(self, d, heads, f):
        super().__init__()
        self.norm1 = nn.LayerNorm(d)
        self.self_attn = MultiHeadAttention(d, heads)
        self.norm2 = nn.LayerNorm(d)
        self.cross_attn = MultiHeadAttention(d, heads)
        self.norm3 = nn.LayerNorm(d)
        self.ffn = FeedForward(d, f)


class TransformerEncoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        if not cfg["share_embeddings"]:
            self.embed = nn.Embedding(cfg["vocab_src"], cfg["d_model"], padding_idx=PAD)
        self.layers = nn.ModuleList(
            EncoderLayer(cfg["d_model"], cfg["heads"], cfg["ffn_dim"]) for _ in range(cfg["enc_layers"]))
        self.norm = nn.LayerNorm(cfg["d_model"])


class TransformerDecoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.embed = nn.Embedding(cfg["vocab_tgt"], cfg["d_model"], padding_idx=PAD)
        self.layers = nn.ModuleList(
            DecoderLayer(cfg["d_model"], cfg["heads"], cfg["ffn_dim"]) for _ in range(cfg["dec_layers"]))
        self.norm = nn.LayerNorm(cfg["d_model"])
        self.out_bias = nn.Parameter(torch.zeros(cfg["vocab_tgt"]))


class Transformer(nn.Module):
    """Pre-norm Transformer: x + SA(LN(x)), x + CA(LN(x), memory), x + FFN(LN(x)); final LN.
    Inputs: embed(id) * sqrt(d) + sinusoidal position (positions from 0; bos is position 0)."""

    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.encoder = TransformerEncoder(cfg)
        self.decoder = TransformerDecoder(cfg)
        self.register_buffer("pe", sinusoidal_positions(cfg["max_positions"], cfg["d_model"]), persistent=False)
        self.dropout = nn.Dropout(cfg.get("dropout", 0.0))
        self.scale = math.sqrt(cfg["d_model"])

    def src_embed(self, ids):
        emb = self.decoder.embed if self.cfg["share_embeddings"] else self.encoder.embed
        return emb(ids)

    def encode(self, src, src_len=None):
        mask = (src != PAD)[:, None, None, :]  # [B, 1, 1, S]
        x = self.dropout(self.src_embed(src) * self.scale + self.pe[: src.size(1)])
        self_attn = []
        for layer in self.encoder.layers:
            h = layer.norm1(x)
            k, v = layer.self_attn.project_kv(h)
            a, w = layer.self_attn(h, k, v, mask)
            self_attn.append(w)
            x = x + self.dropout(a)
            x = x + self.dropout(layer.ffn(layer.norm2(x), self.dropout))
        memory = self.encoder.norm(x)
        cross_kv = [layer.cross_attn.project_kv(memory) for layer in self.decoder.layers]
        return {"mask": mask, "cross_kv": cross_kv, "self_kv": [None] * len(self.decoder.layers),
                "pos": 0, "enc_self_attn": self_attn}

    def decode(self, state, tgt_in, record=None):
        """Appends tgt_in [B, T] to the cached prefix. Returns (logits [B, T, V], cross-attention per layer).
        record: a list that receives, per decoder layer, the cross-attention's {"scores", "context"}."""
        T, p0 = tgt_in.size(1), state["pos"]
        x = self.dropout(self.decoder.embed(tgt_in) * self.scale + self.pe[p0:p0 + T])
        causal = torch.ones(T, p0 + T, dtype=torch.bool, device=x.device).tril(p0)[None, None]
        cross = []
        for i, layer in enumerate(self.decoder.layers):
            h = layer.norm1(x)
            k, v = layer.self_attn.project_kv(h)
            if state["self_kv"][i] is not None:
                k = torch.cat([state["self_kv"][i][0], k], dim=2)
                v = torch.cat([state["self_kv"][i][1], v], dim=2)
            state["self_kv"][i] = (k, v)
            a, _ = layer.self_attn(h, k, v, causal)
            x = x + self.dropout(a)
            ck, cv = state["cross_kv"][i]
            rec = None if record is None else {}
            keep = state["head_keep"][i] if "head_keep" in state else None
            a, w = layer.cross_attn(layer.norm2(x), ck, cv, state["mask"], rec, keep)
            if record is not None:
                record.append(rec)
            cross.append(w)
            x = x + self.dropout(a)
            x = x + self.dropout(layer.ffn(layer.norm3(x), self.dropout))
        state["pos"] = p0 + T
        logits = F.linear(self.decoder.norm(x), self.decoder.embed.weight, self.decoder.out_bias)
        return logits, cross

    def forward(self, src, src_len, tgt_in):
        logits, _ = self.decode(self.encode(src), tgt_in)
        return logits

    def step(self, state, tokens):
        logits, cross = self.decode(state, tokens.unsqueeze(1))
        # alignment summary for search results: cross-attention of the last layer, averaged over heads
        return torch.log_softmax(logits[:, 0], dim=-1), cross[-1][:, :, 0].mean(dim=1)

    @staticmethod
    def reorder(state, index):
        sel = lambda t: t.index_select(0, index)
        return {**({"head_keep": state["head_keep"]} if "head_keep" in state else {}),
                "mask": sel(state["mask"]), "pos": state["pos"],
                "cross_kv": [(sel(k), sel(v)) for k, v in state["cross_kv"]],
                "self_kv": [None if kv is None else (sel(kv[0]), sel(kv[1])) for kv in state["self_kv"]],
                "enc_self_attn": state["enc_self_attn"]}
