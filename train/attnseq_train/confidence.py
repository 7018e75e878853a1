"""The words the demo's unsure marks are drawn on, as web/src/app/confidence.js groups them: pieces
joined at SentencePiece's word marks, each word with the least probability of its pieces. The
calibration (train/calibrate_confidence.py) reports how often the marks fire with the same words as the
page shows; tests/data/confidence/words.json holds the cases both implementations must agree on.
"""
import re
import unicodedata

WORD_MARK = "\u2581"
END = "</s>"
# web/src/state/text.js CJK
CJK = re.compile("[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]")


def _is_punct(ch):
    return unicodedata.category(ch)[0] in "PS"


def _is_word_char(ch):
    return unicodedata.category(ch)[0] in "LN"


def words(pieces, probs, ends=None):
    """[(text, probability)] of the translation's words: a piece without a word mark continues the word
    before when it is punctuation (of any script), or when it is not a CJK character and the word does
    not end in punctuation. ends[i]: piece i is the end token, left out (as the page leaves out the step
    the engine marks `end`; default: the pieces spelled "</s>")."""
    out = []
    for i, (piece, p) in enumerate(zip(pieces, probs)):
        if (ends[i] if ends is not None else piece == END):
            continue
        starts = piece.startswith(WORD_MARK)
        text = piece.replace(WORD_MARK, " ")
        cjk = bool(text) and bool(CJK.match(text[0]))
        punct = bool(text) and _is_punct(text[0])
        if out and not starts and (punct or (not cjk and not (out[-1][0] and _is_punct(out[-1][0][-1])))):
            out[-1] = (out[-1][0] + text, min(out[-1][1], p))
        else:
            out.append((text, p))
    if out:
        out[0] = (out[0][0].lstrip(" "), out[0][1])
    return out


def spelled(ws, text):
    """Whether the words spell the engine's text (as the page checks before it marks anything: an
    <unk> piece, written " ⁇ ", does not)."""
    return "".join(t for t, _ in ws).strip() == text.strip()


def markable(text):
    """Whether the page may mark a word: one with a letter or a digit (punctuation alone never is)."""
    return any(_is_word_char(c) for c in text)


def unsure_words(ws, threshold):
    """The words the page marks: below the threshold, and markable."""
    return [t for t, p in ws if p < threshold and markable(t)]
