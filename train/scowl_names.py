#!/usr/bin/env python3
"""Names that English writes with their accents (José's letters: é, ü, ñ, ç, å ...), from SCOWL's
English word list, for the name substitutions of attnseq_train/augment.py (issue 29: "José vive en
Málaga con Inés." came out "Jos lives in Marlagas with In.": no English side of Tatoeba copies an
accented name, so the X -> en models had learned to drop accented letters).

    apt-get install wamerican-huge      # SCOWL, size 70 (/usr/share/dict/american-english-huge)
    /usr/bin/python3 train/scowl_names.py --out train/sets/scowl_names.json

Keeps the list's capitalized single words that hold a letter outside ASCII (Asunción, Dvořák's kin,
Gödel, Zürich, ...), without possessives and without the capitalized words that are not names of a
person or a place (German nouns, French calendar months, derived words: NOT_NAMES below). The output is
a small word list (no sentence of any corpus), committed with its notice: SCOWL's licence allows use,
copying and redistribution with the copyright notice kept (Debian's copyright file of wamerican-huge).
"""
import argparse
import json
import os
import re
import subprocess
import sys

WORDS = "/usr/share/dict/american-english-huge"
# Capitalized in the list but not names that a sentence would put where "Tom" or "Paris" stands.
NOT_NAMES = {
    "Aufklärung", "Ausländer", "Bände", "Brücke", "Couéism", "Couéist", "Couéists", "Félibre", "Félibrige",
    "Floréal", "Führer", "Führers", "Gasthäuse", "Gasthöfe", "Gemütlichkeit", "Gewürztraminer", "Götterdämmerung",
    "Günzian", "Heldentenöre", "Landsmål", "Märchen", "Mudéjar", "Mudéjares", "Münchhausens", "Netcafé", "Netcafés",
    "Nivôse", "Pathétique", "Pokémon", "Provençal", "Provençale", "Québecois", "Riksmål", "Bokmål", "Sémillon",
    "Señor", "Señora", "Señoras", "Señores", "Señorita", "Señoritas", "Señors", "Spätlese", "Sûreté", "Vendémiaire",
    "Völkerwanderung", "Volapük", "Volapükist", "Volapükists", "Würmian", "Ångströms", "Elysée", "Gräfin", "Geëz",
    "Übermensch", "Übermenschen", "Günz", "Würm",
    # names that English writes otherwise (Spain, Austria, Munich, Cologne, Nuremberg, Geneva, Gothenburg):
    # copied unchanged, they would teach an X -> en model the wrong English
    "España", "Österreich", "München", "Köln", "Nürnberg", "Genève", "Göteborg",
}
_NAME = re.compile(r"^[^\W\d_][^\W\d_]+$")


def names_of(lines):
    """-> the sorted names in a word list's lines (see the module's doc)."""
    out = set()
    for line in lines:
        w = line.strip()
        if _NAME.match(w) and w[0].isupper() and not w.isascii() and not w.isupper() and w not in NOT_NAMES:
            out.add(w)
    return sorted(out)


def build(path=WORDS):
    if not os.path.exists(path):
        raise SystemExit(f"{path} is missing: apt-get install wamerican-huge")
    with open(path, encoding="utf-8") as f:
        names = names_of(f)
    q = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "wamerican-huge"], capture_output=True, text=True)
    return {"about": "Names that English writes with accented letters, from SCOWL (train/scowl_names.py), for "
                     "attnseq_train/augment.py's name substitutions.",
            "licence": "Copyright 2000-2011 by Kevin Atkinson. Permission to use, copy, modify, distribute and "
                       "sell these word lists, the associated scripts, the output created from the scripts, and "
                       "its documentation for any purpose is hereby granted without fee, provided that the above "
                       "copyright notice appears in all copies and that both that copyright notice and this "
                       "permission notice appear in supporting documentation. Kevin Atkinson makes no "
                       "representations about the suitability of this array for any purpose. It is provided "
                       "\"as is\" without express or implied warranty. (SCOWL's README, as in Debian's copyright "
                       "file of wamerican-huge, which also names the lists SCOWL draws on.)",
            "source": path,
            "debian_package": f"wamerican-huge {q.stdout}" if q.returncode == 0 else None,
            "names": names}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--words", default=WORDS)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "sets", "scowl_names.json"))
    a = ap.parse_args(argv)
    data = build(a.words)
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"{a.out}: {len(data['names'])} names, {data['debian_package'] or 'SCOWL'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
