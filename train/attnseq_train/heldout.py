"""The check sentences (train/heldout.json) and what counts as a close variant of one.

A training or validation pair is dropped when any side of it, normalized (NFKC, lowercase,
punctuation removed, Chinese through OpenCC t2s), is a close variant of a check sentence of that
language:
  * within edit distance max(1, n // 4) of it, in words (English, French) or characters (Chinese),
    where n is the check sentence's length: "How are you doing?" and "Who are you?" are variants
    of "How are you?";
  * or it contains the check sentence (of at least 3 words / 4 characters) as a contiguous run.
The test split keeps everything: BLEU stays comparable across runs.
"""
import json
import os
import re
import unicodedata

HELDOUT_JSON = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "heldout.json")
_PUNCT = re.compile(r"[^\w\s']", re.UNICODE)


def units(text, lang):
    """Normalized words (en, fr) or characters (zh) of a sentence."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = _PUNCT.sub(" ", text)
    if lang == "zh":
        return tuple(c for c in text if not c.isspace())
    return tuple(text.replace("'", "' ").split())


def edit_distance(a, b, limit):
    """Levenshtein distance of two sequences, or limit + 1 once it must exceed limit."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y))
        if min(cur) > limit:
            return limit + 1
        prev = cur
    return prev[-1]


def _contains(hay, needle):
    n = len(needle)
    return any(hay[i:i + n] == needle for i in range(len(hay) - n + 1))


class HeldOut:
    def __init__(self, path=HELDOUT_JSON, simplify=None):
        """simplify: a function list[str] -> list[str] (textnorm.to_simplified) for the Chinese list."""
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        self.sentences = {lang: list(v) for lang, v in data.items() if isinstance(v, list)}
        zh = self.sentences.get("zh", [])
        if zh and simplify:
            zh = simplify(zh)
        self.checks = {lang: [units(s, lang) for s in (zh if lang == "zh" else v)]
                       for lang, v in self.sentences.items()}

    def variant_of(self, text, lang):
        """The check sentence (normalized units) that `text` is a close variant of, or None.
        Chinese text must already be Simplified."""
        u = units(text, lang)
        min_contained = 4 if lang == "zh" else 3
        for c in self.checks.get(lang, []):
            limit = max(1, len(c) // 4)
            if edit_distance(u, c, limit) <= limit:
                return c
            if len(c) >= min_contained and _contains(u, c):
                return c
        return None
