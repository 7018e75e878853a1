"""Training rows whose source is also a source of an evaluation split.

The split follows the English side (textnorm.split_of), which for X -> English is the target: Tatoeba
often gives one French, German or Spanish sentence two English translations, and then the sentence can
be tested with one and trained on with the other ("Es-tu folle ?": "Are you crazy?" in test, another in
train). The rows are compared as the model reads them: the source's pieces (the training rows' ids
end in </s>, id 3)."""
import numpy as np

EOS = 3


def held_keys(sp_src, texts):
    """The piece ids of each evaluation source, as tuples (what a training row holds before its </s>)."""
    return {tuple(ids) for ids in sp_src.encode(list(texts))}


def seen_mask(src_rows, keys):
    """-> list of bools: True for a training source (np.int16 ids ending in </s>) equal to one of keys."""
    out = []
    for row in src_rows:
        ids = row[:-1] if len(row) and row[-1] == EOS else row
        out.append(tuple(int(i) for i in np.asarray(ids)) in keys)
    return out


def drop_seen(data, keys):
    """Removes the rows of data ({"src": [...], "tgt": [...]}) whose source is in keys. -> count removed."""
    mask = seen_mask(data["src"], keys)
    data["src"] = [s for s, m in zip(data["src"], mask) if not m]
    data["tgt"] = [t for t, m in zip(data["tgt"], mask) if not m]
    return sum(mask)
