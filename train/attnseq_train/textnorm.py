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


def normalize_target(text, lang):
    """NFKC + whitespace collapse (+ French spacing before ? ! ; :)."""
    text = collapse_ws(unicodedata.normalize("NFKC", text))
    if lang == "fr":
        text = _FR_MARKS.sub(r" \1", text)
    return text


def english_key(text):
    """Grouping key: NFKC, lowercased, whitespace-collapsed English sentence."""
    return collapse_ws(unicodedata.normalize("NFKC", text)).lower()


def split_of(english, test_per_mille=20, valid_per_mille=10):
    """Deterministic split by a hash of the grouping key: 'test' (~2%), 'valid' (~1%), 'train'."""
    h = int.from_bytes(hashlib.sha1(english_key(english).encode("utf-8")).digest()[:8], "big") % 1000
    if h < test_per_mille:
        return "test"
    if h < test_per_mille + valid_per_mille:
        return "valid"
    return "train"
