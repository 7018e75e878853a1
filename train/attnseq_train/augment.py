"""Training-data augmentation for what Tatoeba lacks: long inputs, numbers, names (issue 29).

Every function takes the training rows of prepare.py, (split, english, raw source, normalized target,
other side), and returns NEW training rows; nothing here touches the valid, test or long splits.
All randomness comes from one seeded numpy generator, so a data directory is reproducible.

  * concat_rows: 2 or 3 random training pairs joined into one (sentences of 12-40 words that the model
    otherwise never sees, so it learns to keep going without looping and to stop at the end).
  * number_rows: pairs whose source and target carry the same digit runs, with every run replaced by
    another number (the same on both sides): the model learns to copy digits, not to invent them.
  * name_rows: pairs whose English and other side carry the same name (Tom, Mary, ...), with the name
    replaced by another capitalized word that the corpus copies unchanged between the two languages, or
    (extra pools) by a name of train/sets/scowl_names.json: one English writes with its accents, or one of
    6,000 others, so that a model learns to copy names rather than a few hundred of them by heart.
  * number_word_rows: pairs whose every side spells out the same small number (two ... twelve, deux ...
    douze, zwei ... zwölf, dos ... doce) once, with the word replaced by digits on every side: Tatoeba
    spells small counts out, so without these a model rarely sees a digit before a noun ("3 Katzen") and
    drops or garbles what follows it ("I have 3 and cats and 2.").
  * lexicon_rows: pairs whose every side names the same months and weekdays (or places), with each
    replaced by another of its kind in every language, from a lexicon of names per language
    (train/sets/cldr_names.json, Unicode CLDR): the model sees every month, day and place in the
    contexts Tatoeba has for a few of them.
  * plain_rows (attnseq_train/plain_text.py): pairs whose source is written as the attention tutorials
    preprocess it, or as typed without capitals or accents ("hace mucho frio aqui.").
"""
import collections
import re

import numpy as np

from attnseq_train.plain_text import plain_rows

_DIGITS = re.compile(r"\d+")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_ANY_WORD = re.compile(r"[^\W\d_][\w'-]*")
# Capitalized words that are not names even when they appear unchanged on both sides.
_NOT_NAMES = {"I", "I'm", "I'll", "I've", "I'd", "OK", "A", "The", "Mr", "Mrs", "Ms", "Dr", "Oh", "No", "Yes"}
# Tatoeba's stock characters: the names that augmentation replaces.
STOCK_NAMES = ("Tom", "Mary", "John", "Alice")
MONTHS_AND_DAYS = ("January February March April May June July August September October November December "
                   "Monday Tuesday Wednesday Thursday Friday Saturday Sunday").split()


def joiner(lang):
    return "" if lang in ("zh", "ja") else " "


def concat_rows(rows, fraction, rng, src_lang, tgt_lang):
    """fraction * len(rows) new rows, each 2 (70 %) or 3 (30 %) random training pairs joined in order."""
    n = int(len(rows) * fraction)
    if n == 0 or len(rows) < 3:
        return []
    js, jt = joiner(src_lang), joiner(tgt_lang)
    out = []
    for _ in range(n):
        k = 2 if rng.random() < 0.7 else 3
        picked = [rows[i] for i in rng.choice(len(rows), size=k, replace=False)]
        out.append(("train", " ".join(r[1] for r in picked), js.join(r[2] for r in picked),
                    jt.join(r[3] for r in picked), jt.join(r[4] for r in picked)))
    return out


