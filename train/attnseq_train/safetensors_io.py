"""Minimal safetensors writer/reader for attnseq model files (docs/model-format.md).

Layout: u64 LE header length N, JSON header (space-padded so the data starts 8-byte aligned),
then tensor data, contiguous from offset 0 with no holes (as the safetensors reference checks):
F32 tensors first (sorted by name; each a multiple of 4 bytes, so every one stays 4-byte aligned),
then I8 tensors, then U8 tensors (byte blobs: the tokenizers' charsmaps), each group sorted by name.
Dtypes: F32, I8, U8.
"""
import json
import struct

import numpy as np

DTYPES = {"F32": np.dtype("<f4"), "I8": np.dtype("i1"), "U8": np.dtype("u1")}
_NP_TO_ST = {np.dtype("<f4"): "F32", np.dtype("i1"): "I8", np.dtype("u1"): "U8"}
_ORDER = {"F32": 0, "I8": 1, "U8": 2}  # 4-byte elements first: no tensor needs a gap to stay aligned


def _align(n, a=8):
    return (n + a - 1) // a * a


def write(path, tensors, metadata):
    """tensors: {name: numpy array (float32 or int8)}; metadata: {str: str}."""
    header, chunks, pos = {}, [], 0
    arrays = {}
    for name, t in tensors.items():
        arr = np.ascontiguousarray(t)
        if arr.dtype not in _NP_TO_ST:
            arr = arr.astype("<f4") if arr.dtype.kind == "f" else arr
        if arr.dtype not in _NP_TO_ST:
            raise TypeError(f"{name}: dtype {arr.dtype} is not F32, I8 or U8")
        arrays[name] = arr
    order = sorted(arrays, key=lambda n: (_ORDER[_NP_TO_ST[arrays[n].dtype]], n))  # F32, then I8, then U8
    for name in order:
        arr = arrays[name]
        dt = _NP_TO_ST[arr.dtype]
        data = arr.astype(DTYPES[dt]).tobytes()
        header[name] = {"dtype": dt, "shape": list(arr.shape), "data_offsets": [pos, pos + len(data)]}
        chunks.append(data)
        pos += len(data)
    if any(not isinstance(v, str) for v in metadata.values()):
        raise TypeError("metadata values must be strings")
    header["__metadata__"] = metadata
    hb = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    hb += b" " * (_align(8 + len(hb)) - 8 - len(hb))
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(hb)))
        f.write(hb)
        for c in chunks:
            f.write(c)


def check_layout(header, data_len):
    """The safetensors reference's rule: tensors' data_offsets, in order, cover [0, data_len) exactly
    (no holes, no overlaps, nothing after). Raises ValueError naming the first violation."""
    spans = sorted((h["data_offsets"][0], h["data_offsets"][1], n) for n, h in header.items() if n != "__metadata__")
    pos = 0
    for b, e, name in spans:
        if b != pos:
            raise ValueError(f"{name}: data starts at {b}, expected {pos} ({'a hole' if b > pos else 'an overlap'})")
        pos = e
    if pos != data_len:
        raise ValueError(f"tensor data ends at {pos} but the buffer holds {data_len} bytes")


def read_header(path):
    """The file's JSON header (tensor entries and __metadata__) alone."""
    with open(path, "rb") as f:
        (n,) = struct.unpack("<Q", f.read(8))
        return json.loads(f.read(n).decode("utf-8"))


def read(path):
    """-> ({name: numpy array}, metadata dict). Checks offsets, sizes and overlaps."""
    with open(path, "rb") as f:
        buf = f.read()
    (n,) = struct.unpack("<Q", buf[:8])
    if 8 + n > len(buf):
        raise ValueError("header length beyond end of file")
    header = json.loads(buf[8:8 + n].decode("utf-8"))
    meta = header.pop("__metadata__", {})
    data = memoryview(buf)[8 + n:]
    tensors, spans = {}, []
    for name, h in header.items():
        dt = DTYPES[h["dtype"]]
        b, e = h["data_offsets"]
        count = int(np.prod(h["shape"])) if h["shape"] else 1
        if not (0 <= b <= e <= len(data)) or e - b != count * dt.itemsize:
            raise ValueError(f"bad data_offsets for {name}")
        spans.append((b, e, name))
        tensors[name] = np.frombuffer(data[b:e], dtype=dt).reshape(h["shape"]).copy()
    spans.sort()
    for (b0, e0, n0), (b1, e1, n1) in zip(spans, spans[1:]):
        if b1 < e0:
            raise ValueError(f"tensors {n0} and {n1} overlap")
    return tensors, meta


def quantize_rows(w):
    """Symmetric per-row int8: w[r, c] ~ q[r, c] * scale[r], scale = max|w[r]| / 127."""
    w = np.asarray(w, dtype=np.float32)
    scale = np.abs(w).max(axis=1) / 127.0
    safe = np.where(scale > 0, scale, 1.0)
    q = np.clip(np.rint(w / safe[:, None]), -127, 127).astype(np.int8)
    return q, scale.astype(np.float32)


def dequantize(tensors):
    """I8 tensors + NAME.scale -> F32 tensors (scales removed); other tensors as they are."""
    out = {}
    for name, t in tensors.items():
        if name.endswith(".scale") and name[: -len(".scale")] in tensors:
            continue
        if t.dtype == np.int8:
            out[name] = t.astype(np.float32) * tensors[name + ".scale"][:, None]
        else:
            out[name] = t
    return out
