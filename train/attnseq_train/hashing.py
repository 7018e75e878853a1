"""The SHA-256 of a file (hex), read in 1 MiB chunks: data sets, vocabularies and model files."""
import hashlib


def file_sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()
