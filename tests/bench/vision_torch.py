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
import sys

import torch

from page_training import load_splits, train_each

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
from torch_models import BagOfPatches, TinyVit  # noqa: E402

WIDGET = json.load(open(os.path.join(HERE, "..", "..", "content", "widgets", "vision.json")))
FIXED = WIDGET["fixed"]
SIDE, PATCH, HIDDEN, BATCH = FIXED["side"], FIXED["patch"], FIXED["hidden"], FIXED["batch"]


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
    data = load_splits(a.images, float)
    vit = TinyVit(SIDE, PATCH, a.dmodel, HIDDEN, a.pooling == "mean", a.positions == "on", FIXED["position_std"])
    bag = BagOfPatches(SIDE, PATCH, HIDDEN)
    train_each({"transformer": vit, "bag": bag}, data, a.epochs, a.lr, BATCH)


if __name__ == "__main__":
    main()
