"""Are the source's names in the translation, letter for letter? (issue 29: "José" must not become "Jos")

name_report(sources, hyps, names): over the sources that hold one of `names` (the names set's held-out
names, train/sets/held_names.json), how many translations write every one of them as often, and how many
of those holding a letter outside ASCII keep it.
"""
import re


def _count(text, name):
    return len(re.findall(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text))


def kept(src, hyp, names):
    """-> (names in src, True if each of them is in hyp as often as in src)."""
    present = [n for n in names if _count(src, n)]
    return present, all(_count(hyp, n) >= _count(src, n) for n in present)


def name_report(sources, hyps, names):
    n = ok = accented = accented_ok = 0
    misses = []
    for s, h in zip(sources, hyps):
        present, good = kept(s, h, names)
        if not present:
            continue
        n += 1
        ok += good
        if any(not p.isascii() for p in present):
            accented += 1
            accented_ok += good
        if not good and len(misses) < 5:
            misses.append({"src": s, "hyp": h, "names": present})
    return {"sentences": n, "kept": ok, "accented_sentences": accented, "accented_kept": accented_ok,
            "misses": misses}
