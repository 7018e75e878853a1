"""Atomic checkpoint files and RNG state capture for exact resume."""
import os
import random

import numpy as np
import torch


def atomic_save(obj, path):
    tmp = path + ".tmp"
    torch.save(obj, tmp)
    with open(tmp, "rb") as f:
        os.fsync(f.fileno())
    os.replace(tmp, path)


def rng_state():
    return {"torch": torch.get_rng_state(), "python": random.getstate(), "numpy": np.random.get_state()}


def set_rng_state(s):
    torch.set_rng_state(s["torch"])
    random.setstate(s["python"])
    np.random.set_state(s["numpy"])


def load(path):
    # our checkpoints hold plain Python state beside the tensors: PyTorch >= 2.6 loads only tensors by default
    try:
        return torch.load(path, map_location="cpu", weights_only=False)
    except TypeError:  # PyTorch older than 1.13 has no weights_only
        return torch.load(path, map_location="cpu")
