"""Convert a trained SentencePiece `.model` into the attnseq tokenizer JSON.

    cd train && python3 -m attnseq_train.spm_json path/to/spm.model > tokenizer.json

The `.model` file is a serialized `sentencepiece.ModelProto` (protobuf, proto2). It is read
here with a small hand-written wire-format parser, so no protobuf package is needed. The
output follows the "Tokenizer JSON" section of docs/model-format.md; the C++ runtime
(cpp/attnseq/text/) reproduces sentencepiece 0.1.97 from it.

Only what the runtime reproduces is accepted: a unigram model, whitespace as a prefix
(not a suffix), no denormalizer and the default unknown surface. Anything else raises
ValueError instead of producing a tokenizer that would silently disagree with Python.
"""
import base64
import json
import struct
import sys

# sentencepiece_model.proto field numbers.
_MODEL_PIECES, _MODEL_TRAINER, _MODEL_NORMALIZER, _MODEL_DENORMALIZER = 1, 2, 3, 5
_PIECE_TEXT, _PIECE_SCORE, _PIECE_TYPE = 1, 2, 3
_NORM_NAME, _NORM_CHARSMAP, _NORM_DUMMY, _NORM_EXTRA_WS, _NORM_ESCAPE_WS = 1, 2, 3, 4, 5
_TRAINER_MODEL_TYPE, _TRAINER_WS_SUFFIX, _TRAINER_BYTE_FALLBACK = 3, 24, 35
_TRAINER_UNK_SURFACE = 44
_TRAINER_SPECIAL_PIECES = {45: "unk", 46: "bos", 47: "eos", 48: "pad"}

NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6
_RESERVED_TYPES = (UNKNOWN, CONTROL, BYTE)  # looked up before the other pieces, as sentencepiece does
_DEFAULT_SPECIAL = {"unk": "<unk>", "bos": "<s>", "eos": "</s>", "pad": "<pad>"}
_DEFAULT_UNK_SURFACE = " \u2047 "
_UNIGRAM = 1


def _varint(buf, pos):
    result, shift = 0, 0
    while True:
        if pos >= len(buf):
            raise ValueError("truncated varint in SentencePiece model")
        byte = buf[pos]
        pos += 1
        result |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return result, pos
        shift += 7
        if shift > 63:
            raise ValueError("varint too long in SentencePiece model")


def _fields(buf):
    """Yields (field_number, wire_type, value) of one protobuf message.

    value: int for varints, bytes for length-delimited fields and fixed32/fixed64 payloads.
    """
    pos = 0
    while pos < len(buf):
        key, pos = _varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(buf, pos)
        elif wire == 1:
            value, pos = buf[pos:pos + 8], pos + 8
        elif wire == 2:
            length, pos = _varint(buf, pos)
            value, pos = buf[pos:pos + length], pos + length
        elif wire == 5:
            value, pos = buf[pos:pos + 4], pos + 4
        else:
            raise ValueError(f"unsupported protobuf wire type {wire} (field {number})")
        if pos > len(buf):
            raise ValueError(f"truncated field {number} in SentencePiece model")
        yield number, wire, value


def _int32(value):
    """A proto int32/enum varint (negative values are sign-extended to 64 bits)."""
    return value - (1 << 64) if value >= 1 << 63 else value


def _parse_piece(buf):
    piece = {"piece": "", "score": 0.0, "type": NORMAL}
    for number, wire, value in _fields(buf):
        if number == _PIECE_TEXT and wire == 2:
            piece["piece"] = value.decode("utf-8")
        elif number == _PIECE_SCORE and wire == 5:
            piece["score"] = struct.unpack("<f", value)[0]
        elif number == _PIECE_TYPE and wire == 0:
            piece["type"] = _int32(value)
    return piece


def _parse_normalizer(buf):
    spec = {"name": "", "precompiled_charsmap": b"", "add_dummy_prefix": True,
            "remove_extra_whitespaces": True, "escape_whitespaces": True}
    flags = {_NORM_DUMMY: "add_dummy_prefix", _NORM_EXTRA_WS: "remove_extra_whitespaces",
             _NORM_ESCAPE_WS: "escape_whitespaces"}
    for number, wire, value in _fields(buf):
        if number == _NORM_NAME and wire == 2:
            spec["name"] = value.decode("utf-8")
        elif number == _NORM_CHARSMAP and wire == 2:
            spec["precompiled_charsmap"] = bytes(value)
        elif number in flags and wire == 0:
            spec[flags[number]] = bool(value)
    return spec


