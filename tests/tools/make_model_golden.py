#!/usr/bin/env python3
"""Golden outputs of the PyTorch reference models for the C++ runtime's tests.

Builds tiny randomly initialised models of every architecture (seeded), writes them as model files
with the exporter's own tensor naming (state_dict keys, train/export.py) and records, for a few
sources, what the reference computes: per-step log-probabilities (top entries), attention rows,
encoder self-attention, greedy and beam outputs. The C++ tests (tests/cpp/test_models.cc) load the
files and must reproduce these numbers.

    /usr/bin/python3 tests/tools/make_model_golden.py      # rewrites tests/data/models/
    /usr/bin/python3 tests/tools/make_model_golden.py tiny-conv tiny-conv-k5   # only these variants (their
        files and golden.json entries; the others' entries are kept as they are)

    /usr/bin/python3 tests/tools/make_model_golden.py --masks   # rewrites tests/data/models/golden_masks.json
        only: the interventions (source_mask, head_mask) run by the reference on the files already there

Each variant is seeded by its name, so a rerun on another machine writes the same files; the golden
numbers may differ in the last float bits (BLAS and CPU): regenerate only what changed.
"""
import json
import os
import sys

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "train"))
from attnseq_train import safetensors_io  # noqa: E402
from attnseq_train.models import BOS, EOS, apply_interventions, build_model  # noqa: E402
from attnseq_train.search import beam_search, greedy  # noqa: E402
from export import file_config, tensors_of  # noqa: E402

OUT = os.path.join(ROOT, "tests", "data", "models")
TOK = os.path.join(ROOT, "tests", "data", "tokenizer")
TEXTS = ["The cat likes fresh bread.", "Le chat aime le pain frais.", "hello world"]
TOP = 8

VARIANTS = {
    "tiny-transformer": dict(arch="transformer", share_embeddings=False, d_model=16, heads=2, ffn_dim=32,
                             enc_layers=2, dec_layers=2, max_positions=64, max_src_len=48),
    "tiny-transformer-shared": dict(arch="transformer", share_embeddings=True, d_model=16, heads=4, ffn_dim=24,
                                    enc_layers=1, dec_layers=2, max_positions=64, max_src_len=48),
    "tiny-rnn-none": dict(arch="rnn", share_embeddings=False, emb_dim=8, hidden=16, attention="none"),
    "tiny-rnn-additive": dict(arch="rnn", share_embeddings=False, emb_dim=8, hidden=16, attention="additive",
                              attn_dim=12),
    "tiny-rnn-dot": dict(arch="rnn", share_embeddings=True, emb_dim=8, hidden=16, attention="dot"),
    "tiny-rnn-general": dict(arch="rnn", share_embeddings=False, emb_dim=8, hidden=16, attention="general"),
    "tiny-rnn-scaled_dot": dict(arch="rnn", share_embeddings=False, emb_dim=8, hidden=16, attention="scaled_dot"),
    # the conv encoder (windows at the ends of a source are partly padding: 1 position of 3, 2 of 5)
    "tiny-conv": dict(arch="conv", share_embeddings=False, emb_dim=8, hidden=16, kernel=3, conv_layers=2,
                      attention="additive", attn_dim=12, max_positions=64, max_src_len=48),
    "tiny-conv-k5": dict(arch="conv", share_embeddings=True, emb_dim=8, hidden=12, kernel=5, conv_layers=3,
                         attention="dot", max_positions=64, max_src_len=48),
}
QUANTIZED = ("tiny-transformer", "tiny-conv")  # also written as I8 files, with the I8 reference's golden


def sources(tok_cases):
    """Source ids (+ eos) of TEXTS from the tokenizer golden file (python sentencepiece's own ids)."""
    by_text = {c["text"]: c["ids"] for c in tok_cases if c["tok"] == "main" and "text" in c and "flags" not in c}
    return [by_text[t] + [EOS] for t in TEXTS]


