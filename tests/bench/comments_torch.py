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

import torch

from page_training import load_splits, train_each

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference"))
from torch_models import BagOfWords, TinySelfAttn  # noqa: E402

BATCH = 32


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
    data = load_splits(a.corpus, int)
    vocab = int(max(x.max().item() for x, _ in data.values())) + 1
    T = data["train"][0].shape[1]
    attn, bow = TinySelfAttn(vocab, T, a.dmodel), BagOfWords(vocab)
    train_each({"attention": attn, "bow": bow}, data, a.epochs, a.lr, BATCH)


if __name__ == "__main__":
    main()
