#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets into tests/fuzz/corpus/<target>/ (committed; small).

    python3 tests/fuzz/make_seeds.py

fuzz_model_loader: tests/data/models/tiny-rnn-dot.safetensors and hand-made miniature model files (every architecture and attention kind, F32 and I8,
    shared embeddings, a same_as target tokenizer) of a few kB each -- small inputs keep libFuzzer fast,
    and they exercise the same code as the real tiny models of tests/data/models/ -- plus a few
    damaged headers.
fuzz_tokenizer: the tokenizer JSON of tests/data/tokenizer/ and miniature ones (mode byte 0), texts to
    encode with the real tokenizers (mode byte 1 or 3).
fuzz_decode_options: option blobs in the layout of fuzz_decode_options.cc, one per strategy and model.
Pure Python (no torch, no numpy); seeded, so the output is the same on every run.
"""
import json
import os
import random
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "tests", "fuzz", "corpus")
DATA = os.path.join(ROOT, "tests", "data")

# A 12-piece tokenizer: ids 0..3 are <pad> <unk> <s> </s> as the model format requires.
MINI_PIECES = [["<pad>", 0.0, 3], ["<unk>", 0.0, 2], ["<s>", 0.0, 3], ["</s>", 0.0, 3],
               ["\u2581", -2.0, 1], ["a", -2.5, 1], ["c", -3.0, 1], ["t", -3.0, 1], ["\u2581a", -1.5, 1],
               [".", -2.0, 1], ["\u2581cat", -1.0, 1], ["<sep>", 0.0, 4]]


def mini_tokenizer(pieces=MINI_PIECES, charsmap=""):
    return {"type": "unigram", "pieces": pieces, "unk_id": 1, "bos_id": 2, "eos_id": 3, "pad_id": 0,
            "normalizer": {"name": "identity", "precompiled_charsmap": charsmap, "add_dummy_prefix": True,
                           "remove_extra_whitespaces": True, "escape_whitespaces": True}}


def safetensors(tensors, metadata, rng, quantize=False):
    """tensors: [(name, shape)] -> file bytes with random finite values (F32, or I8 + per-row scales)."""
    header, data = {"__metadata__": metadata}, bytearray()

    def add(name, dtype, shape, payload):
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [len(data), len(data) + len(payload)]}
        data.extend(payload)

    for name, shape in tensors:
        n = 1
        for d in shape:
            n *= d
        if quantize and len(shape) == 2:
            add(name, "I8", shape, bytes(rng.randrange(256) for _ in range(n)))
            add(name + ".scale", "F32", [shape[0]], struct.pack("<%df" % shape[0], *[0.01] * shape[0]))
        else:
            add(name, "F32", shape, struct.pack("<%df" % n, *[rng.uniform(-0.5, 0.5) for _ in range(n)]))
    text = json.dumps(header, separators=(",", ":"))
    text += " " * ((8 - (8 + len(text)) % 8) % 8)
    return struct.pack("<Q", len(text)) + text.encode() + bytes(data)


def linear(name, out, inp, bias=True):
    return [(name + ".weight", (out, inp))] + ([(name + ".bias", (out,))] if bias else [])


def rnn_tensors(v, e, h, attention, a, share):
    t = [("decoder.embed.weight", (v, e))] + ([] if share else [("encoder.embed.weight", (v, e))])
    for suffix in ("", "_reverse"):
        t += [("encoder.rnn.weight_ih_l0" + suffix, (3 * h // 2, e)), ("encoder.rnn.weight_hh_l0" + suffix, (3 * h // 2, h // 2)),
              ("encoder.rnn.bias_ih_l0" + suffix, (3 * h // 2,)), ("encoder.rnn.bias_hh_l0" + suffix, (3 * h // 2,))]
    t += linear("bridge", h, h)
    t += [("decoder.rnn.weight_ih_l0", (3 * h, e)), ("decoder.rnn.weight_hh_l0", (3 * h, h)),
          ("decoder.rnn.bias_ih_l0", (3 * h,)), ("decoder.rnn.bias_hh_l0", (3 * h,))]
    if attention == "additive":
        t += linear("decoder.attention.query", a, h, False) + linear("decoder.attention.key", a, h)
        t += linear("decoder.attention.v", 1, a, False)
    elif attention == "general":
        t += linear("decoder.attention.bilinear", h, h, False)
    t += linear("decoder.combine", e, h if attention == "none" else 2 * h)
    t += [("decoder.out_bias", (v,))]
    return t


def transformer_tensors(v, d, f, enc, dec, share):
    t = [("decoder.embed.weight", (v, d))] + ([] if share else [("encoder.embed.weight", (v, d))])
    norm = lambda n: [(n + ".weight", (d,)), (n + ".bias", (d,))]  # noqa: E731
    mha = lambda s: sum((linear(s + "." + p, d, d) for p in "qkv"), []) + linear(s + ".out", d, d)  # noqa: E731
    ffn = lambda s: linear(s + ".fc1", f, d) + linear(s + ".fc2", d, f)  # noqa: E731
    for i in range(enc):
        p = "encoder.layers.%d" % i
        t += norm(p + ".norm1") + norm(p + ".norm2") + mha(p + ".self_attn") + ffn(p + ".ffn")
    t += norm("encoder.norm")
    for i in range(dec):
        p = "decoder.layers.%d" % i
        t += norm(p + ".norm1") + norm(p + ".norm2") + norm(p + ".norm3")
        t += mha(p + ".self_attn") + mha(p + ".cross_attn") + ffn(p + ".ffn")
    t += norm("decoder.norm") + [("decoder.out_bias", (v,))]
    return t


def model_file(config, tensors, rng, quantize=False, same_as=True, name="mini"):
    tok = json.dumps(mini_tokenizer(), ensure_ascii=False)
    meta = {"format": "attnseq", "format_version": "1", "name": name, "config": json.dumps(config),
            "src_tokenizer": tok, "tgt_tokenizer": json.dumps({"same_as": "src_tokenizer"}) if same_as else tok}
    return safetensors(tensors, meta, rng, quantize)


def write(target, name, data):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def model_seeds():
    rng = random.Random(7)
    v = len(MINI_PIECES)
    for att in ("none", "additive", "dot", "general", "scaled_dot"):
        cfg = {"arch": "rnn", "vocab_src": v, "vocab_tgt": v, "emb_dim": 3, "hidden": 4, "attention": att,
               "share_embeddings": att == "dot"}
        if att == "additive":
            cfg["attn_dim"] = 3
        write("fuzz_model_loader", "rnn-%s.safetensors" % att,
              model_file(cfg, rnn_tensors(v, 3, 4, att, 3, att == "dot"), rng, same_as=att != "general"))
    cfg = {"arch": "transformer", "vocab_src": v, "vocab_tgt": v, "d_model": 4, "heads": 2, "ffn_dim": 4,
           "enc_layers": 1, "dec_layers": 1, "max_positions": 16, "max_src_len": 12}
    write("fuzz_model_loader", "transformer.safetensors", model_file(cfg, transformer_tensors(v, 4, 4, 1, 1, False), rng))
    write("fuzz_model_loader", "transformer.i8.safetensors",
          model_file(cfg, transformer_tensors(v, 4, 4, 1, 1, False), rng, quantize=True))
    cfg = dict(cfg, share_embeddings=True, heads=1, dec_layers=2)
    write("fuzz_model_loader", "transformer-shared.safetensors",
          model_file(cfg, transformer_tensors(v, 4, 4, 1, 2, True), rng, same_as=False))
    # one real model of tests/data/models (exported by the PyTorch pipeline), the smallest
    with open(os.path.join(DATA, "models", "tiny-rnn-dot.safetensors"), "rb") as f:
        write("fuzz_model_loader", "real-tiny-rnn-dot.safetensors", f.read())
    # damaged files: typed errors expected
    write("fuzz_model_loader", "empty-header.safetensors", struct.pack("<Q", 2) + b"{}")
    write("fuzz_model_loader", "not-json.safetensors", struct.pack("<Q", 8) + b"{\"a\":[1,")
    write("fuzz_model_loader", "short.safetensors", b"\x10\x00\x00")
    write("fuzz_model_loader", "truncated-tensor.safetensors",
          struct.pack("<Q", 64) + b'{"x":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}}'.ljust(64) + b"\0" * 8)


def tokenizer_seeds():
    for name in ("tok.json", "tok_bytes.json"):
        with open(os.path.join(DATA, "tokenizer", name), "rb") as f:
            write("fuzz_tokenizer", "json-" + name, b"\x00" + f.read())
    write("fuzz_tokenizer", "json-mini.json", b"\x00" + json.dumps(mini_tokenizer(), ensure_ascii=False).encode())
    # a miniature charsmap (from tok.json) on the miniature vocabulary
    with open(os.path.join(DATA, "tokenizer", "tok.json"), encoding="utf-8") as f:
        charsmap = json.load(f)["normalizer"]["precompiled_charsmap"]
    mini = mini_tokenizer(MINI_PIECES + [["\u2122", 0.0, 4]], charsmap)
    write("fuzz_tokenizer", "json-mini-charsmap.json", b"\x00" + json.dumps(mini, ensure_ascii=False).encode())
    texts = ["The cat likes fresh bread.", "  Le   chat\taime le pain frais.  ", "\u2122 \uff21\uff22 \u00e9t\u00e9 \u2581",
             "\u6f22\u5b57\u3068\u304b\u306a", "bad \xff\xfe utf-8 \xc3", "<s></s><unk> <sep>", ""]
    for i, t in enumerate(texts):
        raw = t.encode("utf-8", "surrogateescape") if "\xff" not in t else t.encode("latin-1")
        write("fuzz_tokenizer", "text-%d" % i, (b"\x01" if i % 2 else b"\x03") + raw)
    write("fuzz_tokenizer", "ids-raw", b"\x01" + struct.pack("<6i", 0, 1, 7, 399, -1, 400))


def options_blob(model, strategy, beam=4, lp=1.0, nh=1, temp=1.0, top_k=0, top_p=1.0, seed=42, ratio=2.0, extra=10,
                 max_length=20, flags=3, alternatives=5, prefix=(), text="The cat likes fresh bread."):
    b = struct.pack("<BBifififQfiiBiB", model, strategy, beam, lp, nh, temp, top_k, top_p, seed, ratio, extra,
                    max_length, flags, alternatives, len(prefix))
    return b + struct.pack("<%di" % len(prefix), *prefix) + text.encode("utf-8")


def options_seeds():
    for m in range(8):
        write("fuzz_decode_options", "greedy-m%d" % m, options_blob(m, 0))
        write("fuzz_decode_options", "beam-m%d" % m, options_blob(m, 1, beam=3, nh=2, lp=0.6))
        write("fuzz_decode_options", "sample-m%d" % m, options_blob(m, 2, temp=0.7, top_k=20, top_p=0.9, seed=m))
    write("fuzz_decode_options", "greedy-nocache-step", options_blob(0, 0, flags=4 | 2, alternatives=50))
    write("fuzz_decode_options", "sample-step-prefix", options_blob(1, 2, flags=7, prefix=(40, 12, 3)))
    write("fuzz_decode_options", "beam-prefix", options_blob(2, 1, beam=64, nh=64, prefix=(9, 10), max_length=8))
    write("fuzz_decode_options", "bad-nan", options_blob(3, 2, temp=float("nan")))
    write("fuzz_decode_options", "bad-beam", options_blob(4, 1, beam=65))
    write("fuzz_decode_options", "blank-text", options_blob(5, 0, text="   "))


if __name__ == "__main__":
    model_seeds()
    tokenizer_seeds()
    options_seeds()
