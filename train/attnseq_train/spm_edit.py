"""Retire multi-digit pieces of a trained SentencePiece model (so numbers are spelled digit by digit).

    /usr/bin/python3 -m attnseq_train.spm_edit IN.model OUT.model

The shipped en-fr, en-zh and zh-en models were trained on vocabularies with pieces such as "▁19",
"00" or "▁2:30", which a model must learn to copy one by one ("2019" -> "20119" came out of one).
Marking those pieces UNUSED (sentencepiece's type 5) makes sentencepiece and the C++ tokenizer alike
skip them in the Viterbi search (cpp/attnseq/text/unigram.cc), so every number is read and written
as single digits, without changing any id: a model fine-tuned on data encoded so keeps its shapes.
The wire format is edited in place (no protobuf package): only the type of the retired pieces changes.
"""
import re
import struct
import sys

from .spm_json import UNUSED, _fields, _varint

_MULTI_DIGIT = re.compile(r"\d.*\d", re.S)


def _encode_varint(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _piece_bytes(text, score, type_):
    t = text.encode("utf-8")
    return (_encode_varint((1 << 3) | 2) + _encode_varint(len(t)) + t +
            _encode_varint((2 << 3) | 5) + struct.pack("<f", score) +
            _encode_varint((3 << 3) | 0) + _encode_varint(type_))


def retire_multidigit(data):
    """-> (new model bytes, [retired piece texts]). Pieces of type NORMAL with two or more digits."""
    out, retired, pos = bytearray(), [], 0
    while pos < len(data):
        start = pos
        key, pos = _varint(data, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            _, pos = _varint(data, pos)
        elif wire == 1:
            pos += 8
        elif wire == 5:
            pos += 4
        elif wire == 2:
            length, body = _varint(data, pos)
            pos = body + length
            if number == 1:
                text, score, type_ = "", 0.0, 1
                for n, w, v in _fields(data[body:pos]):
                    if n == 1 and w == 2:
                        text = v.decode("utf-8")
                    elif n == 2 and w == 5:
                        score = struct.unpack("<f", v)[0]
                    elif n == 3 and w == 0:
                        type_ = v
                if type_ == 1 and _MULTI_DIGIT.search(text):
                    piece = _piece_bytes(text, score, UNUSED)
                    out += _encode_varint(key) + _encode_varint(len(piece)) + piece
                    retired.append(text)
                    continue
        else:
            raise ValueError(f"unsupported protobuf wire type {wire}")
        out += data[start:pos]
    return bytes(out), retired


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print("usage: python3 -m attnseq_train.spm_edit IN.model OUT.model", file=sys.stderr)
        return 2
    with open(argv[0], "rb") as f:
        data, retired = retire_multidigit(f.read())
    with open(argv[1], "wb") as f:
        f.write(data)
    print(f"retired {len(retired)} multi-digit pieces: {' '.join(retired)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
