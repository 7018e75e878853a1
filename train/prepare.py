#!/usr/bin/env python3
"""Prepare one translation direction: split, SentencePiece vocabularies, encoded ids.

    /usr/bin/python3 train/prepare.py --pairs /work/shared/data/tatoeba/eng-fra/pairs.tsv \
        --src en --tgt fr --out work/data/en-fr --vocab 4000 --joint

Writes into --out: spm.model (joint) or src.model + tgt.model, train.pkl / valid.pkl
({"src": [int16 arrays, ids + eos], "tgt": [int16 arrays, no bos/eos]}), valid.json and
test.json (grouped: {"src": raw source, "refs": [normalized targets], "en_words": n}) and
meta.json. Corpus text stays under work/ (ignored), never in the repository.

Since issue 29 the check sentences of train/heldout.json are trained on like any other pair (only the
valid, test and long splits never are); --heldout-filter restores the older rule for the runs that used
it. --reserve-long (default) keeps a third of the long, named sentences out of training as the long
split (long.json: it plus the test and valid sentences that meet the same criterion). Augmentation
(--aug-*: joined pairs, numbers, names; attnseq_train/augment.py) adds training rows only.

Chinese: target text is converted to Simplified (OpenCC t2s) and written with full-width
punctuation; Chinese tokenizers carry nmt_nfkc + t2s in their normalizer (attnseq_train/zh_rules.py),
so Traditional source text reads as Simplified in every runtime. Check sentences
(train/heldout.json) and their close variants are dropped from train and valid only with
--heldout-filter (attnseq_train/heldout.py).
"""
import argparse
import collections
import json
import os
import pickle
import shutil
import sys

import numpy as np
import sentencepiece as spm

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train.augment import augment, long_named  # noqa: E402

CLDR_NAMES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sets", "cldr_names.json")
SCOWL_NAMES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sets", "scowl_names.json")
from attnseq_train.hashing import file_sha256  # noqa: E402
from attnseq_train.heldout import HeldOut  # noqa: E402
from attnseq_train.seen import drop_seen, held_keys  # noqa: E402
from attnseq_train.textnorm import normalize_target, split_of, to_simplified  # noqa: E402
from attnseq_train.zh_rules import rules_for  # noqa: E402

MAX_TOKENS = 64


def extra_names(accented, plain):
    """name_rows' extra pools: train/sets/scowl_names.json's accented names and its others, at their shares."""
    if not accented and not plain:
        return []
    with open(SCOWL_NAMES, encoding="utf-8") as f:
        data = json.load(f)
    return [(data["names"], accented), (data["plain"], plain)]


def never_trained(data_dir):
    """-> (meta, every row of the data dir's pairs, the rows no model of that data trains on): the test and
    valid pairs, and the long split's where it is reserved (in data prepared without the reservation the
    models trained on the long split: test and valid only). The numbers and names sets are made of these."""
    with open(os.path.join(data_dir, "meta.json")) as f:
        meta = json.load(f)
    reserved = meta.get("reserve_long", False)
    rows = read_pairs(meta["pairs"], meta["src"], meta["tgt"], reserve_long=reserved)
    held = [r for r in rows if r[0] in ("test", "valid")]
    if reserved:
        held += [r for r in long_rows_of(rows, reserved) if r[0] not in ("test", "valid")]
    return meta, rows, held


def long_rows_of(rows, reserve_long):
    """The long split's pairs: those split_of reserved as "long" (with reserve_long; without it the same
    sentences, which then stay in training) plus the test and valid pairs that meet the criterion."""
    out = []
    for r in rows:
        if r[0] in ("test", "valid", "long"):
            if long_named(r[1]):
                out.append(r)
        elif not reserve_long and split_of(r[1], reserve_long=True) == "long":
            out.append(r)
    return out