def _new_number(old, rng, context):
    """A random digit run to stand for `old`. context: "hour" (before ':'), "minute" (after ':'),
    "fixed" (in a decimal, a grouped thousand or a date written with '/' or '.': the same width) or
    None (a small number, a year or a larger one). Never "1": English and French agree the noun with
    it, so the caller keeps a "1" as it is and nothing else becomes 1."""
    while True:
        if context == "hour":
            new = str(rng.integers(2, 24))
        elif context == "minute":
            new = f"{rng.integers(0, 60):02d}"
        elif context == "fixed":
            width = len(old)
            new = str(rng.integers(10 ** (width - 1) if width > 1 else 0, 10 ** width))
            if old.startswith("0") and width > 1:
                new = "0" + new[1:]
        else:
            kind = rng.random()
            if kind < 0.35:
                new = str(rng.integers(2, 100))
            elif kind < 0.65:
                new = str(rng.integers(1900, 2040))
            elif kind < 0.85:
                new = str(rng.integers(100, 1000))
            else:
                new = str(rng.integers(1000, 1000000))
        if new != old and new != "1":
            return new


def _context(text, at, length):
    """How the digit run text[at:at+length] sits among other digits (see _new_number)."""
    before = text[max(at - 2, 0):at]
    after = text[at + length:at + length + 2]
    if len(after) == 2 and after[0] == ":" and after[1].isdigit():
        return "hour"
    if len(before) == 2 and before[1] == ":" and before[0].isdigit():
        return "minute"
    if (len(after) == 2 and after[0] in ".,/ " and after[1].isdigit() and after[0] != " ") or \
       (len(before) == 2 and before[1] in ".,/" and before[0].isdigit()):
        return "fixed"
    return None


# The numbers 2-12 as words, in the order of their values (1 is left alone: the noun agrees with it).
NUMBER_WORDS = {
    "en": "two three four five six seven eight nine ten eleven twelve".split(),
    "fr": "deux trois quatre cinq six sept huit neuf dix onze douze".split(),
    "de": "zwei drei vier fünf sechs sieben acht neun zehn elf zwölf".split(),
    "es": "dos tres cuatro cinco seis siete ocho nueve diez once doce".split(),
}
_NUMBER_WORD = {lang: re.compile(r"(?<![\w'’-])(" + "|".join(words) + r")(?![\w'’-])", re.IGNORECASE)
                for lang, words in NUMBER_WORDS.items()}


def number_word_rows(rows, copies, rng, fields):
    """For every training pair in which each text (fields: [(row index, lang), ...]) spells out the same
    number of 2-12 once and no other, `copies` new pairs with that word written in digits on every side: the
    first its own value, the others random numbers of 2-99 (the same on every side). Languages without a
    list (Chinese) give no rows."""
    if copies <= 0 or any(lang not in NUMBER_WORDS for _, lang in fields):
        return []
    out = []
    for r in rows:
        values = set()
        for k, lang in fields:
            found = [NUMBER_WORDS[lang].index(m.group(1).lower()) + 2 for m in _NUMBER_WORD[lang].finditer(r[k])]
            if len(found) != 1:
                break
            values.add(found[0])
        else:
            if len(values) != 1:
                continue
            value = values.pop()
            numbers = [value] + [int(n) for n in rng.integers(2, 100, size=copies - 1)]
            for n in numbers:
                new = list(r)
                for k, lang in fields:
                    new[k] = _NUMBER_WORD[lang].sub(str(n), r[k], count=1)
                out.append(tuple(new))
    return out


def _digit_runs(text):
    return collections.Counter(m.group(0) for m in _DIGITS.finditer(text))


def _replace_runs(text, mapping):
    return _DIGITS.sub(lambda m: mapping.get(m.group(0), m.group(0)), text)


_ORDINAL = re.compile(r"(?<![\w.,])(\d+)(st|nd|rd|th)\b")


def english_ordinal_suffixes(text):
    """Every "<digits>st|nd|rd|th" with the suffix its number takes (1st 2nd 3rd 4th 11th 12th 13th 21st):
    a renumbered "25th" must not become "2th" or "33th" (nor "1st", kept as it is, anything else)."""
    def fix(m):
        n = int(m.group(1))
        suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return m.group(1) + suffix
    return _ORDINAL.sub(fix, text)