def make_model(name, cfg, vocab):
    torch.manual_seed(sum(map(ord, name)))
    cfg = dict(cfg, vocab_src=vocab, vocab_tgt=vocab)
    model = build_model(cfg).eval()
    with torch.no_grad():  # make outputs peaked and </s> reachable, so greedy and beam differ and stop
        for n, p in model.named_parameters():
            if n.endswith("out_bias"):
                p.normal_(0.0, 0.5)
                p[EOS] = 1.5
                p[:EOS] = -30.0  # pad, unk, <s>: never produced by a trained model
            elif n.endswith("embed.weight"):
                p.mul_(0.3 if cfg["arch"] == "transformer" else 2.0)
    return model, cfg


@torch.no_grad()
def trace(model, cfg, src):
    """Teacher-forced over the greedy output: top log-probs and attention of every step."""
    out = greedy(model, [src])[0]
    state = model.encode(torch.tensor([src]), torch.tensor([len(src)]))
    steps, prev = [], BOS
    for tok in out + [EOS]:
        logp, align = model.step(state, torch.tensor([prev]))
        top = torch.topk(logp[0], TOP)
        step = {"token": tok, "logprob": float(logp[0, tok]),
                "top_ids": top.indices.tolist(), "top_logprobs": top.values.tolist(),
                "alignment": None if align is None else align[0].tolist()}
        steps.append(step)
        prev = tok
        if len(steps) >= 2 * len(src) + 10:
            break
    rec = {"src": src, "greedy": out, "steps": steps,
           "beam3": beam_search(model, [src], beam=3, alpha=1.0)[0]}
    if cfg["arch"] == "transformer":
        rec["encoder_attention_l0"] = state["enc_self_attn"][0][0].tolist()  # [heads, S, S]
        # all layers/heads of cross-attention at step 0, its scores before the softmax, its context
        st = model.encode(torch.tensor([src]), torch.tensor([len(src)]))
        layers = []
        _, cross = model.decode(st, torch.tensor([[BOS]]), record=layers)
        rec["cross_attention_step0"] = [c[0, :, 0].tolist() for c in cross]  # [layers][heads][S]
        rec["cross_scores_step0"] = [r["scores"][0, :, 0].tolist() for r in layers]  # [layers][heads][S]
        rec["cross_context_step0"] = [r["context"][0, 0].tolist() for r in layers]  # [layers][D]
        # the values each layer's weighted sum runs over: [layers][S][D] (heads' slices side by side)
        rec["attention_values"] = [cv[0].transpose(0, 1).reshape(len(src), -1).tolist() for _, cv in st["cross_kv"]]
    elif cfg["attention"] != "none":  # rnn and conv: the GRU decoder's attention
        st = model.encode(torch.tensor([src]), torch.tensor([len(src)]))
        r = {}
        model.decode(st, torch.tensor([[BOS]]), record=r)
        rec["cross_scores_step0"] = [[r["scores"][0, 0].tolist()]]   # [1 layer][1 head][S]
        rec["cross_context_step0"] = [r["context"][0, 0].tolist()]   # [1 layer][H]
        rec["attention_values"] = [st["memory"][0].tolist()]         # [1 layer][S][H]
    return rec


def mask_cases(cfg, src_len):
    """The interventions checked per model: a source position, a head, and both (with two positions)."""
    layers, heads = (cfg["dec_layers"], cfg["heads"]) if cfg["arch"] == "transformer" else (1, 1)
    last = [layers - 1, heads - 1]
    return [{"source_mask": [1], "head_mask": []},
            {"source_mask": [], "head_mask": [last]},
            {"source_mask": [0, src_len - 2], "head_mask": [[0, 0]]}]


