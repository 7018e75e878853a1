"""The input restoration table of a model file (metadata "restore"; cpp/attnseq/text/restore.h applies it).

Readers copy the attention tutorials' example sentences as the tutorials' preprocessing wrote them, and
people type without an accent keyboard: "je suis desole .", "c est un jeune directeur", "die katze trank
die milch". A model trained on Tatoeba's written form reads such words as other, rarer pieces. The
engine restores them word by word from a table made here from the model's own training sentences:

  form  the written form the training sentences use for a key (désolé, c'est, Katze), where they
        (almost) never write the key itself;
  key   how the form is typed without accents, capitals or apostrophes (key_of_form: each character
        lower case and without its accent, an apostrophe as a space): one ASCII word or two. The file
        stores the forms only; the engine derives their keys the same way (text/restore.cc).

Counted over every word but the first of each sentence (its capital says nothing about the word). A
key is kept when its most frequent form is not the key, is seen at least MIN_COUNT times and more than
RATIO times as often as the key written as such ("expose" stays: French writes both "expose" and
"exposé"). One-letter keys follow the same rule, counted where they stand before an apostrophe too
("c" of "c'est" keeps "c" from becoming the "C" of "vitamine C"; English "i" becomes "I").
"""
import collections
import json
import re
import unicodedata

METADATA_KEY = "restore"  # the model file's metadata entry (cpp/attnseq/translator_load.cc reads it)
VERSION = 1
MIN_COUNT = 2
RATIO = 20

# a written word: letters, with one apostrophe inside at most ("c'est", "aujourd'hui", "I'm")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_RUN = re.compile(r"[^\W\d_]+")
_KEY = re.compile(r"[a-z]+( [a-z]+)?")


def key_of_form(form):
    """The key of a form as the engine derives it, or None: ASCII letters in lower case, the Latin letters
    U+00C0–U+017F that decompose to an ASCII letter as that letter, an apostrophe as a space; one or two
    words (cpp/attnseq/text/restore.cc, InputRestorer::key_of_form)."""
    out = []
    for c in form:
        if c.isascii() and c.isalpha():
            out.append(c.lower())
        elif c == "'":
            out.append(" ")
        elif 0xC0 <= ord(c) < 0x180:
            base = unicodedata.normalize("NFD", c)[0]
            if not (base.isascii() and base.isalpha()):
                return None
            out.append(base.lower())
        else:
            return None
    key = "".join(out)
    return key if _KEY.fullmatch(key) else None


def key_of(word):
    """The key a written word is typed as without accents, capitals or apostrophes: "C'était" → "c etait"."""
    k = "".join(c for c in unicodedata.normalize("NFD", word.lower()) if unicodedata.category(c) != "Mn")
    return k.replace("'", " ").replace("’", " ")


def _form(word):
    return word.replace("’", "'")


def build_table(sentences, min_count=MIN_COUNT, ratio=RATIO):
    """{key: form} from the training sentences of one source language (see the module's doc)."""
    forms = collections.defaultdict(collections.Counter)
    for s in sentences:
        words = list(_WORD.finditer(s))
        for i, m in enumerate(words):
            if i == 0:
                continue
            w = m.group(0)
            runs = _RUN.findall(w)
            if len(runs) == 2:  # apostrophe-joined: the pair, and each of its words
                forms[key_of(w)][_form(w)] += 1
            for r in runs:
                forms[key_of(r)][r] += 1
    table = {}
    for key, counts in forms.items():
        if not _KEY.fullmatch(key):
            continue  # letters that stay non-ASCII without their accent (ß, ø, œ): typed as written
        form, n = counts.most_common(1)[0]
        if form == key or n < min_count or n <= ratio * counts.get(key, 0):
            continue
        form = unicodedata.normalize("NFC", form)
        if key_of_form(form) != key:
            continue  # a letter the engine does not take apart (Tōfu's ō is; ǎ of U+01CE is not)
        table[key] = form
    return dict(sorted(table.items()))


def table_json(table):
    """The metadata value: {"version": 1, "forms": [form, ...]} (the keys are the forms'), compact."""
    return json.dumps({"version": VERSION, "forms": list(table.values())}, ensure_ascii=False, separators=(",", ":"))