def number_rows(rows, copies, rng):
    """For every training pair whose source and target hold the same digit runs (as a multiset),
    `copies` new pairs with each distinct run replaced by another number, the same on both sides (an
    English ordinal then takes its number's suffix: english_ordinal_suffixes)."""
    out = []
    for r in rows:
        runs = _digit_runs(r[2])
        if not runs or runs != _digit_runs(r[3]):
            continue
        for _ in range(copies):
            mapping, used = {}, set(runs)
            for old in runs:
                if old == "1":
                    continue
                at = r[2].find(old)
                context = _context(r[2], at, len(old))
                new = _new_number(old, rng, context)
                for _ in range(20):
                    if new not in used:
                        break
                    new = _new_number(old, rng, context)
                if new in used:
                    continue
                mapping[old] = new
                used.add(new)
            out.append(("train",) + tuple(english_ordinal_suffixes(_replace_runs(r[k], mapping)) if mapping
                                          else r[k] for k in range(1, 5)))
    return out


def copied_names(rows, min_count=1):
    """Capitalized English words (not the first of the sentence) that the other side carries unchanged,
    as a sorted list: the names and places a model should copy (Boston, Paris, Tom, ...)."""
    counts = collections.Counter()
    for r in rows:
        words = _WORD.findall(r[1])
        other = set(_WORD.findall(r[4]))
        for w in words[1:]:
            if w[0].isupper() and w in other and w not in _NOT_NAMES and len(w) > 1 and not w.isupper():
                counts[w] += 1
    return sorted(w for w, c in counts.items() if c >= min_count)


def name_rows(rows, fraction, rng, names, extra=()):
    """fraction * len(rows) new rows: pairs holding one of STOCK_NAMES on both sides, the name replaced by
    a random one of `names` (a whole-word replacement, the same on both sides). extra: (pool, share)
    pairs: each replacement is drawn from the first pool with probability share, else from the next, ...,
    else from `names` (train/sets/scowl_names.json's names that English writes with accents, and its
    thousands of others: the corpora copy no accented name, and a pool of a few hundred names is learned
    by heart rather than copied: "José" -> "Jos", "Kwame" -> "Kwam")."""
    if not names:
        return []
    extra = [([w for w in pool if w not in STOCK_NAMES], share) for pool, share in extra if share > 0 and pool]
    pattern = re.compile(r"\b(" + "|".join(STOCK_NAMES) + r")\b")
    def names_in(text):  # every occurrence, so German "Toms" (no match) beside English "Tom's" rules a pair out
        return sorted(pattern.findall(text))
    candidates = [r for r in rows if pattern.search(r[1]) and
                  names_in(r[1]) == names_in(r[2]) == names_in(r[3]) == names_in(r[4])]
    n = min(int(len(rows) * fraction), len(candidates) * 3)
    out = []
    def draw():
        if extra:  # (no draw without them: the rows of a plain pool stay as they were)
            u = rng.random()
            for pool, share in extra:
                if u < share:
                    return pool[rng.integers(len(pool))]
                u -= share
        return names[rng.integers(len(names))]
    for i in rng.choice(len(candidates), size=n, replace=n > len(candidates)) if candidates else []:
        r = candidates[i]
        # (every word of every text, accented ones whole: "Tom flew to Zürich." must not become "Zürich flew to Zürich.")
        present = {w for t in r[1:] for w in _ANY_WORD.findall(t)}
        mapping = {}
        for old in sorted(set(pattern.findall(r[1]))):
            new = draw()
            while new in mapping.values() or new in STOCK_NAMES or new in present:
                new = draw()
            mapping[old] = new

        def sub(text):
            return pattern.sub(lambda m: mapping[m.group(1)], text)
        out.append(("train", sub(r[1]), sub(r[2]), sub(r[3]), sub(r[4])))
    return out


