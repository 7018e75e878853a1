"""Parameter initialization for training from scratch (models.py keeps PyTorch defaults).

Output logits are tied to the decoder embedding, so embeddings get N(0, d^-1/2) (PyTorch's
N(0, 1) would give logits of std ~sqrt(d) and a huge initial loss). Transformer linear
weights get Xavier-uniform, biases zero. GRU weights keep PyTorch's uniform init.
"""
import torch.nn as nn

from .models import PAD


def init_weights(model):
    for name, m in model.named_modules():
        if isinstance(m, nn.Embedding):
            nn.init.normal_(m.weight, 0.0, m.embedding_dim ** -0.5)
            m.weight.data[PAD].zero_()
        elif isinstance(m, nn.Linear) and model.cfg["arch"] == "transformer":
            nn.init.xavier_uniform_(m.weight)
            if m.bias is not None:
                nn.init.zeros_(m.bias)
    return model
