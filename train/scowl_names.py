#!/usr/bin/env python3
"""Names that English writes with their accents (José's letters: é, ü, ñ, ç, å ...), from SCOWL's
English word list, for the name substitutions of attnseq_train/augment.py (issue 29: "José vive en
Málaga con Inés." came out "Jos lives in Marlagas with In.": no English side of Tatoeba copies an
accented name, so the X -> en models had learned to drop accented letters).

    apt-get install wamerican-huge      # SCOWL, size 70 (/usr/share/dict/american-english-huge)
    /usr/bin/python3 train/scowl_names.py --out train/sets/scowl_names.json

Writes `names`: the list's capitalized single words that hold a letter outside ASCII (Asunción, Dvořák's kin,
Gödel, Zürich, ...), without possessives and without the capitalized words that are not names of a
person or a place (German nouns, French calendar months, derived words: NOT_NAMES below); and `plain`: a
seeded sample of 6,000 of its ASCII names and places (plain_names_of), so that a model learns to copy a name
it has not seen rather than the few hundred that Tatoeba's pairs copy. The output is
a small word list (no sentence of any corpus), committed with its notice: SCOWL's licence allows use,
copying and redistribution with the copyright notice kept (Debian's copyright file of wamerican-huge).
"""
import argparse
import json
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train.lexicon_file import debian_package, write_lexicon  # noqa: E402
from attnseq_train.plain_text import unaccented  # noqa: E402

WORDS = "/usr/share/dict/american-english-huge"
CLDR_NAMES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sets", "cldr_names.json")
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


# The others: ASCII names and places (Braddock, Hamamatsu, Osvaldo, ...), without words whose lowercase is
# an English word too (Bill, Rose), plurals, and the suffixes of adjectives, demonyms and doctrines
# (Andorran, Londoners, Lockean, Calvinism); a seeded sample of PLAIN_SIZE of them.
_NOT_NAME_ENDINGS = ("ism", "isms", "ian", "ians", "ans", "ese", "ic", "ics", "ish", "ist", "ists", "aceae", "idae",
                     "ae", "ly", "ites", "ite", "ers", "ness", "esque", "ize", "ean")
PLAIN_SIZE = 6000
# Places whose English name other languages write otherwise (the list's Munich is München in German,
# Rome is Roma in Spanish): copied unchanged they would teach the wrong word, as München would for English.
# With them every place of train/sets/cldr_names.json whose English name differs in another language.
EXONYMS = {
    "Munich", "Rome", "Naples", "Copenhagen", "Turin", "Cologne", "Vienna", "Venice", "Florence", "Milan",
    "Lisbon", "Prague", "Warsaw", "Moscow", "Athens", "Brussels", "Geneva", "Seville", "Nuremberg", "Gothenburg",
    "Zurich", "Beijing", "Peking", "Canton", "Nanking", "Genoa", "Bruges", "Antwerp", "Hague", "Basel", "Lucerne",
    "Bavaria", "Saxony", "Catalonia", "Andalusia", "Brittany", "Normandy", "Burgundy", "Flanders", "Wallonia",
    "Tuscany", "Lombardy", "Sicily", "Sardinia", "Corsica", "Crete", "Cyprus", "London", "Edinburgh", "Dunkirk",
    "Leghorn", "Padua", "Mantua", "Cracow", "Krakow", "Bucharest", "Belgrade", "Lyons", "Marseilles", "Strasbourg",
    "Aachen", "Mainz", "Trier", "Ratisbon", "Salzburg", "Tyrol", "Bohemia", "Moravia", "Silesia", "Pomerania",
    "Prussia", "Westphalia", "Hesse", "Swabia", "Thuringia", "Rhineland", "Alsace", "Lorraine", "Savoy",
    "Piedmont", "Castile", "Aragon", "Navarre", "Galicia", "Biscay", "Majorca", "Minorca", "Ibiza", "Canaries",
    "Havana", "Mexico", "Cairo", "Jerusalem", "Mecca", "Damascus", "Baghdad", "Tehran", "Delhi", "Calcutta",
}


def cldr_exonyms(path):
    """-> the English names of the places of cldr_names.json that some other language writes otherwise."""
    with open(path, encoding="utf-8") as f:
        places = json.load(f)["places"]
    return {names["en"] for names in places.values() if any(v != names["en"] for v in names.values())}



def plain_names_of(words, exclude=(), size=PLAIN_SIZE, seed=1):
    """-> a sorted seeded sample of the list's ASCII names (see above), none of `exclude`."""
    have = set(words)
    out = sorted({w for w in words if w[:1].isupper() and w.isascii() and w.isalpha() and not w.isupper()
                  and 3 <= len(w) <= 12 and w.lower() not in have and not w.endswith(_NOT_NAME_ENDINGS)
                  and not (w.endswith("s") and w[:-1] in have) and w not in exclude})
    return sorted(random.Random(seed).sample(out, min(size, len(out))))


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
        words = [line.strip() for line in f]
    names = names_of(words)
    # the names set's held-out names (train/names_set.py) stay out of training
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "sets", "held_names.json"), encoding="utf-8") as f:
        held = set(json.load(f)["names"])
    return {"about": "Names that English writes with accented letters (names), and 6,000 others (plain), from SCOWL "
                     "(train/scowl_names.py), for attnseq_train/augment.py's name substitutions.",
            "licence": "Copyright 2000-2011 by Kevin Atkinson. Permission to use, copy, modify, distribute and "
                       "sell these word lists, the associated scripts, the output created from the scripts, and "
                       "its documentation for any purpose is hereby granted without fee, provided that the above "
                       "copyright notice appears in all copies and that both that copyright notice and this "
                       "permission notice appear in supporting documentation. Kevin Atkinson makes no "
                       "representations about the suitability of this array for any purpose. It is provided "
                       "\"as is\" without express or implied warranty. (SCOWL's README, as in Debian's copyright "
                       "file of wamerican-huge, which also names the lists SCOWL draws on.)",
            "source": path,
            "debian_package": debian_package("wamerican-huge"),
            "names": [w for w in names if w not in held],
            # (nor the held names without their accents: Sofia would teach the held Sofía's letters)
            "plain": plain_names_of(words, held | {unaccented(n) for n in held} | EXONYMS | cldr_exonyms(CLDR_NAMES))}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--words", default=WORDS)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "sets", "scowl_names.json"))
    a = ap.parse_args(argv)
    data = build(a.words)
    write_lexicon(a.out, data)
    print(f"{a.out}: {len(data['names'])} accented names, {len(data['plain'])} others, {data['debian_package'] or 'SCOWL'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
