"""The names a model's language pair translates rather than copies (the engine's name guard leaves them to
the model: cpp/attnseq/decode/name_guard.h), from Unicode CLDR's territory, month and weekday names
(train/sets/cldr_names.json, the same names augment.py substitutes): every capitalized word of such a
name in the source language that its name in the target language does not hold ("Afrique", whose English
name is "Africa"; not "Canada", written alike; the guard reads capitalized words only, so a language
without capitals, as Chinese, has none). The model file carries them as metadata "names":
{"version": 1, "translated": [word, ...]}, sorted.
"""
import json
import os
import re

METADATA_KEY = "names"
VERSION = 1
CLDR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sets", "cldr_names.json")
_WORD = re.compile(r"[^\W\d_]+")


def translated_names(src, tgt, cldr=None):
    """-> sorted list of the source-language words of CLDR names whose target-language name differs."""
    if cldr is None:
        with open(CLDR, encoding="utf-8") as f:
            cldr = json.load(f)
    pairs = [(v.get(src), v.get(tgt)) for v in cldr["places"].values()]
    for kind in ("months", "days"):
        pairs += list(zip(cldr[kind].get(src, []), cldr[kind].get(tgt, [])))
    out = set()
    for a, b in pairs:
        if not a or not b or a == b:
            continue
        theirs = set(_WORD.findall(b))
        out.update(w for w in _WORD.findall(a) if w not in theirs and w[0].isupper())
    return sorted(out)


def table_json(words):
    """The metadata value, compact."""
    return json.dumps({"version": VERSION, "translated": list(words)}, ensure_ascii=False, separators=(",", ":"))
