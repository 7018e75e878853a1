"""Source text as the best-known attention tutorials feed it to their models, and as people type it
without an accent keyboard (issue 29: the sentences people bring).

Readers of those tutorials copy their example sentences, which the tutorials' own preprocessing has
lower-cased and stripped of accents and apostrophes ("c est un jeune directeur plein de talent .",
"¿ todavia estan en casa ?"). A model trained on Tatoeba's written form only reads such input badly
("hace mucho frio aqui." → "It's a lot of failable."). Each function below is one tutorial's
preprocessing, written after its published code:

  * pytorch: "NLP From Scratch: Translation with a Sequence to Sequence Network and Attention"
    (normalizeString: lower case, accents dropped, a space before . ! ?, every other character but
    a-z . ! ? a space);
  * tensorflow: "Neural machine translation with attention" (preprocess_sentence: the same, keeping
    , and ¿ too, with spaces around . ? ! , ¿);
  * d2l: "Dive into Deep Learning", machine translation data (lower case, a space before , . ! ?;
    accents and apostrophes kept);
  * lower: lower case only; unaccented: accents dropped only (typed without an accent keyboard).

STYLE_OF_SET: the style of the test split's copy that measures it (train/plain_set.py), per source
language: the tutorial that uses that language.
"""
import re
import unicodedata

STYLES = ("pytorch", "tensorflow", "d2l", "lower", "unaccented")

# the source languages whose tutorials are measured, and how (Chinese: no such preprocessing)
STYLE_OF_SET = {"fr": "pytorch", "de": "pytorch", "es": "tensorflow", "en": "d2l"}


def unaccented(text):
    """Combining marks dropped after canonical decomposition (é → e, ñ → n, ü → u; ß and ø stay)."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn")


def pytorch(text):
    text = unaccented(text.lower().strip())
    text = re.sub(r"([.!?])", r" \1", text)
    return re.sub(r"[^a-zA-Z.!?]+", r" ", text).strip()


def tensorflow(text):
    text = unaccented(text.lower().strip())
    text = re.sub(r"([?.!,¿])", r" \1 ", text)
    text = re.sub(r'[" "]+', " ", text)
    return re.sub(r"[^a-zA-Z?.!,¿]+", " ", text).strip()


def d2l(text):
    text = text.replace("\u202f", " ").replace("\xa0", " ").lower()
    out = [" " + c if i > 0 and c in ",.!?" and text[i - 1] != " " else c for i, c in enumerate(text)]
    return "".join(out)


def lower(text):
    return text.lower()


STYLE = {"pytorch": pytorch, "tensorflow": tensorflow, "d2l": d2l, "lower": lower, "unaccented": unaccented}


def restyle(text, style):
    return STYLE[style](text)


def plain_rows(rows, fraction, rng, src_lang):
    """fraction * len(rows) new rows (drawn without replacement): training pairs whose source is rewritten
    in a style of STYLES drawn uniformly; the target stays as written. None for a Chinese source, and none
    whose source the style leaves as it is."""
    if fraction <= 0 or src_lang == "zh" or not rows:
        return []
    n = min(len(rows), int(round(fraction * len(rows))))
    picked = rng.choice(len(rows), size=n, replace=False)
    styles = rng.integers(0, len(STYLES), size=n)
    out = []
    for i, s in zip(picked, styles):
        r = rows[int(i)]
        new = restyle(r[2], STYLES[int(s)])
        if new and new != r[2]:
            out.append((r[0], r[1], new, r[3], r[4]))
    return out
