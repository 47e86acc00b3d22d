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
import torch.nn as nn
import torch.nn.functional as F

from make_reference import write_reference

HERE = os.path.dirname(os.path.abspath(__file__))
VOCAB, T, D, B, LR, STEPS = 11, 8, 5, 6, 0.01, 10


class TinySelfAttn(nn.Module):  # make_reference.py's, pooling last, with positions
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(VOCAB, D)
        self.pos = nn.Embedding(T, D)
        self.Wq = nn.Linear(D, D, bias=False)
        self.Wk = nn.Linear(D, D, bias=False)
        self.Wv = nn.Linear(D, D, bias=False)
        self.fc = nn.Linear(D, 2)

    def forward(self, x):
        e = self.emb(x) + self.pos(torch.arange(x.shape[1]).unsqueeze(0).expand(x.shape[0], -1))
        Q, K, V = self.Wq(e), self.Wk(e), self.Wv(e)
        A = torch.softmax(Q @ K.transpose(1, 2) / (Q.shape[-1] ** 0.5), dim=-1)
        return self.fc((A @ V)[:, -1, :])


class BagOfWords(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(VOCAB, 2)

    def forward(self, x):
        counts = F.one_hot(x, VOCAB).sum(dim=1).to(self.fc.weight.dtype)
        counts[:, 0] = 0  # the padding is not a word
        return self.fc(counts)


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
    write("comments_attn.txt", TinySelfAttn(), 1)
    torch.manual_seed(53)
    write("comments_bow.txt", BagOfWords(), 2)
