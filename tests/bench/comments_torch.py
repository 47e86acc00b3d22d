#!/usr/bin/python3
"""The comments page's training in PyTorch: the same two models (the race's TinySelfAttn
with pooling last, and the bag of words), the same corpus (written by
`alab comments --corpus-out FILE`), the same settings (Adam, batch 32, the epochs and
learning rate given), each model trained in turn on one thread, as the page trains them.
Prints the wall time and each model's accuracy on the balanced test split.

    /usr/bin/python3 tests/bench/comments_torch.py CORPUS [--epochs 10] [--lr 0.01] [--dmodel 16]

The corpus file: one comment a line, "split<TAB>label<TAB>group<TAB>ids" (ids space-separated,
left-padded with 0). tests/bench/comments-page.bench.mjs runs this beside the page.
"""
import argparse
import os
import sys
import time

import torch
import torch.nn as nn

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference"))
from torch_models import BagOfWords, TinySelfAttn  # noqa: E402


def load(path):
    splits = {}
    for line in open(path):
        split, label, _group, ids = line.rstrip("\n").split("\t")
        splits.setdefault(split, ([], []))
        splits[split][0].append([int(t) for t in ids.split()])
        splits[split][1].append(int(label))
    return {k: (torch.tensor(x), torch.tensor(y)) for k, (x, y) in splits.items()}


def accuracy(model, x, y):
    with torch.no_grad():
        return (model(x).argmax(dim=1) == y).float().mean().item()


def train(model, data, epochs, lr, batch=32):
    x, y = data["train"]
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    loss_fn = nn.CrossEntropyLoss()
    for _ in range(epochs):
        order = torch.randperm(len(y))
        for i in range(0, len(y), batch):
            idx = order[i:i + batch]
            opt.zero_grad()
            loss_fn(model(x[idx]), y[idx]).backward()
            opt.step()
        # As the page: each epoch evaluated on the validation and test splits.
        accuracy(model, *data["val"])
        accuracy(model, *data["test"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--lr", type=float, default=0.01)
    ap.add_argument("--dmodel", type=int, default=16)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(a.seed)
    data = load(a.corpus)
    vocab = int(max(x.max().item() for x, _ in data.values())) + 1
    T = data["train"][0].shape[1]
    attn, bow = TinySelfAttn(vocab, T, a.dmodel), BagOfWords(vocab)
    t0 = time.perf_counter()
    train(attn, data, a.epochs, a.lr)
    train(bow, data, a.epochs, a.lr)
    wall = time.perf_counter() - t0
    print(f"wall {wall:.3f}")
    print(f"test attention {accuracy(attn, *data['test']):.4f} bow {accuracy(bow, *data['test']):.4f}")


if __name__ == "__main__":
    main()