# Words after which a name's first sound matters (a/an, French and Spanish elision): a replacement then
# starts with a vowel exactly when the name it replaces does ("an April day", "le mois d'avril").
_SOUND_BEFORE = {"a", "an", "de", "le", "la", "que", "ne", "je", "se", "ce", "me", "te", "du", "jusque", "lorsque", "puisque"}
_VOWELS = set("aeiouyàâäéèêëîïôöûüÿœæáíóúAEIOUYÀÂÄÉÈÊËÎÏÔÖÛÜŒÆÁÍÓÚ")
# CLDR regions that are not places a sentence names (the world, unions, unknown and private-use codes)
_NOT_PLACES = {"001", "EU", "EZ", "UN", "QO", "ZZ", "XA", "XB", "AQ"}


class Lexicon:
    """Names of one kind in every language: names[lang] is a list, the same index the same thing
    ("September" and "septembre"); finds them as whole words (anywhere in Chinese, longest first, so that
    十一月 is never read as 一月)."""

    def __init__(self, names):
        self.names = names
        self.size = len(next(iter(names.values())))
        self._pat = {}
        for lang, words in names.items():
            alts = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
            edge = "" if lang in ("zh", "ja") else r"(?<![\w-])"
            tail = "" if lang in ("zh", "ja") else r"(?![\w-])"
            self._pat[lang] = re.compile(f"{edge}({alts}){tail}")

    def find(self, text, lang):
        """-> the matches (index, start, end) of the lexicon's names in text, in order."""
        index = {w: i for i, w in enumerate(self.names[lang])}
        return [(index[m.group(1)], m.start(), m.end()) for m in self._pat[lang].finditer(text)]

    def sub(self, text, lang, mapping):
        words = self.names[lang]
        return self._pat[lang].sub(lambda m: words[mapping.get(words.index(m.group(1)), words.index(m.group(1)))], text)


def load_lexicons(path, langs):
    """-> {"calendar": [months Lexicon, days Lexicon], "places": Lexicon} for langs, from cldr_names.json."""
    import json
    data = json.load(open(path, encoding="utf-8"))
    codes = [c for c, n in data["places"].items() if c not in _NOT_PLACES and (len(c) == 2 or c in
             ("002", "003", "005", "009", "142", "150", "419"))]
    return {"calendar": [Lexicon({l: data["months"][l] for l in langs}), Lexicon({l: data["days"][l] for l in langs})],
            "places": Lexicon({l: [data["places"][c][l] for c in codes] for l in langs})}


def _before(text, start):
    """The word before text[start] (lowercased; '' at the start), and whether it ends with an apostrophe."""
    head = text[:start]
    if head.endswith(("'", "’")):
        return head[:-1].split()[-1].lower() if head[:-1].split() else "", True
    words = head.split()
    return (words[-1].lower().strip(",;:") if words else ""), False


def lexicon_rows(rows, copies, rng, fields, lex, contexts=None):
    """For every training pair in which each of its texts (fields: [(row index, lang), ...]) names the same
    things of `lex` (the same multiset of indices), `copies` new pairs with each named thing replaced by
    another of its kind, the same in every text. A replacement keeps the first sound where the word before
    needs it (_SOUND_BEFORE, elision). contexts: {lang: {word before: set of indices}}: if given, a
    replacement must have been seen after that same word in every language (French "en France" but
    "au Japon", German "in die Schweiz"), as lexicon_contexts() counts it from the corpus."""
    out = []
    for r in rows:
        found = [(lang, r[k], lex.find(r[k], lang)) for k, lang in fields]
        firsts = [sorted(i for i, _, _ in f) for _, _, f in found]
        if not firsts[0] or any(f != firsts[0] for f in firsts[1:]):
            continue
        present = set(firsts[0])
        allowed = {}
        for i in present:
            ok = set(range(lex.size)) - present
            for lang, text, f in found:
                for j, start, _ in f:
                    if j != i:
                        continue
                    word, elided = _before(text, start)
                    if elided or word in _SOUND_BEFORE:
                        vowel = lex.names[lang][i][:1] in _VOWELS
                        ok = {k for k in ok if (lex.names[lang][k][:1] in _VOWELS) == vowel}
                    if contexts is not None:
                        ok &= contexts[lang].get(("'" if elided else "") + word, set())
            allowed[i] = sorted(ok)
        if any(not a for a in allowed.values()):
            continue
        for _ in range(copies):
            mapping, used = {}, set()
            for i in sorted(present):
                choices = [k for k in allowed[i] if k not in used]
                if not choices:
                    break
                mapping[i] = choices[rng.integers(len(choices))]
                used.add(mapping[i])
            if len(mapping) != len(present):
                continue
            new = list(r)
            for k, lang in fields:
                new[k] = lex.sub(r[k], lang, mapping)
            out.append(tuple(new))
    return out


