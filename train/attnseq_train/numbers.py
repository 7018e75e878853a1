"""Are the source's numbers in the translation? (issue 29: digits are copied, not rewritten)

copied(src, hyp): every digit run of the source occurs in the output as often (strict), or the runs
missing from the output are all small numbers (at most 12) that a translation may spell out (lenient).
"""
import collections
import re

_DIGITS = re.compile(r"\d+")
# The largest number a translation may spell out instead of copying its digits; the engine's number
# guard bans number words only while a larger one is still to be written (kSmallNumber,
# cpp/attnseq/decode/number_words.h).
SMALL_NUMBER = 12


def digit_runs(text):
    return collections.Counter(_DIGITS.findall(text))


def copied(src, hyp):
    """-> (strict, lenient) booleans for one sentence with digits."""
    want, got = digit_runs(src), digit_runs(hyp)
    strict = want == got
    missing = want - got
    extra = got - want
    lenient = not extra and all(int(run) <= SMALL_NUMBER for run in missing)
    return strict, strict or lenient


def number_report(sources, hyps):
    """Over the sources that hold digits: how many translations copy them; the failures (first 10)."""
    n = strict = lenient = 0
    failures = []
    for s, h in zip(sources, hyps):
        if not _DIGITS.search(s):
            continue
        n += 1
        a, b = copied(s, h)
        strict += a
        lenient += b
        if not b:
            failures.append({"src": s, "hyp": h})
    return {"sentences": n, "copied": strict, "copied_or_small_spelled": lenient,
            "rate": round(lenient / n, 4) if n else None, "failures": failures[:10]}
