#!/usr/bin/env python3
"""The names of months, weekdays and places in the catalogue's languages, from Unicode CLDR, for the
data augmentation of attnseq_train/augment.py (issue 29: tutorials bring months and places that
Tatoeba's short sentences hold rarely).

    apt-get install unicode-cldr-core      # Debian's CLDR (the XML under /usr/share/unicode/cldr)
    /usr/bin/python3 train/cldr_names.py --out train/sets/cldr_names.json

Writes, for en, fr, de, es and zh: the 12 month and 7 weekday names (gregorian calendar, format
context, wide width, the forms a sentence uses: "September", "septembre", "September", "septiembre",
"九月"; weekdays from Sunday), and the names of every territory and region CLDR names (alt forms
left out). The output is a small lexicon (no sentence of any corpus), committed with its licence: the
Unicode License (Unicode-DFS-2016 in Debian's copyright file), which allows redistribution with the
notice kept in the file.
"""
import argparse
import json
import os
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train.lexicon_file import debian_package, write_lexicon  # noqa: E402

LANGS = ("en", "fr", "de", "es", "zh")
CLDR = "/usr/share/unicode/cldr/common/main"


def _width(calendar, kind):
    for ctx in calendar.iter(f"{kind}Context"):
        if ctx.get("type") != "format":
            continue
        for w in ctx.iter(f"{kind}Width"):
            if w.get("type") == "wide":
                return [e.text for e in w if e.tag == kind and e.get("alt") is None]
    raise ValueError(f"no format/wide {kind} names")


def read_lang(path):
    root = ET.parse(path).getroot()
    greg = next(c for c in root.iter("calendar") if c.get("type") == "gregorian")
    months, days = _width(greg, "month"), _width(greg, "day")
    if len(months) != 12 or len(days) != 7:
        raise ValueError(f"{path}: {len(months)} months, {len(days)} days")
    places = {t.get("type"): t.text for t in root.iter("territory") if t.get("alt") is None}
    return months, days, places


def build(cldr=CLDR, langs=LANGS):
    out = {"about": "Month, weekday and territory names from Unicode CLDR (train/cldr_names.py), for "
                    "attnseq_train/augment.py's calendar and place substitutions.",
           "licence": "Unicode License (Unicode-DFS-2016): Copyright © 1991-2022 Unicode, Inc. Distributed "
                      "under the Terms of Use in https://www.unicode.org/copyright.html",
           "source": cldr, "months": {}, "days": {}, "places": {}}
    for lang in langs:
        path = os.path.join(cldr, f"{lang}.xml")
        if not os.path.exists(path):
            raise SystemExit(f"{path} is missing: apt-get install unicode-cldr-core")
        months, days, places = read_lang(path)
        out["months"][lang], out["days"][lang] = months, days
        for code, name in places.items():
            out["places"].setdefault(code, {})[lang] = name
    out["debian_package"] = debian_package("unicode-cldr-core")
    # only the territories every language names
    out["places"] = {c: n for c, n in sorted(out["places"].items()) if len(n) == len(langs)}
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cldr", default=CLDR)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "sets", "cldr_names.json"))
    a = ap.parse_args(argv)
    data = build(a.cldr)
    write_lexicon(a.out, data)
    print(f"{a.out}: {len(data['places'])} places, {data['debian_package'] or 'CLDR'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
