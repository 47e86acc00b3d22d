#!/usr/bin/python3
"""Writes the comments page's reference files (test_nn_torch_reference.cpp matches them).

Run with Debian's python3-torch (1.13):  /usr/bin/python3 tests/reference/make_comments_reference.py
The files are committed, so CI needs no PyTorch.

The page's two models at small sizes, on a batch shaped like its comments (left-padded
with token 0, a group name, a phrase, an ending): the attention model (the race's
TinySelfAttn, pooling last, with positions; make_reference.py) and the bag-of-words
baseline, nn.Linear(vocab, 2) on word counts with the padding not counted
(src/nn/bag_of_words.hpp). Each file holds the PyTorch-default initial weights (drawn in
float32, computed in float64), the logits, the mean cross-entropy, every gradient, and
the loss before each of 10 Adam steps; the format is make_reference.py's.
"""
import os

import torch

from make_reference import write_reference
from torch_models import BagOfWords, TinySelfAttn

HERE = os.path.dirname(os.path.abspath(__file__))
VOCAB, T, D, B, LR, STEPS = 11, 8, 5, 6, 0.01, 10


def comments(seed):
    """B rows: padding, then a group (1-3), two phrase words (4-9), an ending (10)."""
    g = torch.Generator().manual_seed(seed)
    x = torch.zeros(B, T, dtype=torch.long)
    for b in range(B):
        length = 4 + b % 3  # 4 to 6 words
        words = [int(torch.randint(1, 4, (1,), generator=g))]
        words += torch.randint(4, 10, (length - 2,), generator=g).tolist() + [10]
        x[b, T - length:] = torch.tensor(words)
    y = torch.tensor([b % 2 for b in range(B)])
    return x, y


def write(filename, model, seed):
    x, y = comments(seed)
    write_reference(filename, "make_comments_reference.py", [VOCAB, T, D, 0, B, LR, 0, 1], "tokens", x, y,
                    model.double(), LR, STEPS)


if __name__ == "__main__":
    torch.manual_seed(52)
    write("comments_attn.txt", TinySelfAttn(VOCAB, T, D), 1)
    torch.manual_seed(53)
    write("comments_bow.txt", BagOfWords(VOCAB), 2)
