#!/usr/bin/env python3
"""Export an attnseq Transformer MODEL FILE to two ONNX graphs (for onnxruntime, e.g. the benchmark's
onnxruntime-web contender, bench/compare/):

    /usr/bin/python3 train/export_onnx.py --model build/bench/en-fr-transformer.safetensors \
        --out build/bench/onnx/en-fr-transformer

writes OUT.encoder.onnx, OUT.decoder.onnx and OUT.json (shapes, ids, opset). The weights come from
the model file through the PyTorch reference model (train/attnseq_train/modelfile.py: an I8 file is
dequantized), so every runtime that reads the same file computes with the same numbers.

Graphs (batch 1, no padding; L = dec_layers, h = heads, dh = d_model / heads):
  encoder  src_ids int64 [1, S] (source pieces + </s>)
           -> cross_k, cross_v float32 [L, 1, h, S, dh]  (each decoder layer's cross-attention K/V)
  decoder  token int64 [1, 1], position int64 [1] (0 for <s>), past_k, past_v float32 [L, 1, h, t, dh]
           (t = position; t = 0 at the first step: empty tensors), cross_k, cross_v
           -> logits float32 [1, V], present_k, present_v float32 [L, 1, h, t + 1, dh]
The decoder step is the reference Transformer.decode (pre-norm layers, tied output projection) for one
token with the self-attention K/V cache as input and output. Greedy decoding = argmax(logits), fed back.
torch.onnx.export does not need the `onnx` Python package.
"""
import argparse
import json
import math
import os
import sys
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train.modelfile import load_model_file  # noqa: E402

OPSET = 17  # LayerNormalization is a single op from opset 17 on


def _attend(mha, x, k, v):
    """One query row per batch, every key visible (batch 1, no padding; a step's causal mask keeps all)."""
    q = mha.split(mha.q(x))
    scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(q.size(-1))
    w = torch.softmax(scores, dim=-1)
    o = torch.matmul(w, v).transpose(1, 2).reshape(x.shape)
    return mha.out(o)


class EncoderGraph(nn.Module):
    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, src_ids):
        state = self.model.encode(src_ids)  # the reference encoder itself (mask all true at batch 1)
        ks = torch.stack([k for k, _ in state["cross_kv"]])
        vs = torch.stack([v for _, v in state["cross_kv"]])
        return ks, vs


class DecoderStepGraph(nn.Module):
    """Transformer.decode for T = 1 with the position and the self-attention cache as tensors."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, token, position, past_k, past_v, cross_k, cross_v):
        m = self.model
        dec = m.decoder
        x = dec.embed(token) * m.scale + m.pe.index_select(0, position).unsqueeze(0)  # [1, 1, D]
        pk, pv = [], []
        for i, layer in enumerate(dec.layers):
            h = layer.norm1(x)
            k, v = layer.self_attn.project_kv(h)
            k = torch.cat([past_k[i], k], dim=2)
            v = torch.cat([past_v[i], v], dim=2)
            pk.append(k)
            pv.append(v)
            x = x + _attend(layer.self_attn, h, k, v)
            x = x + _attend(layer.cross_attn, layer.norm2(x), cross_k[i], cross_v[i])
            x = x + layer.ffn(layer.norm3(x), nn.Identity())
        logits = F.linear(dec.norm(x), dec.embed.weight, dec.out_bias)[:, 0]
        return logits, torch.stack(pk), torch.stack(pv)


def export(model_path, out_prefix, opset=OPSET):
    """-> dict describing the two graphs (also written to OUT.json)."""
    model, cfg, meta = load_model_file(model_path)
    if cfg["arch"] != "transformer":
        raise SystemExit(f"{model_path}: arch {cfg['arch']!r}; only Transformers are exported to ONNX")
    L, H, D = cfg["dec_layers"], cfg["heads"], cfg["d_model"]
    dh = D // H
    os.makedirs(os.path.dirname(os.path.abspath(out_prefix)), exist_ok=True)
    enc_path, dec_path = out_prefix + ".encoder.onnx", out_prefix + ".decoder.onnx"
    src = torch.tensor([[5, 6, 7, 3]], dtype=torch.long)
    with torch.no_grad(), warnings.catch_warnings():
        # math.sqrt(head dim) is traced as a constant: it is one
        warnings.filterwarnings("ignore", category=torch.jit.TracerWarning)
        torch.onnx.export(EncoderGraph(model).eval(), (src,), enc_path, opset_version=opset,
                          input_names=["src_ids"], output_names=["cross_k", "cross_v"],
                          dynamic_axes={"src_ids": {1: "S"}, "cross_k": {3: "S"}, "cross_v": {3: "S"}})
        ck, cv = EncoderGraph(model)(src)
        t = 2  # trace with a non-empty cache; t is a dynamic axis (0 works at run time)
        args = (torch.tensor([[4]], dtype=torch.long), torch.tensor([t], dtype=torch.long),
                torch.zeros(L, 1, H, t, dh), torch.zeros(L, 1, H, t, dh), ck, cv)
        torch.onnx.export(DecoderStepGraph(model).eval(), args, dec_path, opset_version=opset,
                          input_names=["token", "position", "past_k", "past_v", "cross_k", "cross_v"],
                          output_names=["logits", "present_k", "present_v"],
                          dynamic_axes={"past_k": {3: "t"}, "past_v": {3: "t"}, "cross_k": {3: "S"},
                                        "cross_v": {3: "S"}, "present_k": {3: "t1"}, "present_v": {3: "t1"}})
    info = {"model": os.path.abspath(model_path), "encoder": os.path.basename(enc_path),
            "decoder": os.path.basename(dec_path), "opset": opset, "torch": torch.__version__,
            "dec_layers": L, "heads": H, "head_dim": dh, "d_model": D, "vocab_tgt": cfg["vocab_tgt"],
            "max_src_len": cfg["max_src_len"], "max_positions": cfg["max_positions"],
            "bos": 2, "eos": 3, "pad": 0,
            "bytes": {"encoder": os.path.getsize(enc_path), "decoder": os.path.getsize(dec_path)}}
    with open(out_prefix + ".json", "w") as f:
        json.dump(info, f, indent=1)
    return info


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True, help="attnseq model file (Transformer)")
    ap.add_argument("--out", required=True, help="output prefix: OUT.encoder.onnx, OUT.decoder.onnx, OUT.json")
    ap.add_argument("--opset", type=int, default=OPSET)
    a = ap.parse_args()
    torch.set_num_threads(1)
    info = export(a.model, a.out, a.opset)
    print(f"wrote {a.out}.encoder.onnx ({info['bytes']['encoder']} bytes), "
          f"{a.out}.decoder.onnx ({info['bytes']['decoder']} bytes)")


if __name__ == "__main__":
    main()
