#!/usr/bin/python3
"""Regenerates tests/data/tokenizer/: small SentencePiece models and python sentencepiece's outputs.

    /usr/bin/python3 tests/tools/make_tokenizer_golden.py            # from the repository root

Needs python3-sentencepiece 0.1.97 (the version the C++ tokenizer reproduces). Writes:
  tok.json        main tokenizer: unigram, ~400 pieces, user-defined `<sep>` and `™`, a control
                  `<ctl>`, pad/unk/bos/eos = 0/1/2/3, nmt_nfkc rules (see below)
  tok_bytes.json  byte-fallback tokenizer: identity normalization, no dummy prefix, whitespace kept
  golden.json     ids, pieces, spans (byte offsets into the input) and DecodeIds() of python
                  sentencepiece for ~200 test strings (plus normalizer-flag variants of the main
                  tokenizer, and decode-only id lists)

Cross-check of another (e.g. the project's real) vocabulary, written outside the repository:

    /usr/bin/python3 tests/tools/make_tokenizer_golden.py --real work/data/en-fr/spm.model \
        --out /tmp/golden-en-fr [--texts work/data/en-fr/test.json ...] [--fuzz 3000]
    ATTNSEQ_EXTRA_TOKENIZER_GOLDEN=/tmp/golden-en-fr <tokenizer test binary>

--texts takes text files (one string per line) or prepare.py's test.json/valid.json ("src" and
"refs"); --fuzz adds random strings (mixed scripts, spaces, combining marks, emoji, raw bytes).

Everything is generated here: the training corpus is synthetic (templates below), nothing is
copied from a dataset. Training is single-threaded so a rerun gives the same files.

The full nmt_nfkc table is ~240 KB (~320 KB as base64), too big for test data. The main model is
therefore trained with the subset of nmt_nfkc rules whose source starts with a character that
occurs in the corpus or in a test string. The normalizer only looks at rules starting at the
current character, so on these strings the subset behaves exactly like the full table (the
normalizer `name` in tok.json is sentencepiece's "user_defined"). The full table is exercised by
cross-checks outside the repository (see the report that came with the tokenizer).
"""
import base64
import json
import os
import random
import struct
import sys
import tempfile

import sentencepiece as spm

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "train"))
from attnseq_train import spm_json  # noqa: E402

OUT = os.path.join(ROOT, "tests", "data", "tokenizer")
SEED = 20240601

# ---------------------------------------------------------------------------------------------
# Synthetic training corpus (English / French with accents / a little Chinese).

EN_SUBJ = ["The cat", "My brother", "Our teacher", "The old man", "A young girl", "Everyone",
           "The doctor", "His friends", "The children", "Nobody", "My neighbour", "The baker"]
EN_VERB = ["likes", "reads", "sees", "wants", "buys", "forgets", "paints", "finds", "needs",
           "cleans", "opens", "closes", "remembers"]
EN_OBJ = ["the red book", "a cup of coffee", "the small house", "three apples", "the newspaper",
          "a letter from Paris", "the blue car", "his umbrella", "the window", "fresh bread",
          "the music", "an interesting story", "the train to London"]
EN_TAIL = ["", " every morning", " on Sunday", " in the garden", " at the station", " again",
           " before dinner", " with pleasure", " quickly", " after school"]

FR_SUBJ = ["Le chat", "Mon frère", "Notre élève", "La boulangère", "Un vieil homme", "Tout le monde",
           "Le médecin", "Ses amies", "Les enfants", "Personne", "Ma sœur", "L'étudiant"]
FR_VERB = ["aime", "lit", "voit", "achète", "oublie", "peint", "trouve", "préfère", "nettoie",
           "ouvre", "ferme", "emprunte", "découvre"]
FR_OBJ = ["le livre rouge", "une tasse de café", "la petite maison", "trois pommes", "le journal",
          "une lettre de Québec", "la voiture bleue", "son parapluie", "la fenêtre", "du pain frais",
          "la musique", "une histoire intéressante", "le train pour Genève", "un gâteau à l'érable"]
FR_TAIL = ["", " chaque matin", " le dimanche", " dans le jardin", " à la gare", " encore",
           " avant le dîner", " avec plaisir", " très vite", " après l'école", " où qu'il soit"]
