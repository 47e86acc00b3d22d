#!/usr/bin/python3
"""The image page's training in PyTorch: the same two models (the tiny vision transformer of
src/nn/tiny_vit.hpp, with learned row and column positions and the read-out the page uses,
and the bag of patches), the same images (written by `alab vision --data-out FILE`), the same
settings (Adam, batch 32, the epochs, learning rate and width given, each epoch evaluated on
the validation and test sets), each model trained in turn on one thread, as the page's
single-thread build trains them. Initial weights as the lab draws them: torch.manual_seed(seed),
then the transformer, then the bag, with the positions and the class token scaled to
position_std (content/widgets/vision.json). Prints the wall time and both test accuracies.

    /usr/bin/python3 tests/bench/vision_torch.py IMAGES [--epochs 40] [--lr 0.001] [--dmodel 32]
        [--pooling mean|cls] [--positions on|off] [--seed 1]

The images file: one image a line, "split<TAB>label<TAB>pixels" (side^2 numbers, row-major).
tests/bench/vision-page.bench.mjs runs this beside the page.
"""
import argparse
import json
import os
import time

import torch
import torch.nn as nn

HERE = os.path.dirname(os.path.abspath(__file__))
WIDGET = json.load(open(os.path.join(HERE, "..", "..", "content", "widgets", "vision.json")))
FIXED = WIDGET["fixed"]
SIDE, PATCH, HIDDEN, BATCH = FIXED["side"], FIXED["patch"], FIXED["hidden"], FIXED["batch"]
GRID = SIDE // PATCH


def patchify(x):  # B x side^2 -> B x grid^2 x patch^2, patches row by row, pixels row by row
    x = x.reshape(-1, GRID, PATCH, GRID, PATCH).permute(0, 1, 3, 2, 4)
    return x.reshape(x.shape[0], GRID * GRID, PATCH * PATCH)


class TinyVit(nn.Module):
    def __init__(self, D, mean_pool, positional):
        super().__init__()
        self.D, self.mean_pool, self.positional = D, mean_pool, positional
        self.patch = nn.Linear(PATCH * PATCH, D)
        self.row = nn.Embedding(GRID, D)
        self.col = nn.Embedding(GRID, D)
        self.cls = nn.Parameter(torch.randn(1, D))
        self.Wq = nn.Linear(D, D, bias=False)
        self.Wk = nn.Linear(D, D, bias=False)
        self.Wv = nn.Linear(D, D, bias=False)
        self.head1 = nn.Linear(D, HIDDEN)
        self.head2 = nn.Linear(HIDDEN, 2)
        with torch.no_grad():  # the lab's start: positions and class token at position_std
            for p in (self.row.weight, self.col.weight, self.cls):
                p.mul_(FIXED["position_std"])
        self.k = torch.arange(GRID * GRID)

    def forward(self, x):
        e = self.patch(patchify(x))
        if self.positional:
            e = e + self.row(self.k // GRID) + self.col(self.k % GRID)
        e = torch.cat([e, self.cls.expand(e.shape[0], 1, self.D)], dim=1)  # the class token last
        Q, K, V = self.Wq(e), self.Wk(e), self.Wv(e)
        A = torch.softmax(Q @ K.transpose(1, 2) / (self.D ** 0.5), dim=-1)
        Z = A @ V
        h = (e + Z).mean(dim=1) if self.mean_pool else (e + Z)[:, -1, :]
        return self.head2(torch.relu(self.head1(h)))


class BagOfPatches(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch = nn.Linear(PATCH * PATCH, HIDDEN)
        self.out = nn.Linear(HIDDEN, 2)

    def forward(self, x):
        return self.out(torch.relu(self.patch(patchify(x))).mean(dim=1))


def load(path):
    splits = {}
    for line in open(path):
        split, label, pixels = line.rstrip("\n").split("\t")
        xs, ys = splits.setdefault(split, ([], []))
        xs.append([float(v) for v in pixels.split()])
        ys.append(int(label))
    return {k: (torch.tensor(x), torch.tensor(y)) for k, (x, y) in splits.items()}


def accuracy(model, x, y):
    with torch.no_grad():
        return (model(x).argmax(dim=1) == y).float().mean().item()


def train(model, data, epochs, lr):
    x, y = data["train"]
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    loss_fn = nn.CrossEntropyLoss()
    for _ in range(epochs):
        order = torch.randperm(len(y))
        for i in range(0, len(y), BATCH):
            idx = order[i:i + BATCH]
            opt.zero_grad()
            loss_fn(model(x[idx]), y[idx]).backward()
            opt.step()
        # As the page: each epoch evaluated on the validation and test sets.
        accuracy(model, *data["val"])
        accuracy(model, *data["test"])


def main():
    defaults = {s["key"]: s["default"] for s in WIDGET["settings"]}
    ap = argparse.ArgumentParser()
    ap.add_argument("images")
    ap.add_argument("--epochs", type=int, default=defaults["epochs"])
    ap.add_argument("--lr", type=float, default=defaults["lr"])
    ap.add_argument("--dmodel", type=int, default=defaults["dmodel"])
    ap.add_argument("--pooling", default=defaults["pooling"])
    ap.add_argument("--positions", default=defaults["positions"])
    ap.add_argument("--seed", type=int, default=defaults["seed"])
    a = ap.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(a.seed)
    data = load(a.images)
    vit = TinyVit(a.dmodel, a.pooling == "mean", a.positions == "on")
    bag = BagOfPatches()
    t0 = time.perf_counter()
    train(vit, data, a.epochs, a.lr)
    train(bag, data, a.epochs, a.lr)
    wall = time.perf_counter() - t0
    print(f"wall {wall:.3f}")
    print(f"test transformer {accuracy(vit, *data['test']):.4f} bag {accuracy(bag, *data['test']):.4f}")


if __name__ == "__main__":
    main()
