#!/usr/bin/python3
"""Writes the image page's reference files (test_nn_torch_reference.cpp matches them).

Run with Debian's python3-torch (1.13):  /usr/bin/python3 tests/reference/make_vision_reference.py
The files are committed, so CI needs no PyTorch.

The tiny vision transformer (torch_models.TinyVit, src/nn/tiny_vit.hpp: patches through a
linear map, learned row and column positions, a class token last, one attention head read at
the class token or averaged over every token, a two-layer head) and the bag of patches
(torch_models.BagOfPatches), at small sizes (8 x 8 images, 4 x 4 patches) on a random batch. Each file holds the weights
(drawn in float32, computed in float64), the logits, the mean cross-entropy, every gradient,
and the loss before each of 10 Adam steps; the format is make_reference.py's, with the
config "side patch d_model hidden batch lr mean_pool positional" and the images as
"pixels" (B x side^2).
"""
import torch

from make_reference import write_reference
from torch_models import BagOfPatches, TinyVit

SIDE, PATCH, D, H, B, LR, STEPS = 8, 4, 5, 6, 4, 0.01, 10


def write(filename, model, mean_pool, seed):
    g = torch.Generator().manual_seed(seed)
    x = (torch.rand(B, SIDE * SIDE, generator=g) * 2 - 1).double()
    y = torch.tensor([b % 2 for b in range(B)])
    write_reference(filename, "make_vision_reference.py", [SIDE, PATCH, D, H, B, LR, mean_pool, 1], "pixels", x, y,
                    model.double(), LR, STEPS)


if __name__ == "__main__":
    torch.manual_seed(61)
    write("vit_cls.txt", TinyVit(SIDE, PATCH, D, H, mean_pool=False), 0, 1)
    torch.manual_seed(62)
    write("vit_mean.txt", TinyVit(SIDE, PATCH, D, H, mean_pool=True), 1, 2)
    torch.manual_seed(63)
    write("bag_of_patches.txt", BagOfPatches(SIDE, PATCH, H), 0, 3)
