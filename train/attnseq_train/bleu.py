"""Corpus BLEU matching sacreBLEU 2.x defaults exactly.

Defaults reproduced: tokenizer `13a` (or `zh` for Chinese targets), 4-gram, mixed case,
smoothing `exp` (mteval's: the k-th zero n-gram precision becomes 100 / (2^k * total)),
multiple references (n-gram counts clipped by the max count over references; reference
length = the one closest to the hypothesis length, the shorter one on ties), brevity
penalty exp(1 - r/c) on corpus totals, score 0 when no n-gram matches at all (sacreBLEU 2.x
early stop), `None` references dropped (an empty-string reference counts, as in 2.x).
"""
import math
import re
from collections import Counter
from functools import lru_cache

NGRAM_ORDER = 4

_REGEXP_RULES = [
    # language-dependent part (assuming Western languages)
    (re.compile(r"([\{-\~\[-\` -\&\(-\+\:-\@\/])"), r" \1 "),
    # period and comma unless preceded by a digit
    (re.compile(r"([^0-9])([\.,])"), r"\1 \2 "),
    # period and comma unless followed by a digit
    (re.compile(r"([\.,])([^0-9])"), r" \1 \2"),
    # dash when preceded by a digit
    (re.compile(r"([0-9])(-)"), r"\1 \2 "),
]


def tokenize_regexp(line):
    """sacreBLEU's TokenizerRegexp (post-tokenizer of 13a and zh)."""
    for rx, repl in _REGEXP_RULES:
        line = rx.sub(repl, line)
    return " ".join(line.split())


@lru_cache(maxsize=2 ** 16)
def tokenize_13a(line):
    """sacreBLEU's Tokenizer13a (mteval-v13a)."""
    line = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
    if "&" in line:
        line = line.replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
    return tokenize_regexp(f" {line} ")


# sacreBLEU's _UCODE_RANGES, copied verbatim INCLUDING its quirk: '\u20000' is the two-char
# string U+2000 + '0' (Python \u takes 4 hex digits), so with string comparison that entry
# really covers U+2001..U+2A6D (general punctuation such as '—' '…' ''' included), and
# '\u2f800'..'\u2fa1d' covers U+2F81..U+2FA1. Kept as-is to give sacreBLEU's numbers.
_UCODE_RANGES = [
    ("\u3400", "\u4db5"), ("\u4e00", "\u9fa5"), ("\u9fa6", "\u9fbb"), ("\uf900", "\ufa2d"),
    ("\ufa30", "\ufa6a"), ("\ufa70", "\ufad9"), ("\u20000", "\u2a6d6"), ("\u2f800", "\u2fa1d"),
    ("\uff00", "\uffef"), ("\u2e80", "\u2eff"), ("\u3000", "\u303f"), ("\u31c0", "\u31ef"),
    ("\u2f00", "\u2fdf"), ("\u2ff0", "\u2fff"), ("\u3100", "\u312f"), ("\u31a0", "\u31bf"),
    ("\ufe10", "\ufe1f"), ("\ufe30", "\ufe4f"), ("\u2600", "\u26ff"), ("\u2700", "\u27bf"),
    ("\u3200", "\u32ff"), ("\u3300", "\u33ff"),
]


@lru_cache(maxsize=2 ** 16)
def is_chinese_char(ch):
    return any(start <= ch <= end for start, end in _UCODE_RANGES)


@lru_cache(maxsize=2 ** 16)
def tokenize_zh(line):
    """sacreBLEU's TokenizerZh: spaces around each CJK char, then the regexp tokenizer."""
    line = "".join(f" {c} " if is_chinese_char(c) else c for c in line.strip())
    return tokenize_regexp(line)


TOKENIZERS = {"13a": tokenize_13a, "zh": tokenize_zh, "none": lambda s: " ".join(s.split())}


def ngrams(tokens, max_order=NGRAM_ORDER):
    c = Counter()
    for n in range(1, max_order + 1):
        for i in range(len(tokens) - n + 1):
            c[tuple(tokens[i:i + n])] += 1
    return c


def closest_ref_len(hyp_len, ref_lens):
    """Closest reference length; the shorter one on ties."""
    return min(ref_lens, key=lambda r: (abs(hyp_len - r), r))


def segment_stats(hyp, refs, tokenize):
    """-> (hyp_len, ref_len, correct[4], total[4]) of one segment."""
    h = tokenize(hyp.rstrip()).split()
    rs = [tokenize(r.rstrip()).split() for r in refs if r is not None]
    if not rs:
        raise ValueError("no valid reference for a segment")
    max_ref = Counter()
    for r in rs:
        for g, n in ngrams(r).items():
            max_ref[g] = max(max_ref[g], n)
    correct, total = [0] * NGRAM_ORDER, [0] * NGRAM_ORDER
    for g, n in ngrams(h).items():
        correct[len(g) - 1] += min(n, max_ref.get(g, 0))
        total[len(g) - 1] += n
    return len(h), closest_ref_len(len(h), [len(r) for r in rs]), correct, total


def my_log(x):
    return -9999999999 if x == 0 else math.log(x)


def compute_bleu(correct, total, sys_len, ref_len):
    """sacreBLEU's compute_bleu with smooth_method='exp', use_effective_order=False."""
    precisions = [0.0] * NGRAM_ORDER
    if sys_len < ref_len:
        bp = math.exp(1 - ref_len / sys_len) if sys_len > 0 else 0.0
    else:
        bp = 1.0
    result = {"score": 0.0, "precisions": precisions, "bp": bp, "sys_len": sys_len, "ref_len": ref_len,
              "counts": list(correct), "totals": list(total)}
    if not any(correct):  # sacreBLEU 2.x: early stop when nothing matches
        return result
    smooth = 1.0
    for n in range(NGRAM_ORDER):
        if total[n] == 0:
            break
        if correct[n] == 0:
            smooth *= 2
            precisions[n] = 100.0 / (smooth * total[n])
        else:
            precisions[n] = 100.0 * correct[n] / total[n]
    result["score"] = bp * math.exp(sum(map(my_log, precisions)) / NGRAM_ORDER)
    return result


def corpus_bleu(hyps, refs, tokenize="13a"):
    """hyps: [str]; refs: [[str, ...]] per segment (any number of references each).
    Returns dict(score, precisions, bp, sys_len, ref_len, counts, totals)."""
    tok = TOKENIZERS[tokenize] if isinstance(tokenize, str) else tokenize
    if len(hyps) != len(refs):
        raise ValueError("hypotheses and references differ in length")
    sys_len = ref_len = 0
    correct, total = [0] * NGRAM_ORDER, [0] * NGRAM_ORDER
    for h, rs in zip(hyps, refs):
        hl, rl, c, t = segment_stats(h, rs, tok)
        sys_len, ref_len = sys_len + hl, ref_len + rl
        correct = [a + b for a, b in zip(correct, c)]
        total = [a + b for a, b in zip(total, t)]
    return compute_bleu(correct, total, sys_len, ref_len)


def format_bleu(b):
    p = "/".join(f"{x:.1f}" for x in b["precisions"])
    ratio = b["sys_len"] / b["ref_len"] if b["ref_len"] else 0.0
    return (f"BLEU = {b['score']:.2f} {p} (BP = {b['bp']:.3f} ratio = {ratio:.3f} "
            f"hyp_len = {b['sys_len']} ref_len = {b['ref_len']})")


def tokenizer_for(lang):
    return "zh" if lang in ("zh", "cmn") else "13a"
