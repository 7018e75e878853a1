"""Text normalization and the deterministic train/valid/test split.

Source text goes RAW to SentencePiece (its nmt_nfkc normalizer, reproduced by the C++
runtime, does NFKC + whitespace). Target text is normalized here, because the model learns
to produce whatever the targets look like: NFKC, whitespace collapsed, and for French one
plain space before `? ! ; :` (French typography; the corpus mixes U+00A0/U+202F/none).
"""
import hashlib
import re
import unicodedata

_WS = re.compile(r"\s+")
# `? ! ;` (one or a run like `?!`) right after a non-space char, followed by end / space /
# closing quote or bracket. `:` only when followed by end or whitespace, so `10:30`,
# `http://x` and `a?b=c` stay intact.
_FR_MARKS = re.compile(r"(?<=[^\s?!;:])([?!;]+|:)(?=$|[\s»\"')\]])")


def collapse_ws(text):
    return _WS.sub(" ", text).strip()


# ASCII punctuation that Chinese text writes full-width, and its full-width form.
_ZH_FULL = {",": "，", "?": "？", "!": "！", ":": "：", ";": "；", "(": "（", ")": "）"}
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef"
# A mark next to a CJK character (or at the end after one), not between two ASCII letters/digits
# (so `10:30`, `3,5`, `A,B` stay).
_ZH_MARK = re.compile(r"(?<=[" + _CJK + r"])\s*([,?!:;])\s*|\s*([,?!:;])\s*(?=[" + _CJK + r"])")
_ZH_PAREN = re.compile(r"\(([^()]*[" + _CJK + r"][^()]*)\)")
_ZH_FINAL_DOT = re.compile(r"(?<=[" + _CJK + r"])\.$")


def zh_punctuation(text):
    """Full-width ，？！：；（） and a final 。 around Chinese characters (NFKC folded them to ASCII)."""
    text = _ZH_MARK.sub(lambda m: _ZH_FULL[m.group(1) or m.group(2)], text)
    text = _ZH_PAREN.sub(lambda m: "（" + m.group(1) + "）", text)
    return _ZH_FINAL_DOT.sub("。", text)


def normalize_target(text, lang):
    """NFKC + whitespace collapse (+ French spacing before ? ! ; :, Chinese full-width punctuation).
    Chinese targets are converted to Simplified before this (textnorm.to_simplified, whole corpus)."""
    text = collapse_ws(unicodedata.normalize("NFKC", text))
    if lang == "fr":
        text = _FR_MARKS.sub(r" \1", text)
    elif lang == "zh":
        text = zh_punctuation(text)
    return text


def to_simplified(lines):
    """OpenCC t2s (phrase-aware) over a list of lines, in one `opencc` process (Debian `opencc`)."""
    import subprocess
    if any("\n" in l for l in lines):
        raise ValueError("to_simplified: a line contains a newline")
    out = subprocess.run(["opencc", "-c", "t2s.json"], input="\n".join(lines) + "\n", capture_output=True,
                         text=True, check=True).stdout.split("\n")
    if len(out) < len(lines):
        raise RuntimeError(f"opencc returned {len(out)} lines for {len(lines)}")
    return out[:len(lines)]


def english_key(text):
    """Grouping key: NFKC, lowercased, whitespace-collapsed English sentence."""
    return collapse_ws(unicodedata.normalize("NFKC", text)).lower()


def _hash(text):
    return int.from_bytes(hashlib.sha1(text.encode("utf-8")).digest()[:8], "big")


def split_of(english, test_per_mille=20, valid_per_mille=10, reserve_long=False):
    """Deterministic split by a hash of the grouping key: 'test' (~2%), 'valid' (~1%), 'train'.
    reserve_long: a third of the other sentences that meet the long split's criterion
    (augment.long_named: 12-30 words with names, numbers or dates) are 'long', never trained on."""
    key = english_key(english)
    h = _hash(key) % 1000
    if h < test_per_mille:
        return "test"
    if h < test_per_mille + valid_per_mille:
        return "valid"
    if reserve_long:
        from .augment import long_named
        if _hash("long:" + key) % 3 == 0 and long_named(english):
            return "long"
    return "train"