def _parse_trainer(buf):
    spec = {"model_type": _UNIGRAM, "treat_whitespace_as_suffix": False, "byte_fallback": False,
            "unk_surface": _DEFAULT_UNK_SURFACE, "special": dict(_DEFAULT_SPECIAL)}
    for number, wire, value in _fields(buf):
        if number == _TRAINER_MODEL_TYPE and wire == 0:
            spec["model_type"] = _int32(value)
        elif number == _TRAINER_WS_SUFFIX and wire == 0:
            spec["treat_whitespace_as_suffix"] = bool(value)
        elif number == _TRAINER_BYTE_FALLBACK and wire == 0:
            spec["byte_fallback"] = bool(value)
        elif number == _TRAINER_UNK_SURFACE and wire == 2:
            spec["unk_surface"] = value.decode("utf-8")
        elif number in _TRAINER_SPECIAL_PIECES and wire == 2 and value:
            spec["special"][_TRAINER_SPECIAL_PIECES[number]] = value.decode("utf-8")
    return spec


def parse_model(data):
    """Parses a serialized ModelProto into {"pieces", "trainer", "normalizer", "denormalizer"}."""
    model = {"pieces": [], "trainer": _parse_trainer(b""), "normalizer": _parse_normalizer(b""),
             "denormalizer": None}
    for number, wire, value in _fields(bytes(data)):
        if wire != 2:
            continue
        if number == _MODEL_PIECES:
            model["pieces"].append(_parse_piece(value))
        elif number == _MODEL_TRAINER:
            model["trainer"] = _parse_trainer(value)
        elif number == _MODEL_NORMALIZER:
            model["normalizer"] = _parse_normalizer(value)
        elif number == _MODEL_DENORMALIZER:
            model["denormalizer"] = _parse_normalizer(value)
    return model


def _special_id(pieces, text, want_type):
    """sentencepiece's unk_id()/bos_id()/...: PieceToId(piece) if it has the right type, else -1."""
    reserved = next((i for i, p in enumerate(pieces)
                     if p["type"] in _RESERVED_TYPES and p["piece"] == text), None)
    found = reserved if reserved is not None else next(
        (i for i, p in enumerate(pieces) if p["type"] not in _RESERVED_TYPES and p["piece"] == text), None)
    if found is None:  # PieceToId() falls back to the unknown piece
        found = next((i for i, p in enumerate(pieces) if p["type"] == UNKNOWN), None)
    return found if found is not None and pieces[found]["type"] == want_type else -1


def _check_supported(model):
    trainer = model["trainer"]
    if trainer["model_type"] != _UNIGRAM:
        raise ValueError(f"only unigram SentencePiece models are supported (model_type={trainer['model_type']})")
    if trainer["treat_whitespace_as_suffix"]:
        raise ValueError("treat_whitespace_as_suffix=true is not supported")
    if trainer["unk_surface"] != _DEFAULT_UNK_SURFACE:
        raise ValueError(f"a custom unk_surface ({trainer['unk_surface']!r}) is not supported")
    den = model["denormalizer"]
    if den is not None and den["precompiled_charsmap"]:
        raise ValueError("a denormalizer is not supported")
    has_bytes = any(p["type"] == BYTE for p in model["pieces"])
    if has_bytes != trainer["byte_fallback"]:
        raise ValueError("byte pieces must be present exactly when byte_fallback is true")
    if not model["pieces"]:
        raise ValueError("the SentencePiece model has no pieces")


def tokenizer_json(model_path):
    """Reads a SentencePiece `.model` file and returns the attnseq tokenizer JSON as a dict."""
    with open(model_path, "rb") as f:
        model = parse_model(f.read())
    _check_supported(model)
    pieces = model["pieces"]
    special = model["trainer"]["special"]
    norm = model["normalizer"]
    ids = {name + "_id": _special_id(pieces, special[name], UNKNOWN if name == "unk" else CONTROL)
           for name in ("unk", "bos", "eos", "pad")}
    if ids["unk_id"] < 0:
        raise ValueError("the SentencePiece model has no unknown piece")
    return {
        "type": "unigram",
        "pieces": [[p["piece"], p["score"], p["type"]] for p in pieces],
        **ids,
        "normalizer": {
            "name": norm["name"],
            "precompiled_charsmap": base64.b64encode(norm["precompiled_charsmap"]).decode("ascii"),
            "add_dummy_prefix": norm["add_dummy_prefix"],
            "remove_extra_whitespaces": norm["remove_extra_whitespaces"],
            "escape_whitespaces": norm["escape_whitespaces"],
        },
    }


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python3 -m attnseq_train.spm_json MODEL > tokenizer.json", file=sys.stderr)
        return 2
    json.dump(tokenizer_json(argv[0]), sys.stdout, ensure_ascii=False, separators=(",", ":"))
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
