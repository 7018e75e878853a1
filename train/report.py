#!/usr/bin/env python3
"""Recompute docs/models.md (and docs/eval/*.json) from the shipped model files.

    /usr/bin/python3 train/report.py [--data-root work/data] [--cli build/native/attnseq] [--beam 5] [--only ID ...]

For every model in models/manifest.json: size, parameters, training provenance (from the file's
metadata), test-split BLEU of the shipped file (greedy, and beam if --beam), BLEU by English length,
F32 vs I8 BLEU and C++/PyTorch parity when train/finish_run.sh left them in work/eval, and example
translations by the C++ runtime (the CLI), and the campaign's learning curves (docs/eval/history/ ->
docs/bleu-vs-time.svg). Needs the data dirs made by train/prepare.py.
"""
import argparse
import json
import os
import subprocess
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from attnseq_train import curves, modelfile  # noqa: E402
from evaluate import evaluate  # noqa: E402
import check_sentences  # noqa: E402
from attnseq_train.hashing import file_sha256  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The check sentences (train/heldout.json: the pages' sentences, kept out of training) are the examples.
with open(os.path.join(ROOT, "train", "heldout.json"), encoding="utf-8") as _f:
    EXAMPLES = {k: v for k, v in json.load(_f).items() if isinstance(v, list)}


def cached_eval(path, data, beam, cache_dir):
    """Evaluates once per file content and beam; cached in work/eval/report-*.json."""
    key = f"report-{file_sha256(path)[:16]}-beam{beam}.json"
    cache = os.path.join(cache_dir, key)
    if os.path.exists(cache):
        return json.load(open(cache, encoding="utf-8"))
    res = evaluate(path, data, beam=beam)
    os.makedirs(cache_dir, exist_ok=True)
    json.dump(res, open(cache, "w", encoding="utf-8"), ensure_ascii=False)
    return res


def split_data(args, entry, split):
    """The data dir holding SPLIT.json for the entry's direction: its own, else another of the same pairs
    and direction (the long and numbers splits depend on the pairs only; the engine reads the file's own
    tokenizers)."""
    own = os.path.join(args.data_root, entry["data"])
    for d in [own] + sorted(os.path.join(args.data_root, x) for x in os.listdir(args.data_root)):
        meta = os.path.join(d, "meta.json")
        if os.path.exists(os.path.join(d, split + ".json")) and os.path.exists(meta):
            m = json.load(open(meta, encoding="utf-8"))
            if (m.get("src"), m.get("tgt")) == (entry["src"], entry["tgt"]):
                return d
    return None


def split_figures(args, entry, path, split, training=None):
    """BLEU, degenerate outputs and numbers kept on the long or numbers split, decoded by the C++ engine
    with its default options (what the demo and widgets run); cached per file content, split and engine."""
    data = split_data(args, entry, split)
    if data is None:
        return None
    # keyed by the engine too: its default decoding changes what it writes (the number guard, issue 29)
    # (and by the set's own content: a set written again is evaluated again)
    cache = os.path.join(args.cache, f"report-{file_sha256(path)[:16]}-{split}-{file_sha256(os.path.join(data, split + '.json'))[:8]}"
                                     f"-cli-{file_sha256(args.cli)[:12]}.json")
    if os.path.exists(cache):
        r = json.load(open(cache, encoding="utf-8"))
    else:
        r = evaluate(path, data, split=split, cli=args.cli)
        os.makedirs(args.cache, exist_ok=True)
        json.dump(r, open(cache, "w", encoding="utf-8"), ensure_ascii=False)
    if not r["segments"]:  # (a set with nothing in it for this direction: the names set of zh, which names no Tom)
        return None
    # data prepared without the reservation (before issue 29) trained on the long split's reserved third;
    # a model started from another one (a fine-tune, a transfer) may have learned it from its parent
    long_trained = (not json.load(open(os.path.join(data, "meta.json"), encoding="utf-8")).get("reserve_long", False)
                    or bool((training or {}).get("init")))
    return {"data": os.path.basename(data), "bleu": r["bleu"], "segments": r["segments"],
            "degenerate": r["degenerate"]["count"], "degenerate_examples": r["degenerate"]["examples"][:3],
            "numbers": r["numbers"], "names": r.get("names"), **({"trained_on": True} if split == "long" and long_trained else {})}


def check_figures(args, entry, path):
    """The check sentences of the entry's direction (train/sets/check_sentences.json), by the C++ engine."""
    todo = check_sentences.items_for(check_sentences.load_items(), entry["src"], entry["tgt"])
    if not todo:
        return None
    outs = check_sentences.translate(args.cli, path, [s for s, _, _ in todo])
    rows = [{"src": s, "output": o, "right": check_sentences.canon(o) in {check_sentences.canon(x) for x in acc}}
            for (s, acc, _), o in zip(todo, outs)]
    return {"right": sum(r["right"] for r in rows), "total": len(rows), "items": rows}


def example_texts(lang, n=10):
    """The example inputs of a source language: heldout.json's, else the first n check sentences written in
    it (train/sets/check_sentences.json: German and Spanish have no heldout list)."""
    if lang in EXAMPLES:
        return EXAMPLES[lang]
    texts = [i["src"][lang] for i in check_sentences.load_items() if lang in i["src"]][:n]
    if not texts:
        raise SystemExit(f"no example sentences in {lang}: add them to train/heldout.json or train/sets/check_sentences.json")
    return texts


def examples(cli, path, lang):
    texts = example_texts(lang)
    p = subprocess.run([cli, "--model", path], input="\n".join(texts) + "\n", capture_output=True, text=True)
    return list(zip(texts, p.stdout.splitlines()))


def weights_sha256(path):
    """A digest of the file's tensors (name, dtype, shape, values) and metadata, whatever their layout in
    the file: a file repacked without holes (train/repack.py) keeps it, and so does one given its input
    restoration table (train/restore_table.py --into) or its names table (train/names_table.py): the engine
    reads them, the PyTorch evaluation does not, and the figures that the engine computes are computed
    again each report)."""
    import hashlib

    import numpy as np
    from attnseq_train.names_table import METADATA_KEY as NAMES_KEY
    from attnseq_train.restore import METADATA_KEY
    tensors, meta = modelfile.read_format1(path)  # the same digest for a file upgraded to format 2
    meta.pop(METADATA_KEY, None)
    meta.pop(NAMES_KEY, None)
    h = hashlib.sha256(json.dumps(meta, sort_keys=True).encode())
    for name in sorted(tensors):
        v = np.ascontiguousarray(tensors[name])
        h.update(f"{name}|{v.dtype}|{list(v.shape)}|".encode())
        h.update(v.tobytes())
    return h.hexdigest()


def previous_report(model_id, s):
    """docs/eval/ID.json of the last report, if it describes the same model: the same file (hash, or size
    for old ones), or the same weights and metadata (weights_sha256) in a file laid out anew."""
    path = os.path.join(ROOT, "docs", "eval", model_id + ".json")
    if not os.path.exists(path):
        return {}
    old = json.load(open(path, encoding="utf-8"))
    same = old.get("sha256") == s["sha256"] if "sha256" in old else old.get("bytes") == s["bytes"]
    if not same and "weights_sha256" in old and "weights_sha256" in s:
        same = old["weights_sha256"] == s["weights_sha256"]
    return old if same else {}


def params_of(tensors):
    return sum(int(v.size) for k, v in tensors.items() if not k.endswith(".scale"))


def reused(entry, args):
    """The last report's figures for a model left out of --only, when its file is unchanged."""
    path = os.path.join(ROOT, "models", entry["file"])
    now = {"sha256": file_sha256(path), "bytes": os.path.getsize(path), "weights_sha256": weights_sha256(path)}
    old = previous_report(entry["id"], now)
    if not old or "sha256" not in old or ("beam" in old) != (args.beam > 1) or \
            (args.beam > 1 and old["beam"]["size"] != args.beam):
        return None
    old.update(now)  # the same model; the file as it is today
    old["examples"] = examples(args.cli, path, entry["src"])  # the runtime's output of today
    add_product_figures(old, args, entry, path)
    return old


def add_product_figures(s, args, entry, path):
    """The long split, the numbers, names and plain-input sets and the check sentences (issue 29), by the C++ engine."""
    for split in ("long", "numbers", "names", "plain"):
        f = split_figures(args, entry, path, split, s.get("training"))
        if f is not None:
            s[split] = f
    c = check_figures(args, entry, path)
    if c is not None:
        s["check"] = c


def summarize(entry, args):
    if args.only and entry["id"] not in args.only:
        old = reused(entry, args)
        if old is not None:
            print(f"{entry['id']}: unchanged file, figures of the last report (docs/eval/{entry['id']}.json)")
            return old
    path = os.path.join(ROOT, "models", entry["file"])
    tensors, meta = modelfile.read_format1(path)
    cfg, training = json.loads(meta["config"]), json.loads(meta.get("training", "{}"))
    data = os.path.join(args.data_root, entry["data"])
    greedy = cached_eval(path, data, 1, args.cache)
    s = {"id": entry["id"], "file": entry["file"], "bytes": os.path.getsize(path), "params": params_of(tensors),
         "config": cfg, "training": training, "tokenizer": greedy["tokenizer"], "segments": greedy["segments"],
         "references": greedy["references"], "greedy": {"bleu": greedy["bleu"], "detail": greedy["detail"],
                                                        "buckets": greedy["buckets"]}}
    if args.beam > 1:
        b = cached_eval(path, data, args.beam, args.cache)
        s["beam"] = {"size": args.beam, "bleu": b["bleu"], "detail": b["detail"], "buckets": b["buckets"]}
    s["sha256"] = file_sha256(path)
    s["weights_sha256"] = weights_sha256(path)
    # F32 BLEU and C++/PyTorch parity need the F32 file, which train/finish_run.sh evaluated on the
    # training machine (work/eval); elsewhere the figures of the last report for this same file stay.
    before = previous_report(entry["id"], s)
    f32 = os.path.join(args.cache, entry["id"] + ".greedy.json")
    if os.path.exists(f32):
        s["f32_greedy_bleu"] = json.load(open(f32, encoding="utf-8"))["bleu"]
    elif "f32_greedy_bleu" in before:
        s["f32_greedy_bleu"] = before["f32_greedy_bleu"]
    par = os.path.join(args.cache, entry["id"] + ".parity.json")
    if os.path.exists(par):
        p = json.load(open(par, encoding="utf-8"))
        s["parity"] = {k: p[k] for k in ("sentences", "identical", "share")}
    elif "parity" in before:
        s["parity"] = before["parity"]
    s["examples"] = examples(args.cli, path, entry["src"])
    add_product_figures(s, args, entry, path)
    meta = os.path.join(data, "meta.json")  # back-translated pairs mixed into the training data, if any
    if os.path.exists(meta):
        syn = json.load(open(meta, encoding="utf-8")).get("synthetic")
        if syn:
            s["synthetic"] = {"pairs": syn["pairs"], "tag": syn.get("tag")}
    elif "synthetic" in before:  # (the data dir is not on this machine: the last report's, same file)
        s["synthetic"] = before["synthetic"]
    return s


def label_of(entry):
    """The catalogue's label: a string or {"en": ..., "zh": ...} (the English one here)."""
    label = entry.get("label", "")
    return label.get("en", "") if isinstance(label, dict) else label


def arch_text(cfg):
    if cfg["arch"] == "transformer":
        return (f"Transformer, d_model {cfg['d_model']}, {cfg['heads']} heads, FFN {cfg['ffn_dim']}, "
                f"{cfg['enc_layers']}+{cfg['dec_layers']} layers")
    att = "no attention (fixed context)" if cfg["attention"] == "none" else f"{cfg['attention']} attention"
    if cfg["arch"] == "conv":
        field = 1 + cfg["conv_layers"] * (cfg["kernel"] - 1)  # tokens one memory vector sees
        return (f"Convolutional encoder ({cfg['conv_layers']} layers, kernel {cfg['kernel']}: each position sees {field} "
                f"tokens) + GRU decoder, {att}, emb {cfg['emb_dim']}, hidden {cfg['hidden']}")
    return f"Bi-GRU encoder + GRU decoder, {att}, emb {cfg['emb_dim']}, hidden {cfg['hidden']}"


def training_data(d, synthetic):
    """The training-data line: the real pairs, and the back-translations mixed in (docs/training.md)."""
    pairs, n = d.get("pairs", "?"), d.get("train_pairs", "?")
    if not synthetic or not isinstance(n, int):
        return f"Tatoeba `{pairs}` ({n} training pairs), {d.get('source', '')}"
    real = n - synthetic["pairs"]
    tag = f" tagged `{synthetic['tag']}`" if synthetic.get("tag") else ""
    return (f"Tatoeba `{pairs}` ({real:,} real training pairs) plus {synthetic['pairs']:,} back-translations{tag} of "
            f"Tatoeba English sentences (see docs/training.md), {d.get('source', '')}")


def confidence_markdown(summaries):
    """The unsure marks' thresholds and how often they fire (docs/eval/confidence/ID.json, written by
    train/calibrate_confidence.py), on good (sentence BLEU >= 50) and bad (< 15) translations."""
    rows = []
    for s in summaries:
        path = os.path.join(ROOT, "docs", "eval", "confidence", s["id"] + ".json")
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as f:
            c = json.load(f)
        for split, r in c["splits"].items():
            if "with_an_unsure_word" not in r["good"]:
                continue  # a calibration from before the page's words (rerun train/calibrate_confidence.py)
            pct = lambda x: "–" if x is None else f"{100 * x:.0f}%"  # noqa: E731
            rows.append(f"| {s['id']} | {split} | {c['token_probability']:.3f} / {c['sentence_mean_logprob']:.3f} | "
                        f"{pct(r['good']['with_an_unsure_word'])} / {pct(r['bad']['with_an_unsure_word'])} | "
                        f"{pct(r['good']['words_marked'])} / {pct(r['bad']['words_marked'])} | "
                        f"{pct(r['good']['flagged'])} / {pct(r['bad']['flagged'])} | "
                        f"{r['good']['sentences']} / {r['bad']['sentences']} |")
    if not rows:
        return []
    return ["## Unsure marks: how often they fire", "",
            "The demo and the widgets underline the words whose least piece probability is below the token",
            "threshold (a piece of punctuation belongs to the word it ends) and say a translation is far from",
            "what the model learned from when its mean log-probability per token is below the sentence threshold.",
            "`train/calibrate_confidence.py` chooses both on the test split: the token threshold marks at most 3 %",
            "of the words of *good* translations (sentence BLEU ≥ 50), the sentence threshold flags at most 10 % of",
            "them; the table gives how often each fires on good and on *bad* ones (sentence BLEU < 15).", "",
            "| model | split | thresholds: token / sentence | sentences with an unsure word: good / bad | "
            "words marked: good / bad | sentence note: good / bad | sentences: good / bad |",
            "|---|---|---|---:|---:|---:|---:|", *rows, ""]


def markdown(entries, summaries, histories):
    out = ["# Shipped models", "",
           "Generated by `/usr/bin/python3 train/report.py` (do not edit by hand). BLEU is corpus BLEU",
           "computed like sacreBLEU 2.x defaults (13a tokenization; character-level `zh` tokenization for",
           "Chinese targets) with all references of each source, on the pipeline's held-out test split",
           "(`train/prepare.py`: grouped by English sentence, never trained on). Scores are for the shipped",
           "(I8) files unless said otherwise; examples are the C++ runtime's greedy output.", ""]
    out += ["| model | file | size | params | greedy BLEU | beam BLEU |", "|---|---|---:|---:|---:|---:|"]
    for s in summaries:
        beam = f"{s['beam']['bleu']:.2f}" if "beam" in s else "–"
        out.append(f"| {s['id']} | `{s['file']}` | {s['bytes'] / 1e6:.2f} MB | {s['params'] / 1e6:.2f} M | "
                   f"{s['greedy']['bleu']:.2f} | {beam} |")
    out.append("")
    buckets = ["1-5", "6-10", "11-15", "16+"]
    out += ["## BLEU by English sentence length (greedy)", "",
            "| model | " + " | ".join(f"{b} words" for b in buckets) + " |",
            "|---|" + "---:|" * len(buckets)]
    for s in summaries:
        cells = [f"{s['greedy']['buckets'][b]['bleu']:.1f} ({s['greedy']['buckets'][b]['segments']})"
                 if b in s["greedy"]["buckets"] else "–" for b in buckets]
        out.append(f"| {s['id']} | " + " | ".join(cells) + " |")
    out += ["", "(segments in parentheses)", ""]
    out += ["## What readers bring: long sentences, numbers, the check sentences", "",
            "Decoded by the C++ engine with its default options (greedy, the repeat guard off, the number guard",
            "and the length cap on), as the demo and the widgets run it. *Long*: the long split (`train/prepare.py`: English",
            "sentences of 12–30 words with a number, month, weekday or name; a third of them never trained",
            "on since issue 29); *repeats*: outputs that repeat a token or 2-gram 3 or more times in a row",
            "(`attnseq_train/degenerate.py`); *numbers kept*: the numbers set (`train/numbers_set.py`), numbers",
            "of the source found in the output digit for digit (or a small one spelled out), per sentence; *names kept*:",
            "the names set (`train/names_set.py`: held-out pairs naming Tom or Mary, with names no training pair holds",
            "instead, such as José, Hélène, Jürgen, Priya), every name written letter for letter, and in parentheses the",
            "same for the sentences whose names have accented letters; *plain input*: the test split with its sources as the",
            "best-known attention tutorial for the source language preprocesses them (`train/plain_set.py`: lower case,",
            "no accents, \"c est un jeune directeur plein de talent .\"), BLEU, beside the test split's; *check*: the",
            "sentences of `train/sets/check_sentences.json` in the model's direction translated as a bilingual",
            "reader accepts (`train/check_sentences.py`).", "",
            "| model | long BLEU (n) | repeats on long | numbers kept | names kept (accented) | plain input (test) | check sentences right |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for s in summaries:
        lg, nb, ck = s.get("long"), s.get("numbers"), s.get("check")
        nm = (s.get("names") or {}).get("names")
        pl = s.get("plain")
        trained = " ‡" if lg and lg.get("trained_on") else ""
        out.append(f"| {s['id']} | " + (f"{lg['bleu']:.2f} ({lg['segments']}){trained}" if lg else "–") + " | "
                   + (f"{lg['degenerate']} of {lg['segments']}" if lg else "–") + " | "
                   + (f"{nb['numbers']['copied_or_small_spelled']} of {nb['numbers']['sentences']}"
                      if nb and nb["numbers"]["sentences"] else "–") + " | "
                   + (f"{nm['kept']} of {nm['sentences']} ({nm['accented_kept']} of {nm['accented_sentences']})"
                      if nm and nm["sentences"] else "–") + " | "
                   + (f"{pl['bleu']:.2f} ({s['greedy']['bleu']:.2f})" if pl else "–") + " | "
                   + (f"{ck['right']} of {ck['total']}" if ck else "–") + " |")
    out += ["", "‡ trained on the reserved part of the long split (prepared before issue 29), or started from a model that was: the figure flatters it.", ""]
    out += confidence_markdown(summaries)
    for e, s in zip(entries, summaries):
        t = s["training"]
        d = t.get("data", {})
        out += [f"## {s['id']}", "", f"- {label_of(e)}", f"- Architecture: {arch_text(s['config'])}; "
                f"vocabulary {s['config']['vocab_src']}/{s['config']['vocab_tgt']} SentencePiece unigram"
                f"{' (joint, shared embeddings)' if s['config'].get('share_embeddings') else ''}",
                f"- Parameters: {s['params']:,}; file {s['bytes']:,} bytes ({t.get('quantization', '?')})",
                f"- Training data: {training_data(d, s.get('synthetic'))}",
                *([f"- Started from: `{t['init']['from']}` (its tensors under {', '.join(f'`{x}`' for x in t['init']['scopes'])}; "
                   "transfer learning, docs/training.md)"] if t.get("init") else []),
                f"- Training: {t.get('steps', '?')} steps, {t.get('epochs', '?')} epochs, "
                f"{t.get('train_minutes', '?')} min on the 2-core CPU machine (one thread)"
                + (f"; the weights are the average of its evaluations at steps {', '.join(f'{x:,}' for x in t['averaged_steps'])}"
                   " (`train/average.py`)" if t.get("averaged_steps") else ""),
                f"- Test split: {s['segments']} sources, {s['references']} references; greedy {s['greedy']['detail']}"]
        if "beam" in s:
            out.append(f"- Beam {s['beam']['size']}: {s['beam']['detail']}")
        if "f32_greedy_bleu" in s:
            out.append(f"- F32 file greedy BLEU {s['f32_greedy_bleu']:.2f} vs I8 {s['greedy']['bleu']:.2f} "
                       f"(loss {s['f32_greedy_bleu'] - s['greedy']['bleu']:.2f})")
        if "parity" in s:
            p = s["parity"]
            out.append(f"- C++ greedy = PyTorch greedy (F32) on {p['identical']}/{p['sentences']} test sentences "
                       f"({100 * p['share']:.2f}%)")
        if s.get("check"):
            wrong = [r for r in s["check"]["items"] if not r["right"]]
            out.append(f"- Check sentences: {s['check']['right']} of {s['check']['total']} right"
                       + ("; wrong: " + "; ".join(f"{r['src']} → {r['output']}" for r in wrong) if wrong else ""))
        out += ["", "| input | output |", "|---|---|"]
        out += [f"| {a} | {b} |" for a, b in s["examples"]]
        out.append("")
    if histories:
        out += curves.markdown(histories, "bleu-vs-time.svg")
    out += ["## Data attribution", "",
            "Sentence pairs from the Tatoeba Project (https://tatoeba.org), as compiled by",
            "https://www.manythings.org/anki, released under CC BY 2.0 FR",
            "(https://creativecommons.org/licenses/by/2.0/fr/). The models are derived from them.", ""]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-root", default=os.path.join(ROOT, "work", "data"))
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "native", "attnseq"))
    ap.add_argument("--cache", default=os.path.join(ROOT, "work", "eval"))
    ap.add_argument("--beam", type=int, default=5)
    ap.add_argument("--only", nargs="+", metavar="ID",
                    help="recompute these models only; the others keep the figures of the last report "
                         "(docs/eval/ID.json) when their file is unchanged (same SHA-256), else are recomputed")
    a = ap.parse_args()
    torch.set_num_threads(1)  # the same float summation order as train/evaluate.py
    manifest = json.load(open(os.path.join(ROOT, "models", "manifest.json"), encoding="utf-8"))
    entries = manifest["models"]
    summaries = [summarize(e, a) for e in entries]
    os.makedirs(os.path.join(ROOT, "docs", "eval"), exist_ok=True)
    for s in summaries:
        with open(os.path.join(ROOT, "docs", "eval", s["id"] + ".json"), "w", encoding="utf-8") as f:
            json.dump(s, f, ensure_ascii=False, indent=1)
    histories = curves.load_histories(os.path.join(ROOT, "docs", "eval", "history"))
    with open(os.path.join(ROOT, "docs", "models.md"), "w", encoding="utf-8") as f:
        f.write(markdown(entries, summaries, histories))
    if histories:
        with open(os.path.join(ROOT, "docs", "bleu-vs-time.svg"), "w", encoding="utf-8") as f:
            f.write(curves.render_svg(histories))
    print("wrote docs/models.md for", ", ".join(s["id"] for s in summaries))


if __name__ == "__main__":
    main()