FR_EXTRA = ["Ça va très bien, merci !", "Où est la bibliothèque ?", "C'est déjà l'été.",
            "Il était une fois un château près de la forêt.", "Noël approche à grands pas.",
            "Je n'ai pas compris la leçon d'hier.", "Quelle belle journée ; profitons-en !",
            "« Bonjour », dit-elle en souriant.", "Le cœur a ses raisons que la raison ignore.",
            "Ils se sont rencontrés à Montréal en août.", "Les élèves révisent leurs cours.",
            "Tu préfères le thé ou le café ?", "Garçon, l'addition s'il vous plaît.",
            "L'hôpital est fermé le jeudi.", "Ça coûte 12,50 € ; c'est cher."]

ZH_SUBJ = ["我", "你", "他", "她", "我们", "老师", "我的朋友", "孩子们"]
ZH_VERB = ["喜欢", "想", "要", "不喜欢", "每天都", "明天会"]
ZH_OBJ = ["吃苹果", "看书", "学习中文", "喝茶", "去北京", "写信", "听音乐", "做饭", "打电话", "买东西"]
ZH_EXTRA = ["今天天气很好。", "你叫什么名字？", "我们一起去公园吧。", "这本书非常有意思。",
            "他昨天没有来上课。", "火车站离这里不远。", "请再说一遍。", "谢谢你的帮助！"]


def corpus(rng):
    lines = []
    for _ in range(180):
        lines.append(f"{rng.choice(EN_SUBJ)} {rng.choice(EN_VERB)} {rng.choice(EN_OBJ)}{rng.choice(EN_TAIL)}.")
    for _ in range(180):
        lines.append(f"{rng.choice(FR_SUBJ)} {rng.choice(FR_VERB)} {rng.choice(FR_OBJ)}{rng.choice(FR_TAIL)}.")
    for _ in range(60):
        lines.append(f"{rng.choice(ZH_SUBJ)}{rng.choice(ZH_VERB)}{rng.choice(ZH_OBJ)}。")
    lines += FR_EXTRA * 2 + ZH_EXTRA * 2
    lines += ["Numbers: 1, 22, 333, 4444 and 3.14.", "Email me at test@example.com!",
              "Prices went up 5% in 2023 — again…", "He said “yes” and ‘no’ (maybe)."]
    return lines


# ---------------------------------------------------------------------------------------------
# Test strings. bytes entries may be invalid UTF-8.