def read_pairs(path, src_lang, tgt_lang, reserve_long=False):
    """-> list of (split, english, raw source, normalized target, other side for the held-out check).
    Column 0 is English; a Chinese target is converted to Simplified first."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            rows.append((cols[0], cols[1]))
    other_lang = tgt_lang if src_lang == "en" else src_lang
    others = [o for _, o in rows]
    if other_lang == "zh":
        others = to_simplified(others)
    out = []
    for (english, raw_other), other in zip(rows, others):
        src, tgt = (english, other) if src_lang == "en" else (raw_other, english)
        out.append((split_of(english, reserve_long=reserve_long), english, src, normalize_target(tgt, tgt_lang), other))
    return out


def read_synthetic(path, src_lang, tgt_lang, tag, other_lang):
    """Back-translated pairs (english<TAB>other) as training rows, the synthetic side being the source
    (the English is the real side). Only train-split English, never a check sentence's variant."""
    if src_lang == "en":
        raise SystemExit("--synthetic pairs have a synthetic non-English side: they train X -> en")
    heldout, rows = HeldOut(simplify=to_simplified), []
    with open(path, encoding="utf-8") as f:
        for line in f:
            english, other = line.rstrip("\n").split("\t")[:2]
            if split_of(english) != "train" or heldout.variant_of(english, "en"):
                continue
            rows.append(("train", english, f"{tag} {other}", normalize_target(english, tgt_lang), other))
    return rows


def drop_heldout(rows, other_lang, heldout):
    """Removes train/valid pairs whose English or other side is a check sentence or a close variant.
    -> (kept rows, {check sentence: dropped pair count})."""
    kept, dropped = [], collections.Counter()
    for r in rows:
        hit = None
        if r[0] != "test":
            hit = heldout.variant_of(r[1], "en") or heldout.variant_of(r[4], other_lang)
        if hit is None:
            kept.append(r)
        else:
            dropped[" ".join(hit)] += 1
    return kept, dict(dropped)


def coverage(lang):
    return 0.9995 if lang in ("zh", "ja") else 1.0