@torch.no_grad()
def masked_trace(model, cfg, src, masks):
    """Greedy decoding under the interventions (the reference's own loop): every step's chosen token, its
    log-probability, the top entries and the alignment row; step 0's cross-attention weights and context
    of every layer and head (the masked head's context is zero, a masked position's weight 0)."""
    state = model.encode(torch.tensor([src]), torch.tensor([len(src)]))
    apply_interventions(model, state, masks["source_mask"], [tuple(h) for h in masks["head_mask"]])
    st0 = model.encode(torch.tensor([src]), torch.tensor([len(src)]))
    apply_interventions(model, st0, masks["source_mask"], [tuple(h) for h in masks["head_mask"]])
    if cfg["arch"] == "transformer":
        layers = []
        _, cross = model.decode(st0, torch.tensor([[BOS]]), record=layers)
        weights0 = [c[0, :, 0].tolist() for c in cross]                  # [layers][heads][S]
        context0 = [r["context"][0, 0].tolist() for r in layers]         # [layers][D]
    else:
        r = {}
        _, attn, _ = model.decode(st0, torch.tensor([[BOS]]), record=r)
        weights0 = [[attn[0, 0].tolist()]] if attn is not None else []
        context0 = [r["context"][0, 0].tolist()] if attn is not None else []
    steps, out, prev = [], [], BOS
    while len(steps) < 2 * len(src) + 10:
        logp, align = model.step(state, torch.tensor([prev]))
        tok = int(logp[0].argmax())
        top = torch.topk(logp[0], TOP)
        steps.append({"token": tok, "logprob": float(logp[0, tok]), "top_ids": top.indices.tolist(),
                      "top_logprobs": top.values.tolist(), "alignment": None if align is None else align[0].tolist()})
        if tok == EOS:
            break
        out.append(tok)
        prev = tok
    return {"src": src, **masks, "greedy": out, "steps": steps, "cross_attention_step0": weights0,
            "cross_context_step0": context0}


def rel(a, b):
    """||a - b|| / ||a|| (the runtime's relative_change)."""
    n = float(a.norm())
    return float((a - b).norm()) / n if n > 0 else float((a - b).norm())


@torch.no_grad()
def sensitivity_trace(model, cfg, src, replacement=1):
    """Each source token but </s> replaced by `replacement` (<unk>), the greedy output teacher-forced: the
    relative change of the fixed context h0 (no attention; and of each encoder direction's last state) or
    of each step's cross-attention context (all decoder layers side by side), and the tokens' probabilities."""
    greedy_steps = masked_trace(model, cfg, src, {"source_mask": [], "head_mask": []})["steps"]
    target = [s["token"] for s in greedy_steps]

    def read(ids):
        state = model.encode(torch.tensor([ids]), torch.tensor([len(ids)]))
        r = {"h0": state["hidden"][0, 0].clone() if cfg["arch"] != "transformer" else None}
        if cfg["arch"] == "rnn":
            x = model.src_embed(torch.tensor([ids]))
            _, h_n = model.encoder.rnn(x)
            r["fwd"], r["bwd"] = h_n[0, 0], h_n[1, 0]
        contexts, probs, prev = [], [], BOS
        for tok in target:
            if cfg["arch"] == "transformer":
                rec = []
                logits, _ = model.decode(state, torch.tensor([[prev]]), record=rec)
                contexts.append(torch.cat([x["context"][0, 0] for x in rec]))
            else:
                rec = {}
                logits, _, state["hidden"] = model.decode(state, torch.tensor([[prev]]), record=rec)
                if "context" in rec:
                    contexts.append(rec["context"][0, 0])
            probs.append(float(torch.softmax(logits[0, 0], -1)[tok]))
            prev = tok
        r["contexts"], r["probs"] = contexts, probs
        return r

    base = read(src)
    out = {"src": src, "replacement": replacement, "target": target, "probabilities": base["probs"],
           "change": [], "step_change": [], "forward": [], "backward": [], "replaced_probabilities": []}
    for p in range(len(src) - 1):
        ids = list(src)
        ids[p] = replacement
        r = read(ids)
        out["replaced_probabilities"].append(r["probs"])
        if cfg["arch"] == "rnn":
            out["forward"].append(rel(base["fwd"], r["fwd"]))
            out["backward"].append(rel(base["bwd"], r["bwd"]))
        if cfg["arch"] != "transformer" and cfg["attention"] == "none":
            out["change"].append(rel(base["h0"], r["h0"]))
        else:
            steps = [rel(a, b) for a, b in zip(base["contexts"], r["contexts"])]
            out["step_change"].append(steps)
            out["change"].append(sum(steps) / len(steps))
    return out