def lexicon_contexts(rows, fields, lex):
    """{lang: {word before (with a leading ' when elided): set of indices seen after it}} in the rows."""
    seen = {lang: collections.defaultdict(set) for _, lang in fields}
    for r in rows:
        for k, lang in fields:
            for i, start, _ in lex.find(r[k], lang):
                word, elided = _before(r[k], start)
                seen[lang][("'" if elided else "") + word].add(i)
    return seen


def text_fields(src_lang, tgt_lang):
    """The texts of a row and their languages: english, source, target, other side."""
    other = tgt_lang if src_lang == "en" else src_lang
    return [(1, "en"), (2, src_lang), (3, tgt_lang), (4, other)]


def augment(rows, src_lang, tgt_lang, seed=1, concat=0.0, numbers=0, names=0.0, calendar=0, places=0, lexicon=None,
            number_words=0, extra_names=(), plain=0.0):
    """-> (new rows, counts) for the given train rows. calendar / places: copies of each pair naming
    months and weekdays / places in every text (lexicon: train/sets/cldr_names.json); number_words: copies
    of each pair spelling out the same small number on every side, in digits; plain: this fraction of the
    pairs more, their source as tutorials preprocess it (plain_text.plain_rows) (each drawn after the
    kinds before it, so that their rows are the same with it or without it); extra_names: name_rows' extra
    pools."""
    rng = np.random.default_rng(seed)
    new_concat = concat_rows(rows, concat, rng, src_lang, tgt_lang) if concat else []
    new_numbers = number_rows(rows, numbers, rng) if numbers else []
    pool = copied_names(rows) if names and "zh" not in (src_lang, tgt_lang) else []
    new_names = name_rows(rows, names, rng, pool, extra_names) if pool else []
    new_calendar, new_places = [], []
    if (calendar or places) and lexicon:
        fields = text_fields(src_lang, tgt_lang)
        lex = load_lexicons(lexicon, sorted({lang for _, lang in fields}))
        for kind in lex["calendar"] if calendar else []:
            new_calendar += lexicon_rows(rows, calendar, rng, fields, kind)
        if places:
            ctx = lexicon_contexts(rows, fields, lex["places"])
            new_places = lexicon_rows(rows, places, rng, fields, lex["places"], ctx)
    new_number_words = number_word_rows(rows, number_words, rng, text_fields(src_lang, tgt_lang)) if number_words else []
    new_plain = plain_rows(rows, plain, rng, src_lang) if plain else []
    return (new_concat + new_numbers + new_names + new_calendar + new_places + new_number_words + new_plain,
            {"concat": len(new_concat), "numbers": len(new_numbers), "names": len(new_names), "name_pool": len(pool),
             "calendar": len(new_calendar), "places": len(new_places), "number_words": len(new_number_words),
             **({"plain": len(new_plain)} if plain else {}),
             **({"names_accented": sum(1 for r in new_names if not r[1].isascii())} if extra_names else {})})


def long_named(english):
    """The long split's criterion: 12-30 words with a number, a month or weekday, or a capitalized word
    other than the first and "I" (a name or a place)."""
    words = english.split()
    if not 12 <= len(words) <= 30:
        return False
    if _DIGITS.search(english) or any(m in english for m in MONTHS_AND_DAYS):
        return True
    return any(w[:1].isupper() and w.strip(".,!?;:\"'") not in _NOT_NAMES for w in words[1:])