def train_spm(lines, prefix, vocab, char_coverage, rules_tsv=None, user_symbols=(), split_digits=False):
    """Unigram model with pad/unk/bos/eos = 0/1/2/3; all lines, in order, no sampling.
    rules_tsv: normalization rules (zh_rules) instead of nmt_nfkc; user_symbols: pieces kept whole;
    split_digits: no piece holds two digits, so every number is spelled digit by digit (the model
    copies "2019" as 2, 0, 1, 9 rather than as pieces it must learn one by one)."""
    lines = list(dict.fromkeys(l for l in lines if l))  # dedupe, keep order
    with open(prefix + ".txt", "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    norm = {"normalization_rule_tsv": rules_tsv} if rules_tsv else {"normalization_rule_name": "nmt_nfkc"}
    spm.SentencePieceTrainer.train(
        input=prefix + ".txt", model_prefix=prefix, vocab_size=vocab, model_type="unigram",
        character_coverage=char_coverage, **norm, user_defined_symbols=list(user_symbols),
        pad_id=0, unk_id=1, bos_id=2, eos_id=3,
        pad_piece="<pad>", unk_piece="<unk>", bos_piece="<s>", eos_piece="</s>",
        input_sentence_size=0, shuffle_input_sentence=False, num_threads=1, split_digits=split_digits,
        max_sentence_length=8192, minloglevel=2)
    os.remove(prefix + ".txt")
    return prefix + ".model"


def check_borrowed_spm(path, tag=None):
    """A SentencePiece model made elsewhere (--src-spm) must number pad/unk/bos/eos 0/1/2/3 as train_spm
    does (the data and the runtime rely on it), and keep a synthetic-source tag as one piece."""
    sp = spm.SentencePieceProcessor(model_file=path)
    ids = (sp.pad_id(), sp.unk_id(), sp.bos_id(), sp.eos_id())
    if ids != (0, 1, 2, 3):
        raise SystemExit(f"--src-spm {path}: pad/unk/bos/eos are ids {ids}, this pipeline needs (0, 1, 2, 3); "
                         f"use a model made by prepare.py")
    if tag and sp.piece_to_id(tag) == sp.unk_id():
        raise SystemExit(f"--src-spm {path}: the synthetic tag {tag!r} is not one of its pieces, so tagged "
                         f"back-translation would not work; train the source vocabulary here instead")


def encode_split(rows, sp_src, sp_tgt):
    """-> ({"src": [...], "tgt": [...]}, dropped count)."""
    src_ids = sp_src.encode([r[2] for r in rows])
    tgt_ids = sp_tgt.encode([r[3] for r in rows])
    data, dropped = {"src": [], "tgt": []}, 0
    for s, t in zip(src_ids, tgt_ids):
        if len(s) > MAX_TOKENS or len(t) > MAX_TOKENS or not s or not t:
            dropped += 1
            continue
        data["src"].append(np.array(s + [3], dtype=np.int16))
        data["tgt"].append(np.array(t, dtype=np.int16))
    return data, dropped


def group_refs(rows, src_lang):
    """Groups pairs by exact source text: all references of one source together."""
    groups = collections.OrderedDict()
    for _, english, src, tgt, _ in rows:
        g = groups.setdefault(src, {"src": src, "refs": [], "en_words": len(english.split())})
        if tgt not in g["refs"]:
            g["refs"].append(tgt)
    return list(groups.values())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", required=True)
    ap.add_argument("--src", required=True)
    ap.add_argument("--tgt", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--vocab", type=int, default=4000)
    ap.add_argument("--vocab-src", type=int, help="source vocabulary (non-joint; default --vocab)")
    ap.add_argument("--vocab-tgt", type=int, help="target vocabulary (non-joint; default --vocab)")
    ap.add_argument("--joint", action="store_true", help="one vocabulary for both sides")
    ap.add_argument("--limit", type=int, default=0, help="use only every N-th pair (smoke tests)")
    ap.add_argument("--synthetic", help="back-translated pairs (train/backtranslate.py: english<TAB>other) added to "
                    "the training split only, their sources marked with --synthetic-tag")
    ap.add_argument("--synthetic-tag", default="<bt>", help="the piece that starts every synthetic source (tagged "
                    "back-translation: the model tells real sources from synthetic ones, and real text never has it)")
    ap.add_argument("--src-spm", help="use this SentencePiece model for the source side instead of training one "
                    "(non-joint): e.g. the en-fr model's, so that a run can start from that model's encoder "
                    "(the arch config's \"init\", attnseq_train/transfer.py)")
    ap.add_argument("--heldout-filter", action="store_true", help="drop train/valid pairs close to a check sentence "
                    "(the rule before issue 29; the runs prepared under it pass it to stay reproducible)")
    ap.add_argument("--reserve-long", action=argparse.BooleanOptionalAction, default=True,
                    help="keep a third of the long, named sentences out of training as the long split (default)")
    ap.add_argument("--split-digits", action=argparse.BooleanOptionalAction, default=True,
                    help="vocabularies without multi-digit pieces (default)")
    ap.add_argument("--aug-concat", type=float, default=0.0, help="add this fraction of training pairs made of 2-3 joined pairs")
    ap.add_argument("--aug-numbers", type=int, default=0, help="copies of each pair with digits, with other numbers")
    ap.add_argument("--aug-names", type=float, default=0.0, help="add this fraction of pairs with Tom/Mary/... renamed")
    ap.add_argument("--aug-names-accented", type=float, default=0.0, help="with --aug-names: the share of the "
                    "replacements drawn from names English writes with accents (train/sets/scowl_names.json)")
    ap.add_argument("--aug-names-plain", type=float, default=0.0, help="with --aug-names: the share of the "
                    "replacements drawn from 6,000 other names (train/sets/scowl_names.json's plain)")
    ap.add_argument("--aug-calendar", type=int, default=0, help="copies of each pair naming months or weekdays on "
                    "every side, with others (the names of train/sets/cldr_names.json, Unicode CLDR)")
    ap.add_argument("--aug-places", type=int, default=0, help="copies of each pair naming a country or region on every "
                    "side, with another seen after the same words (CLDR names)")
    ap.add_argument("--aug-number-words", type=int, default=0, help="copies of each pair that spells out the same "
                    "number of 2-12 on every side, with the word in digits (its own value, then others of 2-99)")
    ap.add_argument("--aug-plain", type=float, default=0.0, help="add this fraction of pairs with the source "
                    "as tutorials preprocess it or as typed without capitals or accents (attnseq_train/plain_text.py)")
    ap.add_argument("--aug-seed", type=int, default=1)
    ap.add_argument("--drop-seen-sources", action="store_true", help="drop training rows (real or augmented) whose "
                    "source is a valid, test or long source: for X -> English, whose splits follow the English side "
                    "(attnseq_train/seen.py); the vocabularies and augmentation are made before, so they do not change")
    ap.add_argument("--tgt-spm", help="use this SentencePiece model for the target side (non-joint)")
    ap.add_argument("--joint-spm", help="use this joint SentencePiece model (with --joint): e.g. a shipped model's, "
                    "to fine-tune it on this data")
    ap.add_argument("--retire-multidigit", action="store_true", help="mark the borrowed models' multi-digit pieces "
                    "UNUSED (attnseq_train/spm_edit.py): numbers are then read and written digit by digit, ids unchanged")
    a = ap.parse_args()
    if a.joint_spm and not a.joint:
        raise SystemExit("--joint-spm needs --joint")
    if (a.src_spm or a.tgt_spm) and a.joint:
        raise SystemExit("--src-spm/--tgt-spm are for non-joint vocabularies (use --joint-spm)")
    if a.retire_multidigit and not (a.src_spm or a.tgt_spm or a.joint_spm):
        raise SystemExit("--retire-multidigit edits borrowed vocabularies (--src-spm, --tgt-spm, --joint-spm); "
                         "a vocabulary trained here has --split-digits")
    if a.src_spm and a.vocab_src:
        raise SystemExit("--vocab-src and --src-spm: the given SentencePiece model fixes the source vocabulary; drop --vocab-src")
    if a.src_spm:
        check_borrowed_spm(a.src_spm, a.synthetic_tag if a.synthetic else None)
    for borrowed in (a.tgt_spm, a.joint_spm):
        if borrowed:
            check_borrowed_spm(borrowed)
    os.makedirs(a.out, exist_ok=True)
    rows = read_pairs(a.pairs, a.src, a.tgt, a.reserve_long)
    if a.limit:
        rows = rows[::a.limit]
    other_lang = a.tgt if a.src == "en" else a.src
    heldout_dropped = None
    if a.heldout_filter:
        rows, heldout_dropped = drop_heldout(rows, other_lang, HeldOut(simplify=to_simplified))
    by_split = {k: [r for r in rows if r[0] == k] for k in ("train", "valid", "test", "long")}
    long_rows = long_rows_of(rows, a.reserve_long)
    synthetic = read_synthetic(a.synthetic, a.src, a.tgt, a.synthetic_tag, other_lang) if a.synthetic else []
    # augmentation reads the real pairs only (a joined pair must not carry a synthetic tag in its middle)
    augmented, aug_counts = augment(by_split["train"], a.src, a.tgt, a.aug_seed, a.aug_concat, a.aug_numbers,
                                    a.aug_names, a.aug_calendar, a.aug_places, CLDR_NAMES, a.aug_number_words,
                                    extra_names(a.aug_names_accented, a.aug_names_plain), a.aug_plain)
    by_split["train"] = by_split["train"] + synthetic
    train = by_split["train"]  # the vocabularies learn from real (and synthetic) pairs, not the augmented ones
    def borrow(path, name):
        out = os.path.join(a.out, name)
        if a.retire_multidigit:
            from attnseq_train.spm_edit import retire_multidigit
            with open(path, "rb") as f:
                data, _ = retire_multidigit(f.read())
            with open(out, "wb") as f:
                f.write(data)
        else:
            shutil.copyfile(path, out)
        return out

    if a.joint and a.joint_spm:
        src_model = tgt_model = borrow(a.joint_spm, "spm.model")
    elif a.joint:
        if "zh" in (a.src, a.tgt):
            raise SystemExit("a joint vocabulary with Chinese is not supported (its normalizer differs per side)")
        cov = min(coverage(a.src), coverage(a.tgt))
        path = train_spm([r[2] for r in train] + [r[3] for r in train], os.path.join(a.out, "spm"), a.vocab, cov,
                         split_digits=a.split_digits)
        src_model = tgt_model = path
    else:
        if a.src_spm:
            src_model = borrow(a.src_spm, "src.model")
        else:
            src_model = train_spm([r[2] for r in train], os.path.join(a.out, "src"), a.vocab_src or a.vocab,
                                  coverage(a.src), rules_for(a.src, "src", a.out), [a.synthetic_tag] if synthetic else [],
                                  split_digits=a.split_digits)
        if a.tgt_spm:
            tgt_model = borrow(a.tgt_spm, "tgt.model")
        else:
            tgt_model = train_spm([r[3] for r in train], os.path.join(a.out, "tgt"), a.vocab_tgt or a.vocab,
                                  coverage(a.tgt), rules_for(a.tgt, "tgt", a.out), split_digits=a.split_digits)
    by_split["train"] = train + augmented
    sp_src, sp_tgt = spm.SentencePieceProcessor(model_file=src_model), spm.SentencePieceProcessor(model_file=tgt_model)
    meta = {"src": a.src, "tgt": a.tgt, "joint": a.joint, "pairs": os.path.abspath(a.pairs),
            "pairs_sha256": file_sha256(a.pairs), "limit": a.limit,
            "src_spm": os.path.basename(src_model), "tgt_spm": os.path.basename(tgt_model),
            "vocab_src": sp_src.get_piece_size(), "vocab_tgt": sp_tgt.get_piece_size(),
            "src_spm_from": ({"path": os.path.abspath(a.src_spm), "sha256": file_sha256(a.src_spm)} if a.src_spm else None),
            "tgt_spm_from": ({"path": os.path.abspath(a.tgt_spm), "sha256": file_sha256(a.tgt_spm)} if a.tgt_spm else None),
            "joint_spm_from": ({"path": os.path.abspath(a.joint_spm), "sha256": file_sha256(a.joint_spm)} if a.joint_spm else None),
            "retire_multidigit": a.retire_multidigit,
            "max_tokens": MAX_TOKENS, "counts": {}, "dropped": {}, "heldout_filter": a.heldout_filter,
            "heldout_dropped": heldout_dropped, "reserve_long": a.reserve_long,
            "long_split_trained_on": None if a.reserve_long else "the reserved part (all but its test/valid pairs)", "split_digits": a.split_digits,
            "augment": {"concat": a.aug_concat, "numbers": a.aug_numbers, "names": a.aug_names,
                        **({"names_accented": a.aug_names_accented, "names_plain": a.aug_names_plain}
                           if a.aug_names_accented or a.aug_names_plain else {}),
                        "calendar": a.aug_calendar, "places": a.aug_places, "number_words": a.aug_number_words,
                        **({"plain": a.aug_plain} if a.aug_plain else {}), "seed": a.aug_seed,
                        "rows": aug_counts},
            "zh_script": "simplified (OpenCC t2s)" if "zh" in (a.src, a.tgt) else None,
            "synthetic": {"path": os.path.abspath(a.synthetic), "pairs": len(synthetic), "tag": a.synthetic_tag} if synthetic else None}
    seen_keys = None
    if a.drop_seen_sources:  # (without the reservation the long sentences are trained on by design)
        held = by_split["valid"] + by_split["test"] + (long_rows if a.reserve_long else [])
        seen_keys = held_keys(sp_src, [r[2] for r in held])
    for split in ("train", "valid"):
        data, dropped = encode_split(by_split[split], sp_src, sp_tgt)
        if split == "train" and seen_keys is not None:
            meta["dropped_seen_sources"] = drop_seen(data, seen_keys)
        with open(os.path.join(a.out, split + ".pkl"), "wb") as f:
            pickle.dump(data, f, protocol=4)
        meta["counts"][split], meta["dropped"][split] = len(data["src"]), dropped
    by_split["long"] = long_rows
    for split in ("valid", "test", "long"):
        groups = group_refs(by_split[split], a.src)
        with open(os.path.join(a.out, split + ".json"), "w", encoding="utf-8") as f:
            json.dump(groups, f, ensure_ascii=False, indent=0)
        meta["counts"][split + "_groups"] = len(groups)
    meta["counts"]["test_pairs"] = len(by_split["test"])
    with open(os.path.join(a.out, "meta.json"), "w") as f:
        json.dump(meta, f, indent=1)
    print(json.dumps(meta, indent=1))


if __name__ == "__main__":
    main()