def write_mask_golden():
    """tests/data/models/golden_masks.json from the model files already written (every model with attention)."""
    from attnseq_train.modelfile import load_model_file
    tok_cases = json.load(open(os.path.join(TOK, "golden.json")))["encode"]
    src = sources(tok_cases)[0]
    out = {"text": TEXTS[0], "models": {}}
    for name in [*VARIANTS, *(q + ".i8" for q in QUANTIZED)]:
        model, cfg, _ = load_model_file(os.path.join(OUT, name + ".safetensors"))
        model.eval()
        if cfg["arch"] != "transformer" and cfg["attention"] == "none":
            continue  # no cross-attention to intervene on (the runtime refuses masks there)
        out["models"][name] = [masked_trace(model, cfg, src, m) for m in mask_cases(cfg, len(src))]
    out["sensitivity"] = {}
    for name in ("tiny-rnn-none", "tiny-rnn-additive", "tiny-transformer", "tiny-conv"):
        model, cfg, _ = load_model_file(os.path.join(OUT, name + ".safetensors"))
        out["sensitivity"][name] = sensitivity_trace(model.eval(), cfg, src)
    def rounded(v):  # 7 decimals: the C++ tests compare within 1e-5
        if isinstance(v, float):
            return round(v, 7)
        if isinstance(v, list):
            return [rounded(x) for x in v]
        if isinstance(v, dict):
            return {k: rounded(x) for k, x in v.items()}
        return v
    with open(os.path.join(OUT, "golden_masks.json"), "w") as f:
        json.dump(rounded(out), f, indent=None, separators=(",", ":"))
    print("wrote", os.path.join(OUT, "golden_masks.json"))


def main():
    if sys.argv[1:] == ["--masks"]:
        return write_mask_golden()
    only = sys.argv[1:]
    unknown = [n for n in only if n not in VARIANTS]
    if unknown:
        raise SystemExit(f"unknown variants {unknown}; known: {', '.join(VARIANTS)}")
    tok_json = json.load(open(os.path.join(TOK, "tok.json")))
    tok_cases = json.load(open(os.path.join(TOK, "golden.json")))["encode"]
    vocab = len(tok_json["pieces"])
    srcs = sources(tok_cases)
    os.makedirs(OUT, exist_ok=True)
    golden = {"texts": TEXTS, "top": TOP, "models": {}}
    if only:  # keep the other variants' entries
        with open(os.path.join(OUT, "golden.json")) as f:
            golden["models"] = json.load(f)["models"]
    for name, base in VARIANTS.items():
        if only and name not in only:
            continue
        model, cfg = make_model(name, base, vocab)
        tj = json.dumps(tok_json, ensure_ascii=False)
        meta = {"format": "attnseq", "format_version": "1", "config": json.dumps(file_config(cfg)),
                "src_tokenizer": tj, "name": name,
                "tgt_tokenizer": json.dumps({"same_as": "src_tokenizer"}) if cfg["share_embeddings"] else tj,
                "description": "random weights for tests (tests/tools/make_model_golden.py)"}
        safetensors_io.write(os.path.join(OUT, name + ".safetensors"), tensors_of(model, False), meta)
        golden["models"][name] = [trace(model, cfg, s) for s in srcs]
        if name in QUANTIZED:  # an I8 file: the C++ loader must read it as the Python reader does
            safetensors_io.write(os.path.join(OUT, name + ".i8.safetensors"), tensors_of(model, True), meta)
            from attnseq_train.modelfile import load_model_file
            qmodel, qcfg, _ = load_model_file(os.path.join(OUT, name + ".i8.safetensors"))
            golden["models"][name + ".i8"] = [trace(qmodel, qcfg, s) for s in srcs]
    with open(os.path.join(OUT, "golden.json"), "w") as f:
        json.dump(golden, f, indent=None, separators=(",", ":"))
    print("wrote", OUT)


if __name__ == "__main__":
    main()