def test_strings(rng, corpus_lines):
    s = [
        "", " ", "   ", "\t", "\n", "\r\n", " \t\n ", "a", " a", "a ", "  a  ", "a  b", "a \t b",
        "a\tb", "a\nb", "a\r\nb", "\ta\t", "\n\nHello\n\n", "Hello   world  !", "  Bonjour  le   monde  ",
        "Hello world.", "hello world", "HELLO WORLD", "The cat likes fresh bread.",
        "Le chat aime le pain frais.", "Où est la gare ?", "Ça va très bien, merci !",
        "L'étudiant préfère la musique.", "ÉCOLE, ÇA, ÊTRE, À BIENTÔT", "œuvre, cœur, Œdipe, Æther",
        "naïve café déjà-vu façade", "Noël à Noël", "我喜欢喝茶。", "今天天气很好。", "你好，世界！",
        "我们一起去北京吧", "中文和English混合 text", "電腦和电脑", "鱷魚",
        # Unicode spaces and invisible characters.
        "a\u00a0b", "\u00a0a\u00a0", "prix\u202f: 5\u202f€", "a\u2009b\u2002c\u3000d", "\u3000全角\u3000",
        "a\u200bb", "\u200b", "a\u200db", "a\ufeffb", "\ufeff", "a\u2028b\u2029c", "a\u1680b",
        "a\u200eb\u200fc", "a\u00adb", "a\u2060b", "a\u0085b", "\u2581", "\u2581\u2581a", "a\u2581b",
        "▁hello ▁ world", "a\u000bb\u000cc", "\u001c\u001d\u001e\u001f", "x\u007fy", "\u0000",
        "a\u0000b", "\x01\x02\x03", "\x1b[31mred\x1b[0m",
        # Compatibility characters.
        "ＡＢＣ　ａｂｃ　１２３", "（テスト）！？", "～波ダッシュ〜", "ﬁne ﬂow ﬃ ﬄ ﬅ ﬆ", "½ ¼ ¾ ⅓", "① ② ⑳ ⑴ ⒈",
        "™ ℠ ℃ ℉ № ℡", "㎏ ㎞ ㎡ ㍻ ㈱", "ｶﾀｶﾅ ﾊﾟﾋﾟ ｶﾞ", "x² y³ H₂O", "Ⅻ ⅻ ⅷ", "ǅ Ǆ ǆ",
        "…", "a…b", "‥ ․", "Ａ\u0301", "¨ ´ ¸ ˜", "ｶ\u3099", "µ Ω Å K", "ſ ẛ", "ﷺ ﷻ", "ﻻ ﺍ",
        # Combining sequences (NFD input etc.).
        "Cafe\u0301", "e\u0301cole", "a\u0300 la maison", "n\u0303", "e\u0301\u0302", "\u0301abc",
        "c\u0327a", "E\u0301COLE", "o\u0308 u\u0308 a\u0308", "\u1100\u1161\u11a8", "\u1112\u1161\u11ab\u1100\u116e\u11a8",
        "i\u0307\u0301", "a\u0323\u0302", "\u0e01\u0e34\u0e4a", "q\u0307\u0323",
        # Emoji.
        "👍", "👍🏽", "I ❤️ Paris", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇫🇷🇨🇳", "1️⃣ #️⃣", "🧑🏿‍🚀 ok", "😀😃😄😁",
        "a👍b", "👩‍💻 coding", "☺︎ ☺️",
        # Unknown scripts.
        "สวัสดีครับ", "שלום עולם", "مرحبا بالعالم", "नमस्ते दुनिया", "Привет, мир!", "Γειά σου κόσμε",
        "안녕하세요", "こんにちは世界", "ქართული", "தமிழ்", "ᚠᚢᚦᚨᚱᚲ", "𝕳𝖊𝖑𝖑𝖔", "𝐀𝐁𝐂 𝟏𝟐𝟑", "𐍈𐌰",
        # Punctuation, numbers, user-defined / control look-alikes.
        "«Bonjour»", "“quoted” ‘single’", "a—b–c", "!!!", "???", "...", "1234567890", "3.14159",
        "test@example.com", "https://example.com/a?b=c&d=e", "C++ & C#", "#hashtag @user",
        "<sep>", "a<sep>b", "<sep><sep>", " <sep> ", "<se", "<ctl>", "<s>", "</s>", "<unk>", "<pad>",
        "™", "a™b", "TM", "™™", "ﬁ™",
        # Long inputs.
        "a" * 200, "ab " * 60, "Le chat aime le pain frais. " * 8, "我" * 50, "é" * 40,
        " ".join(["x"] * 80), "\t".join(["mot"] * 30),
    ]
    s += rng.sample(corpus_lines, min(25, len(corpus_lines)))
    # Unseen random mixtures.
    words = (" ".join(EN_OBJ + FR_OBJ) + " " + "".join(ZH_OBJ)).split()
    for _ in range(15):
        s.append(" ".join(rng.choice(words) for _ in range(rng.randint(1, 8))))
    # Invalid UTF-8 and other raw bytes.
    s += [b"\xff", b"\xc3", b"a\xc3(b", b"\xe2\x82", b"\xe2\x82 x", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
          b"\xc0\xaf", b"\xe0\x80\xaf", b"\x80\x80", b"\xf0\x9f\x98", b"caf\xe9", b"\xfe\xff", b"  \xff  ",
          b"\xff\xfe\xfd", b"ok\xf0\x9f\x98\x80\xf0\x9f", b"\xef\xbf\xbd", b"\xc3\xa9\xc3", b"a\x80\x80b",
          b"\xf8\x88\x80\x80\x80", b"<sep>\xff", b"\xe2\x96\x81\xff"]
    return s


# ---------------------------------------------------------------------------------------------
# Precompiled charsmap: read sentencepiece's double-array (darts-clone) and its rules.

def _units(trie_blob):
    return struct.unpack(f"<{len(trie_blob) // 4}I", trie_blob)


def _offset(u):
    return (u >> 10) << ((u & (1 << 9)) >> 6)


def _label(u):
    return u & ((1 << 31) | 0xFF)


def _has_leaf(u):
    return (u >> 8) & 1 == 1


