#!/usr/bin/python3
"""Writes the image page's reference files (test_nn_torch_reference.cpp matches them).

Run with Debian's python3-torch (1.13):  /usr/bin/python3 tests/reference/make_vision_reference.py
The files are committed, so CI needs no PyTorch.

The tiny vision transformer (src/nn/tiny_vit.hpp: patches through a linear map, learned row
and column positions, a class token last, one attention head read at the class token or
averaged over every token, a two-layer head) and the bag of patches (src/nn/tiny_vit.hpp), at
small sizes (8 x 8 images, 4 x 4 patches) on a random batch. Each file holds the weights
(drawn in float32, computed in float64), the logits, the mean cross-entropy, every gradient,
and the loss before each of 10 Adam steps; the format is make_reference.py's, with the
config "side patch d_model hidden batch lr mean_pool positional" and the images as
"pixels" (B x side^2).
"""
import os

import torch
import torch.nn as nn

from make_reference import write_reference

HERE = os.path.dirname(os.path.abspath(__file__))
SIDE, PATCH, D, H, B, LR, STEPS = 8, 4, 5, 6, 4, 0.01, 10
GRID = SIDE // PATCH


def patchify(x):  # B x side^2 -> B x grid^2 x patch^2, patches row by row, pixels row by row
    x = x.reshape(-1, GRID, PATCH, GRID, PATCH).permute(0, 1, 3, 2, 4)
    return x.reshape(x.shape[0], GRID * GRID, PATCH * PATCH)


class TinyVit(nn.Module):
    def __init__(self, mean_pool):
        super().__init__()
        self.mean_pool = mean_pool
        self.patch = nn.Linear(PATCH * PATCH, D)
        self.row = nn.Embedding(GRID, D)
        self.col = nn.Embedding(GRID, D)
        self.cls = nn.Parameter(torch.randn(1, D))
        self.Wq = nn.Linear(D, D, bias=False)
        self.Wk = nn.Linear(D, D, bias=False)
        self.Wv = nn.Linear(D, D, bias=False)
        self.head1 = nn.Linear(D, H)
        self.head2 = nn.Linear(H, 2)

    def forward(self, x):
        k = torch.arange(GRID * GRID)
        e = self.patch(patchify(x)) + self.row(k // GRID) + self.col(k % GRID)
        e = torch.cat([e, self.cls.expand(e.shape[0], 1, D)], dim=1)  # the class token last
        Q, K, V = self.Wq(e), self.Wk(e), self.Wv(e)
        A = torch.softmax(Q @ K.transpose(1, 2) / (D ** 0.5), dim=-1)
        Z = A @ V
        h = (e + Z).mean(dim=1) if self.mean_pool else (e + Z)[:, -1, :]
        return self.head2(torch.relu(self.head1(h)))


class BagOfPatches(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch = nn.Linear(PATCH * PATCH, H)
        self.out = nn.Linear(H, 2)

    def forward(self, x):
        return self.out(torch.relu(self.patch(patchify(x))).mean(dim=1))


def write(filename, model, mean_pool, seed):
    g = torch.Generator().manual_seed(seed)
    x = (torch.rand(B, SIDE * SIDE, generator=g) * 2 - 1).double()
    y = torch.tensor([b % 2 for b in range(B)])
    write_reference(filename, "make_vision_reference.py", [SIDE, PATCH, D, H, B, LR, mean_pool, 1], "pixels", x, y,
                    model.double(), LR, STEPS)


if __name__ == "__main__":
    torch.manual_seed(61)
    write("vit_cls.txt", TinyVit(False), 0, 1)
    torch.manual_seed(62)
    write("vit_mean.txt", TinyVit(True), 1, 2)
    torch.manual_seed(63)
    write("bag_of_patches.txt", BagOfPatches(), 0, 3)
