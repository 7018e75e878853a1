"""SentencePiece normalization rules for Chinese: nmt_nfkc + Traditional → Simplified, compiled into
the tokenizer itself.

The rules are written as a TSV (sentencepiece's `normalization_rule_tsv` format: source and target
code points in hex) and compiled by the SentencePiece trainer into the model's precompiled charsmap.
The attnseq tokenizer (C++, WebAssembly) runs whatever charsmap the model file carries, so a model
whose Chinese tokenizer was trained with these rules reads Traditional and Simplified input alike,
with no conversion code anywhere else.

    zh-src: nmt_nfkc, then every character through OpenCC's t2s character table (full-width ，？！
            fold to ASCII as in nmt_nfkc): the source side of zh→en.
    zh-tgt: the same, but the full-width punctuation that Chinese text is written with (，？！：；（）)
            stays full-width: the target side of en→zh, whose training text is written that way.

Built from Debian's `sentencepiece` (spm_normalize --decompile) and `opencc` (t2s.json), both
deterministic; the table is character by character (OpenCC's phrase tables need context that a
charsmap cannot have).
"""
import functools
import os
import subprocess
import tempfile

# Unicode blocks that hold the CJK ideographs OpenCC's TSCharacters table maps.
CJK_RANGES = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x2A6DF), (0x2A700, 0x2EBEF))
# Full-width punctuation Chinese text keeps (nmt_nfkc folds these to ASCII).
FULL_WIDTH_KEPT = "，？！：；（）"


def _hex(chars):
    return " ".join(f"{ord(c):X}" for c in chars)


def _unhex(field):
    return "".join(chr(int(h, 16)) for h in field.split()) if field.strip() else ""


@functools.lru_cache(maxsize=None)
def nfkc_rules():
    """nmt_nfkc's charsmap as {source string: target string} (spm_normalize --decompile)."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "nfkc.tsv")
        subprocess.run(["spm_normalize", "--normalization_rule_name=nmt_nfkc", "--decompile", "--output", out],
                       check=True, capture_output=True)
        rules = {}
        with open(out, encoding="utf-8") as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                rules[_unhex(cols[0])] = _unhex(cols[1])
    return rules


@functools.lru_cache(maxsize=None)
def t2s_table():
    """{traditional character: simplified character}, OpenCC's t2s applied to one character at a time."""
    chars = [chr(c) for a, b in CJK_RANGES for c in range(a, b + 1)]
    out = subprocess.run(["opencc", "-c", "t2s.json"], input="\n".join(chars) + "\n", capture_output=True,
                         text=True, check=True).stdout.split("\n")
    table = {}
    for t, s in zip(chars, out):
        if s and s != t and len(s) == 1:
            table[t] = s
    return table


def build_rules(keep_full_width):
    """-> {source: target} for the charsmap (see the module doc)."""
    base, t2s = nfkc_rules(), t2s_table()  # cached: treat as read-only
    conv = lambda text: "".join(t2s.get(c, c) for c in text)  # noqa: E731
    rules = {src: conv(dst) for src, dst in base.items()}
    for t in t2s:
        if t not in rules:
            s = t2s[t]
            rules[t] = conv(base.get(s, s))
    if keep_full_width:
        for c in FULL_WIDTH_KEPT:
            rules.pop(c, None)
    return {src: dst for src, dst in rules.items() if src != dst}


def write_rules(path, keep_full_width):
    rules = build_rules(keep_full_width)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        for src in sorted(rules, key=lambda s: [ord(c) for c in s]):
            f.write(f"{_hex(src)}\t{_hex(rules[src])}\n")
    os.replace(tmp, path)
    return path


def rules_for(lang, side, out_dir):
    """Path of the rule TSV for a Chinese tokenizer (written into out_dir), or None for other languages."""
    if lang != "zh":
        return None
    name = "zh-tgt" if side == "tgt" else "zh-src"
    return write_rules(os.path.join(out_dir, name + ".rules.tsv"), keep_full_width=(side == "tgt"))