def decompile_charsmap(blob):
    """Returns {source utf-8 bytes: replacement utf-8 bytes} of a precompiled charsmap."""
    trie_size = struct.unpack("<I", blob[:4])[0]
    units = _units(blob[4:4 + trie_size])
    normalized = blob[4 + trie_size:]
    rules = {}
    stack = [(0, b"")]
    while stack:
        node, key = stack.pop()
        base = node ^ _offset(units[node])
        for c in range(1, 256):
            child = base ^ c
            if child >= len(units) or _label(units[child]) != c:
                continue
            if _has_leaf(units[child]):
                value = units[child ^ _offset(units[child])] & ((1 << 31) - 1)
                rules[key + bytes([c])] = normalized[value:normalized.index(b"\0", value)]
            stack.append((child, key + bytes([c])))
    return rules


def rules_tsv(rules, chars):
    """TSV (sentencepiece's --normalization_rule_tsv) of the rules whose source starts with one of `chars`."""
    lines = []
    for src, dst in sorted(rules.items()):
        text = src.decode("utf-8")
        if text[0] not in chars:
            continue
        hexes = lambda t: " ".join(f"{ord(ch):X}" for ch in t)  # noqa: E731
        lines.append(f"{hexes(text)}\t{hexes(dst.decode('utf-8'))}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Model training and protobuf patching.

def train(corpus_path, prefix, **kw):
    args = dict(input=corpus_path, model_prefix=prefix, model_type="unigram", num_threads=1,
                pad_id=0, unk_id=1, bos_id=2, eos_id=3, minloglevel=2, **kw)
    spm.SentencePieceTrainer.train(**args)
    return prefix + ".model"


def _key(number, wire):
    return _varint_bytes((number << 3) | wire)


def _varint_bytes(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)


def _len_field(number, payload):
    return _key(number, 2) + _varint_bytes(len(payload)) + payload


def with_flags(model_bytes, add_dummy_prefix, remove_extra_whitespaces, escape_whitespaces):
    """The serialized model with the three NormalizerSpec flags replaced (other fields kept)."""
    out = bytearray()
    for number, wire, value in spm_json._fields(model_bytes):
        if number == 3 and wire == 2:
            norm = spm_json._parse_normalizer(value)
            value = (_len_field(1, norm["name"].encode()) + _len_field(2, norm["precompiled_charsmap"]) +
                     _key(3, 0) + bytes([add_dummy_prefix]) + _key(4, 0) + bytes([remove_extra_whitespaces]) +
                     _key(5, 0) + bytes([escape_whitespaces]))
        if wire == 2:
            out += _len_field(number, value)
        elif wire == 0:
            out += _key(number, 0) + _varint_bytes(value)
        else:
            out += _key(number, wire) + value
    return bytes(out)


# ---------------------------------------------------------------------------------------------
# Golden outputs.

def parse_spt(serialized):
    """(ids, pieces, flat spans) of a serialized SentencePieceText."""
    ids, pieces, spans = [], [], []
    for number, wire, value in spm_json._fields(serialized):
        if number != 2:
            continue
        piece = {1: b"", 2: 0, 4: 0, 5: 0}
        for n, w, v in spm_json._fields(value):
            piece[n] = v
        ids.append(piece[2])
        pieces.append(piece[1].decode("utf-8"))
        spans += [piece[4], piece[5]]
    return ids, pieces, spans


def text_field(text):
    raw = text if isinstance(text, bytes) else text.encode("utf-8")
    try:
        return {"text": raw.decode("utf-8")}
    except UnicodeDecodeError:
        return {"text_b64": base64.b64encode(raw).decode("ascii")}


def encode_case(sp, tok, text, flags=None):
    raw = text if isinstance(text, bytes) else text.encode("utf-8")
    ids, pieces, spans = parse_spt(sp.EncodeAsSerializedProto(raw))
    assert ids == sp.EncodeAsIds(raw)
    case = {"tok": tok}
    if flags is not None:
        case["flags"] = flags
    case.update(text_field(raw))
    case.update(ids=ids, pieces=pieces, spans=spans, decoded=sp.DecodeIds(ids))
    return case


def decode_cases(sp, tok, rng, specials):
    n = sp.GetPieceSize()
    lists = [[], *([i] for i in range(min(n, 12)))]
    lists += [list(x) for x in specials]
    for _ in range(40):
        lists.append([rng.randrange(n) for _ in range(rng.randint(1, 10))])
    return [{"tok": tok, "ids": ids, "text": sp.DecodeIds(ids)} for ids in lists]


def check_json(sp, tok):
    assert len(tok["pieces"]) == sp.GetPieceSize()
    for i, (piece, score, typ) in enumerate(tok["pieces"]):
        assert piece == sp.IdToPiece(i) and struct.pack("<f", score) == struct.pack("<f", sp.GetScore(i))
    assert [tok[k] for k in ("unk_id", "bos_id", "eos_id", "pad_id")] == \
        [sp.unk_id(), sp.bos_id(), sp.eos_id(), sp.pad_id()]


def dump_json(path, obj):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(obj, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")


def dump_golden(path, golden):
    """One case per line, so that diffs stay readable."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("{\n")
        head = {k: v for k, v in golden.items() if not isinstance(v, list)}
        for k, v in head.items():
            f.write(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},\n")
        lists = [k for k, v in golden.items() if isinstance(v, list)]
        for n, k in enumerate(lists):
            f.write(f"{json.dumps(k)}: [\n")
            items = golden[k]
            for i, item in enumerate(items):
                sep = "," if i + 1 < len(items) else ""
                f.write(json.dumps(item, ensure_ascii=False, separators=(",", ":")) + sep + "\n")
            f.write("]" + ("," if n + 1 < len(lists) else "") + "\n")
        f.write("}\n")


def main():
    assert spm.__version__ == "0.1.97", f"needs sentencepiece 0.1.97, found {spm.__version__}"
    rng = random.Random(SEED)
    lines = corpus(rng)
    strings = test_strings(rng, lines)
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        corpus_path = os.path.join(tmp, "corpus.txt")
        with open(corpus_path, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        # The full nmt_nfkc table, from a throwaway model.
        full = train(corpus_path, os.path.join(tmp, "full"), vocab_size=200)
        blob = spm_json.parse_model(open(full, "rb").read())["normalizer"]["precompiled_charsmap"]
        chars = set("".join(lines))
        for t in strings:
            chars |= set(t.decode("utf-8", "replace") if isinstance(t, bytes) else t)
        tsv = os.path.join(tmp, "rules.tsv")
        with open(tsv, "w", encoding="utf-8") as f:
            f.write(rules_tsv(decompile_charsmap(blob), chars))
        main_model = train(corpus_path, os.path.join(tmp, "main"), vocab_size=400, normalization_rule_tsv=tsv,
                           user_defined_symbols="<sep>,™", control_symbols="<ctl>")
        bytes_model = train(corpus_path, os.path.join(tmp, "bytes"), vocab_size=480, byte_fallback=True, character_coverage=0.98,
                            normalization_rule_name="identity", add_dummy_prefix=False,
                            remove_extra_whitespaces=False, user_defined_symbols="<sep>")
        golden = build_golden(main_model, bytes_model, strings, rng)
    print(f"{len(golden['encode'])} encode cases, {len(golden['decode'])} decode cases")


def build_golden(main_model, bytes_model, strings, rng):
    tok_main, tok_bytes = spm_json.tokenizer_json(main_model), spm_json.tokenizer_json(bytes_model)
    sp_main, sp_bytes = spm.SentencePieceProcessor(model_file=main_model), spm.SentencePieceProcessor(model_file=bytes_model)
    check_json(sp_main, tok_main)
    check_json(sp_bytes, tok_bytes)
    dump_json(os.path.join(OUT, "tok.json"), tok_main)
    dump_json(os.path.join(OUT, "tok_bytes.json"), tok_bytes)
    encode = [encode_case(sp_main, "main", t) for t in strings]
    main_bytes = open(main_model, "rb").read()
    variants = [s for s in strings if len(s) < 40][::8]
    for flags in ([0, 1, 1], [1, 0, 1], [1, 1, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [0, 0, 0]):
        sp = spm.SentencePieceProcessor()
        sp.LoadFromSerializedProto(with_flags(main_bytes, *flags))
        encode += [encode_case(sp, "main", t, flags) for t in variants]
    encode += [encode_case(sp_bytes, "bytes", t) for t in strings[::3]]
    ws = sp_main.PieceToId("▁")
    main_specials = [[2, 5, 6, 3], [ws, ws, 7], [ws], [ws, 1, ws], [1, ws, 8], [2, ws, 9], [0, 0],
                     [sp_main.PieceToId("<sep>"), ws], [sp_main.PieceToId("<ctl>"), ws, 10]]
    b = lambda x: sp_bytes.PieceToId(f"<0x{x:02X}>")  # noqa: E731
    bytes_specials = [[b(0xC3), b(0xA9)], [b(0xFF)], [b(0xC3), 20, b(0xA9)], [b(0xE2), b(0x82)], [b(0xF0), b(0x9F), b(0x98), b(0x80)],
                      [20, b(0x20), 21], [b(0x41), 1, b(0x42)], [b(0xED), b(0xA0), b(0x80)], [2, b(0xC3), 3, b(0xA9)]]
    decode = decode_cases(sp_main, "main", rng, main_specials) + decode_cases(sp_bytes, "bytes", rng, bytes_specials)
    golden = {"generator": "tests/tools/make_tokenizer_golden.py", "sentencepiece": spm.__version__,
              "tokenizers": {"main": "tok.json", "bytes": "tok_bytes.json"},
              "flags": "add_dummy_prefix,remove_extra_whitespaces,escape_whitespaces",
              "encode": encode, "decode": decode}
    dump_golden(os.path.join(OUT, "golden.json"), golden)
    return golden


# ---------------------------------------------------------------------------------------------
# --real: golden data for an existing model (not written into the repository).

FUZZ_POOLS = [
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    " " * 8 + "\t\n\r\u00a0\u202f\u3000\u2009\u200b\u2581\ufeff\u2028\u0085\u000b\u000c",
    ".,;:!?'\"()[]{}-_/\\@#$%^&*+=<>|~`«»“”‘’…—–",
    "éèêëàâäîïôöùûüÿçœæÉÈÊÀÇŒÆñßøå",
    "\u0300\u0301\u0302\u0303\u0308\u0327\u0323\u0307\u20dd\u3099\u309a",
    "我你他她们的是不了在有这个人中大来上国到说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心本前开但因只从想实日军者意无力它与长把机十民第公此已工使情明性知全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新己制身果加西斯月话合回特代内信表化老给世位次度门任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平系气题活尔更别打女变四神总何电数安少报才结反受目太量再感建务做接必场件计管期市直德资命山金指克许统区保至队形社便空决治展马科司五基眼书非则听白却界达光放强即像难且权思王象完设式色路记南品住告类求据程北边死张该交规万取拉格望觉术领共确传师观清今切院让识候带导争运笑飞风步改收根干造言联持组每济车亲极林服快办议往元英士证近失转夫令准布始怎呢存未远叫台单影具罗字爱击流备兵连调深商算质团集百需价花党华城石级整府离况亚请技际约示复病息究线似官火断精满支视消越器容照须九增研写称企八功吗包片史委乎查轻易早曾除农找装广显吧阿李标谈吃图念六引历首医局突专费号尽另周较注语仅考落青随选列武红响虽推势参希古众构房半节土投某案黑维革划敌致陈律足态护七兴派孩验责营星够章音跟志底站严巴例防族供效续施留讲型料终答紧黄绝奇察母京段依批群项故按河米围江织害斗双境客纪采举杀攻父苏密低朝友诉止细愿千值仍男钱破网热助倒育属坐帝限船脸职速刻乐否刚威毛状率甚独球般普怕弹校苦创假久错承印晚兰试股拿脑预谁益阳若哪微尼继送急血惊伤素药适波夜省初喜卫源食险待述陆习置居劳财环排福纳欢雷警获模充负云停木游龙树疑层冷洲冲射略范竟句室异激汉村哈策演简卡罪判担州静退既衣您宗积余痛检差富灵协角占配征修皮挥胜降阶审沉坚善妈刘读啊超免压银买皇养伊怀执副乱抗犯追帮宣佛岁航优怪香著田铁控税左右份穿艺背阵草脚概恶块顿敢守酒岛托央户烈洋哥索胡款靠评版宝座释景顾弟登货互付伯慢欧换闻危忙核暗姐介坏讨丽良序升监临亮露永呼味野架域沙掉括舰鱼杂误湾吉减编楚肯测败屋跑梦散温困剑渐封救贵枪缺楼县尚毫移娘朋画班智亦耳恩短掌恐遗固席松秘谢鲁遇康虑幸均销钟诗藏赶剧票损忽巨炮旧端探湖录叶春乡附吸予礼港雨呀板庭妇归睛饭额含顺输摇招婚脱补谓督毒油疗旅泽材灭逐莫笔亡鲜词圣择寻厂睡博勒烟授诺伦岸奥唐卖俄炸载洛健堂旁宫喝借君禁阴园谋宋避抓荣姑孙逃牙束跳顶玉镇雪午练迫爷篇肉嘴馆遍凡础洞卷坦牛宁纸诸训私庄祖丝翻暴森塔默握戏隐熟骨访弱蒙歌店鬼软典欲萨伙遭盘爸扩盖弄雄稳忘亿刺拥徒姆杨齐赛趣曲刀床迎冰虚玩析窗醒妻透购替塞努休虎扬途侵刑绿兄迅套贸毕唯谷轮库迹尤竞街促延震弃甲伟麻川申缓潜闪售灯针哲络抵朱埃抱鼓植纯夏忍页杰筑折郑贝尊吴秀混臣雅振染盛怒舞圆搞狂措姓残秋培迷诚宽宇猛摆梅毁伸摩盟末乃悲拍丁赵",
    "안녕하세요ㄱㄴㄷ\u1100\u1161\u11a8ひらがなカタカナｶﾀｶﾅﾞﾟ",
    "ＡＢＣａｂｃ０１２！？（）ﬁﬂﬃ½①⑴™℃㎏²₂Ⅻǅ…ſﷺﻻ",
    "😀👍🏽👨\u200d👩\u200d👧❤\ufe0f🇫🇷\u20e3🧑🏿\u200d🚀\U0001F3FB\U0001F3FF\u200d\ufe0f",
    "สวัสดีשלוםمرحباनमस्तेПриветΓειάქართულიதமிழ்ᚠᚢ𝕳𝖊𝐀𝟏𐍈",
]


def fuzz_strings(rng, n):
    out = []
    for _ in range(n):
        pools = rng.sample(FUZZ_POOLS, rng.randint(1, 4))
        chars = []
        for _ in range(rng.randint(0, 30)):
            r = rng.random()
            if r < 0.03:
                chars.append(chr(rng.choice([rng.randint(0x80, 0xD7FF), rng.randint(0xE000, 0x10FFFF)])))
            else:
                chars.append(rng.choice(rng.choice(pools)))
        text = "".join(chars).encode("utf-8", "surrogatepass")
        if rng.random() < 0.1:
            pos = rng.randint(0, len(text))
            text = text[:pos] + bytes([rng.randint(0x80, 0xFF)]) + text[pos:]
        out.append(text)
    return out


def read_texts(path):
    if path.endswith(".json"):
        texts = []
        for item in json.load(open(path, encoding="utf-8")):
            texts += [item["src"], *item.get("refs", [])]
        return texts
    return open(path, encoding="utf-8").read().splitlines()


def real_golden(model, out, text_files, n_fuzz):
    rng = random.Random(SEED)
    strings = test_strings(rng, [])
    for path in text_files:
        strings += read_texts(path)
    strings += fuzz_strings(rng, n_fuzz)
    sp = spm.SentencePieceProcessor(model_file=model)
    tok = spm_json.tokenizer_json(model)
    check_json(sp, tok)
    os.makedirs(out, exist_ok=True)
    dump_json(os.path.join(out, "tok.json"), tok)
    encode = [encode_case(sp, "real", t) for t in strings]
    decode = decode_cases(sp, "real", rng, [])
    dump_golden(os.path.join(out, "golden.json"), {"generator": "make_tokenizer_golden.py --real " + model,
                                                   "sentencepiece": spm.__version__, "tokenizers": {"real": "tok.json"},
                                                   "encode": encode, "decode": decode})
    print(f"{out}: {len(encode)} encode cases, {len(decode)} decode cases")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        import argparse
        ap = argparse.ArgumentParser(description="golden data for an existing SentencePiece model")
        ap.add_argument("--real", required=True, help="a SentencePiece .model")
        ap.add_argument("--out", required=True, help="output directory (outside the repository)")
        ap.add_argument("--texts", nargs="*", default=[], help="text files or prepare.py test/valid .json")
        ap.add_argument("--fuzz", type=int, default=2000, help="number of random strings")
        a = ap.parse_args()
        real_golden(a.real, a.out, a.texts, a.fuzz)
    else:
        main()
