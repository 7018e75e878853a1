"""Degenerate output: a token or a 2-gram repeated 3 or more times in a row (issue 29's target:
none under the default decoding on the long split).

Units are words after sacreBLEU's 13a tokenization (punctuation apart), or characters for Chinese
(no spaces between words), so "…对对对…" and "alors alors alors" both count.
"""
from .bleu import tokenize_13a


def units(text, lang):
    if lang in ("zh", "cmn", "ja"):
        return [c for c in text if not c.isspace()]
    return tokenize_13a(text).split()


def repeat_run(text, lang, max_n=2, times=3):
    """-> (the repeated unit(s) as text, how many times) for the first n-gram (n <= max_n) that occurs
    `times` or more times in a row, or None."""
    u = units(text, lang)
    for n in range(1, max_n + 1):
        for i in range(len(u) - n * times + 1):
            gram = u[i:i + n]
            k = 1
            while u[i + k * n:i + (k + 1) * n] == gram:
                k += 1
            if k >= times:
                return " ".join(gram), k
    return None


def degenerate_report(hyps, lang):
    """-> {"count": n, "examples": [{"index", "unit", "times", "hyp"}] (first 10)}."""
    found = []
    for i, h in enumerate(hyps):
        r = repeat_run(h, lang)
        if r:
            found.append({"index": i, "unit": r[0], "times": r[1], "hyp": h})
    return {"count": len(found), "examples": found[:10]}
