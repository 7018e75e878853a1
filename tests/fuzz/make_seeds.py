#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets into tests/fuzz/corpus/<target>/ (committed; small).

    python3 tests/fuzz/make_seeds.py

Every seed is smaller than its target's -max_len (scripts/test_native_hardening.sh): libFuzzer reads only
the first max_len bytes of a larger one.

fuzz_model_loader: hand-made miniature model files (every architecture and attention kind, F32 and I8,
    shared embeddings, a same_as target tokenizer) of 3-11 kB each -- they exercise the same code as the
    real tiny models of tests/data/models/ (80-213 kB, too big for the 16 kB cap) -- plus damaged files.
fuzz_safetensors_header: the same miniature model files and small hand-made containers (metadata only,
    zero-size tensors, I8, unaligned data, a hole, trailing bytes, overlapping offsets).
fuzz_tokenizer_json: miniature tokenizer JSON: plain, with a 1 kB charsmap of a few rules (MINI_CHARSMAP),
    with byte fallback, with every normalizer flag off, without bos/eos/pad.
fuzz_tokenizer_text: tokenizer byte + texts (several scripts, malformed UTF-8, special pieces) and int32 ids,
    for each of the 3 fixed tokenizers.
fuzz_decode_options: option blobs in the layout of fuzz_decode_options.cc, one per strategy and model; and
    tests/fuzz/models/, the 8 miniature models it decodes with (the first 8 of fuzz_model_loader's seeds).
Pure Python (no torch, no numpy); seeded, so the output is the same on every run.
"""
import json
import os
import random
import shutil
import struct

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "tests", "fuzz", "corpus")
MODELS = os.path.join(ROOT, "tests", "fuzz", "models")
DATA = os.path.join(ROOT, "tests", "data")

# A 12-piece tokenizer: ids 0..3 are <pad> <unk> <s> </s> as the model format requires.
MINI_PIECES = [["<pad>", 0.0, 3], ["<unk>", 0.0, 2], ["<s>", 0.0, 3], ["</s>", 0.0, 3],
               ["\u2581", -2.0, 1], ["a", -2.5, 1], ["c", -3.0, 1], ["t", -3.0, 1], ["\u2581a", -1.5, 1],
               [".", -2.0, 1], ["\u2581cat", -1.0, 1], ["<sep>", 0.0, 4]]


# A precompiled charsmap of 8 rules, 1,046 bytes: made with sentencepiece 0.1.97,
#   spm_train --normalization_rule_tsv=rules.tsv --model_type=unigram --vocab_size=30 ...
# and train/attnseq_train/spm_json.py, from the rules (source code points -> target code points)
#   41 42 -> 61 62 ("AB" -> "ab"), FF21 -> 41, 2122 -> 54 4D, FB01 -> 66 69, 2460 -> 31,
#   65 301 -> E9, 3000 -> 20, A0 -> 20.
MINI_CHARSMAP = ("AAQAAAAAAQBBAAEACQAAgEIFAADMAAIAgQ0AAA8AAICgPQAAAAAAgISEAgCiBQAABgAAgKAFAAACAACAgAQCAIAdAACBBQAA"
                 "DAAAgKEFAAAEAACAFQAAABQAAAAXAAAAFgAAABkAAAAYAAAAGwAAABoAAACRwAIAHAAAAB8AAAAeAAAArMQCACAAAAAjAAAA"
                 "IgAAACUAAABltAMAJwAAACYAAAApAAAAKAAAACsAAAAqAAAALQAAACwAAAAvAAAALgAAALwMAgAwAAAAMwAAADIAAAA1AAAA"
                 "NAAAADcAAAA2AAAAOQAAADgAAAA7AAAAOgAAAD0AAAA8AAAAPwAAAD4AAABBAAAAQAAAAEMAAABCAAAARQAAAEQAAABHAAAA"
                 "RgAAAEkAAABIAAAASwAAAEoAAABNAAAATAAAAE8AAABOAAAAUQAAAFAAAABTAAAAUgAAAFUAAABUAAAAVwAAAFYAAABZAAAA"
                 "WAAAAFsAAABaAAAAXQAAAFwAAABfAAAAXgAAAGEAAABgAAAAYwAAAGIAAABlAAAAZAAAAGcAAABmAAAAaQAAAGgAAABrAAAA"
                 "agAAAG0AAABsAAAAbwAAAG4AAABxAAAAcAAAAHMAAAByAAAAdQAAAHQAAAB3AAAAdgAAAHkAAAB4AAAAewAAAHoAAAB9AAAA"
                 "fAAAAH8AAAB+AAAAgQAAAIAAAADClAAAggAAAIUAAACEAAAAhwAAAIYAAACJAAAAiAAAAIsAAACKAAAAjQAAAIwAAACPAAAA"
                 "jgAAAJEAAACQAAAAkwAAAJIAAACVAAAAlAAAAJcAAACWAAAAmQAAAJgAAACbAAAAmgAAAJ0AAACcAAAAnwAAAJ4AAAChAAAA"
                 "oAAAAOK8AADjtAAApQAAAKQAAACnAAAApgAAAKkAAACoAAAAqwAAAKoAAACtAAAArAAAAK8AAADvjAAAsQAAALAAAACzAAAA"
                 "sgAAALUAAAC0AAAAtwAAALYAAAC5AAAAuAAAALsAAAC6AAAAvQAAALwAAAC/AAAAvgAAAMEAAADAAAAAwwAAAMIAAADFAAAA"
                 "xAAAAMcAAADGAAAAyQAAAMgAAADLAAAAygAAAM0AAADMAAAAzwAAAM4AAADRAAAA0AAAANMAAADSAAAA1QAAANQAAADXAAAA"
                 "1gAAANkAAADYAAAA2wAAANoAAADdAAAA3AAAAN8AAADeAAAA4QAAAOAAAADjAAAA4gAAAOUAAADkAAAA5wAAAOYAAADpAAAA"
                 "6AAAAOsAAADqAAAA7QAAAOwAAADvAAAA7gAAAPEAAADwAAAA8wAAAPIAAAD1AAAA9AAAAPcAAAD2AAAA+QAAAPgAAAD7AAAA"
                 "+gAAAP0AAAD8AAAA/wAAAP4AAAAgADEAQQBUTQBhYgBmaQDDqQA=")


def mini_tokenizer(pieces=MINI_PIECES, charsmap="", dummy=True, extra_ws=True, escape_ws=True, specials=(1, 2, 3, 0)):
    unk, bos, eos, pad = specials
    return {"type": "unigram", "pieces": pieces, "unk_id": unk, "bos_id": bos, "eos_id": eos, "pad_id": pad,
            "normalizer": {"name": "identity", "precompiled_charsmap": charsmap, "add_dummy_prefix": dummy,
                           "remove_extra_whitespaces": extra_ws, "escape_whitespaces": escape_ws}}


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


def conv_tensors(v, e, h, k, layers, attention, a, share):
    """The conv encoder (window-major convolutions [2H, k*H], docs/model-format.md) under the GRU decoder."""
    dec = [t for t in rnn_tensors(v, e, h, attention, a, share) if not t[0].startswith("encoder.")]
    t = dec[:1] + ([] if share else [("encoder.embed.weight", (v, e))]) + linear("encoder.in_proj", h, e)
    for i in range(layers):
        t += linear("encoder.convs.%d" % i, 2 * h, k * h)
    return t + dec[1:]


def model_file(config, tensors, rng, quantize=False, same_as=True, name="mini"):
    tok = json.dumps(mini_tokenizer(), ensure_ascii=False)
    meta = {"format": "attnseq", "format_version": "1", "name": name, "config": json.dumps(config),
            "src_tokenizer": tok, "tgt_tokenizer": json.dumps({"same_as": "src_tokenizer"}) if same_as else tok}
    return safetensors(tensors, meta, rng, quantize)


_cleared = set()


def write(target, name, data):
    d = target if os.path.isabs(target) else os.path.join(CORPUS, target)
    if target not in _cleared:  # start each corpus afresh: no seed of an older layout stays behind
        shutil.rmtree(d, ignore_errors=True)
        _cleared.add(target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def model_seeds():
    """Miniature model files: seeds of fuzz_model_loader and of fuzz_safetensors_header."""
    rng = random.Random(7)
    v = len(MINI_PIECES)
    models = []
    for att in ("none", "additive", "dot", "general", "scaled_dot"):
        cfg = {"arch": "rnn", "vocab_src": v, "vocab_tgt": v, "emb_dim": 3, "hidden": 4, "attention": att,
               "share_embeddings": att == "dot"}
        if att == "additive":
            cfg["attn_dim"] = 3
        models.append(("rnn-%s.safetensors" % att,
                       model_file(cfg, rnn_tensors(v, 3, 4, att, 3, att == "dot"), rng, same_as=att != "general")))
    cfg = {"arch": "transformer", "vocab_src": v, "vocab_tgt": v, "d_model": 4, "heads": 2, "ffn_dim": 4,
           "enc_layers": 1, "dec_layers": 1, "max_positions": 16, "max_src_len": 12}
    models.append(("transformer.safetensors", model_file(cfg, transformer_tensors(v, 4, 4, 1, 1, False), rng)))
    models.append(("transformer.i8.safetensors",
                   model_file(cfg, transformer_tensors(v, 4, 4, 1, 1, False), rng, quantize=True)))
    cfg = dict(cfg, share_embeddings=True, heads=1, dec_layers=2)
    models.append(("transformer-shared.safetensors",
                   model_file(cfg, transformer_tensors(v, 4, 4, 1, 2, True), rng, same_as=False)))
    cfg = {"arch": "conv", "vocab_src": v, "vocab_tgt": v, "emb_dim": 4, "hidden": 4, "kernel": 3, "conv_layers": 2,
           "attention": "additive", "attn_dim": 3, "max_positions": 16, "max_src_len": 12}
    models.append(("conv.safetensors", model_file(cfg, conv_tensors(v, 4, 4, 3, 2, "additive", 3, False), rng)))
    cfg = dict(cfg, share_embeddings=True, kernel=5, conv_layers=1, attention="dot")
    del cfg["attn_dim"]
    models.append(("conv-shared.i8.safetensors",
                   model_file(cfg, conv_tensors(v, 4, 4, 5, 1, "dot", 0, True), rng, quantize=True)))
    # damaged files: typed errors expected
    models.append(("empty-header.safetensors", struct.pack("<Q", 2) + b"{}"))
    models.append(("not-json.safetensors", struct.pack("<Q", 8) + b"{\"a\":[1,"))
    models.append(("short.safetensors", b"\x10\x00\x00"))
    models.append(("truncated-tensor.safetensors",
                   struct.pack("<Q", 64) + b'{"x":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}}'.ljust(64) + b"\0" * 8))
    for name, data in models:
        write("fuzz_model_loader", name, data)
        write("fuzz_safetensors_header", name, data)
    # the fixed models of fuzz_decode_options (decoding with them costs a fraction of a millisecond)
    for name, data in models[:8]:
        write(MODELS, name, data)


def container(header, data=b"", pad=True):
    text = json.dumps(header, separators=(",", ":"))
    if pad:
        text += " " * ((8 - (8 + len(text)) % 8) % 8)
    return struct.pack("<Q", len(text)) + text.encode() + data


def header_seeds():
    """Small hand-made containers for fuzz_safetensors_header (valid ones first, then the rules)."""
    f32 = lambda n: struct.pack("<%df" % n, *[0.25 * i for i in range(n)])  # noqa: E731
    t = lambda dtype, shape, b, e: {"dtype": dtype, "shape": shape, "data_offsets": [b, e]}  # noqa: E731
    seeds = {
        "metadata-only": container({"__metadata__": {"format": "attnseq", "name": "x"}}),
        "one-f32": container({"w": t("F32", [2, 3], 0, 24)}, f32(6)),
        "f32-and-i8": container({"__metadata__": {"a": "b"}, "w": t("I8", [2, 2], 0, 4), "w.scale": t("F32", [2], 4, 12)},
                                bytes([1, 255, 3, 128]) + f32(2)),
        "zero-size": container({"e": t("F32", [0, 5], 0, 0), "s": t("F32", [], 0, 4), "z": t("I8", [3, 0], 4, 4)}, f32(1)),
        "unaligned": container({"b": t("I8", [3], 0, 3), "f": t("F32", [2], 3, 11)}, b"\x01\x02\x03" + f32(2), pad=False),
        "rank-8": container({"r": t("F32", [1, 1, 1, 1, 1, 1, 1, 2], 0, 8)}, f32(2)),
        # refused: a hole, trailing bytes, overlap, wrong span, unknown dtype, metadata not strings
        "hole": container({"a": t("F32", [1], 0, 4), "b": t("F32", [1], 8, 12)}, f32(3)),
        "trailing": container({"a": t("F32", [1], 0, 4)}, f32(2)),
        "overlap": container({"a": t("F32", [2], 0, 8), "b": t("F32", [1], 4, 8)}, f32(2)),
        "wrong-span": container({"a": t("F32", [3], 0, 8)}, f32(2)),
        "f16": container({"a": t("F16", [2], 0, 4)}, b"\0" * 4),
        "metadata-number": container({"__metadata__": {"n": 1}}),
        "huge-shape": container({"a": t("I8", [1 << 40, 1 << 40, 0], 0, 0)}),
    }
    for name, data in seeds.items():
        write("fuzz_safetensors_header", name, data)


def tokenizer_json_seeds():
    def js(tok):
        return json.dumps(tok, ensure_ascii=False, separators=(",", ":"))
    write("fuzz_tokenizer_json", "mini.json", js(mini_tokenizer()))
    write("fuzz_tokenizer_json", "mini-charsmap.json",
          js(mini_tokenizer(MINI_PIECES + [["\u2122", 0.0, 4], ["ab", -1.0, 1], ["fi", -1.2, 1], ["\u00e9", -2.0, 1]],
                            MINI_CHARSMAP)))
    byte_pieces = [["<0x%02X>" % b, 0.0, 6] for b in range(256)]
    write("fuzz_tokenizer_json", "mini-bytes.json", js(mini_tokenizer(MINI_PIECES + byte_pieces, dummy=False, extra_ws=False)))
    write("fuzz_tokenizer_json", "mini-flags-off.json",
          js(mini_tokenizer(MINI_PIECES + [["x", -9.0, 5]], MINI_CHARSMAP, dummy=False, extra_ws=False, escape_ws=False)))
    write("fuzz_tokenizer_json", "mini-no-specials.json",
          js(mini_tokenizer(MINI_PIECES[1:2] + MINI_PIECES[4:], specials=(0, -1, -1, -1))))
    # refused: a duplicate piece, a bad charsmap, an unknown piece type
    write("fuzz_tokenizer_json", "bad-duplicate.json", js(mini_tokenizer(MINI_PIECES + [["a", -1.0, 1]])))
    write("fuzz_tokenizer_json", "bad-charsmap.json", js(mini_tokenizer(charsmap=MINI_CHARSMAP[:200])))
    write("fuzz_tokenizer_json", "bad-type.json", js(mini_tokenizer(MINI_PIECES + [["q", 0.0, 7]])))


def tokenizer_text_seeds():
    texts = ["The cat likes fresh bread.", "  Le   chat\taime le pain frais.  ", "\u2122 \uff21\uff22 \u00e9t\u00e9 \u2581",
             "\u6f22\u5b57\u3068\u304b\u306a", "\u6211\u5011\u5728\u9019\u88e1\u5b78\u7fd2\u4e2d\u6587\u3002",  # Traditional
             "\u6211\u4eec\u5728\u8fd9\u91cc\u5b66\u4e60\u4e2d\u6587\u3002", "\uff08\uff11\uff09\u3000\u2460 \ufb01 e\u0301",
             "<s></s><unk> <sep> <pad>", "\U0001F44D\U0001F3FD \u05e9\u05dc\u05d5\u05dd \u202e\u0645\u0631\u062d\u0628\u0627", ""]
    blobs = [("text-%d" % i, t.encode("utf-8")) for i, t in enumerate(texts)]
    blobs.append(("bad-utf8", b"bad \xff\xfe utf-8 \xc3 \xed\xa0\x80 \xf4\x90\x80\x80 \xc0\xaf"))
    blobs.append(("ids", struct.pack("<7i", 0, 1, 7, 399, -1, 400, 3999)))
    for k in range(3):  # first byte: which fixed tokenizer (tok.json, tok_bytes.json, shipped Chinese)
        for name, blob in blobs:
            write("fuzz_tokenizer_text", "tok%d-%s" % (k, name), bytes([k]) + blob)


def options_blob(model, strategy, beam=4, lp=1.0, nh=1, temp=1.0, top_k=0, top_p=1.0, seed=42, ratio=2.0, extra=10,
                 max_length=20, flags=3, alternatives=5, prefix=(), text="The cat likes fresh bread."):
    b = struct.pack("<BBifififQfiiBiB", model, strategy, beam, lp, nh, temp, top_k, top_p, seed, ratio, extra,
                    max_length, flags, alternatives, len(prefix))
    return b + struct.pack("<%di" % len(prefix), *prefix) + text.encode("utf-8")


def options_seeds():
    # models 0-7: tests/fuzz/models/ in the order of fuzz_decode_options.cc (vocabulary of 12 pieces)
    for m in range(8):
        write("fuzz_decode_options", "greedy-m%d" % m, options_blob(m, 0))
        write("fuzz_decode_options", "beam-m%d" % m, options_blob(m, 1, beam=3, nh=2, lp=0.6))
        write("fuzz_decode_options", "sample-m%d" % m, options_blob(m, 2, temp=0.7, top_k=8, top_p=0.9, seed=m))
    write("fuzz_decode_options", "greedy-nocache-step", options_blob(5, 0, flags=4 | 2, alternatives=50))
    write("fuzz_decode_options", "sample-step-prefix", options_blob(6, 2, flags=7, prefix=(10, 9, 3)))
    write("fuzz_decode_options", "beam-prefix", options_blob(2, 1, beam=64, nh=64, prefix=(8, 10), max_length=8))
    write("fuzz_decode_options", "bad-prefix-id", options_blob(7, 0, prefix=(12,)))
    write("fuzz_decode_options", "bad-top-k", options_blob(0, 2, top_k=13))
    write("fuzz_decode_options", "bad-nan", options_blob(3, 2, temp=float("nan")))
    write("fuzz_decode_options", "bad-beam", options_blob(4, 1, beam=65))
    write("fuzz_decode_options", "blank-text", options_blob(5, 0, text="   "))
    # the no-repeat guard (flags bits 3-7: n % 5): n = 1 (no token twice) and 2, every strategy, a 12-piece
    # vocabulary (the guard bans often), step sessions and a forced prefix that repeats itself
    write("fuzz_decode_options", "guard-greedy-n1", options_blob(1, 0, flags=3 | 1 << 3, max_length=8))
    write("fuzz_decode_options", "guard-beam-n2", options_blob(5, 1, beam=4, nh=3, flags=3 | 2 << 3, max_length=8))
    write("fuzz_decode_options", "guard-sample-step-n2", options_blob(6, 2, flags=7 | 2 << 3, seed=5, max_length=8))
    write("fuzz_decode_options", "guard-prefix-n1", options_blob(2, 0, flags=3 | 1 << 3, prefix=(8, 8, 8), max_length=8))


if __name__ == "__main__":
    model_seeds()
    header_seeds()
    tokenizer_json_seeds()
    tokenizer_text_seeds()
    options_seeds()
    for old in ("fuzz_tokenizer",):  # targets split up: their old corpora go
        shutil.rmtree(os.path.join(CORPUS, old), ignore_errors=True)
