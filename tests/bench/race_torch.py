#!/usr/bin/python3
"""The module's worked example 2 (M52, "GRU vs self-attention on a synthetic
long-range task") in PyTorch, as the module runs it, timed.

Run with Debian's python3-torch:  /usr/bin/python3 tests/bench/race_torch.py [--T 30] [--seed 3151]
Prints one JSON object: wall time of the race (data + both trainings + test),
each model's training time and test accuracy, and the per-epoch curves.
Only sklearn/pandas are replaced (by a few lines of torch), so it runs without them. The
module's data and models (make_balanced, GRUClassifier, TinySelfAttn) are
tests/reference/torch_models.py's, its code with the sizes as arguments.
"""
import argparse
import json
import os
import sys
import time

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference"))
from torch_models import GRUClassifier, TinySelfAttn, make_balanced  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--T", type=int, default=30)
ap.add_argument("--seed", type=int, default=3151)
ap.add_argument("--epochs", type=int, default=35)
ap.add_argument("--models", default="gru,attn", help="which models to train (gru,attn)")
ap.add_argument("--threads", type=int, default=0, help="torch.set_num_threads (0: torch's default)")
args = ap.parse_args()
if args.threads:
    torch.set_num_threads(args.threads)

t_start = time.perf_counter()
rng = np.random.default_rng(args.seed)
torch.manual_seed(args.seed)

VOCAB = 8
T = args.T
d_model = 16

X_tr, y_tr = make_balanced(rng, 2400, T, VOCAB)
X_va, y_va = make_balanced(rng, 600, T, VOCAB)
X_te, y_te = make_balanced(rng, 600, T, VOCAB)

tr_loader = DataLoader(TensorDataset(torch.tensor(X_tr), torch.tensor(y_tr)), batch_size=64, shuffle=True)
va_loader = DataLoader(TensorDataset(torch.tensor(X_va), torch.tensor(y_va)), batch_size=512)
te_loader = DataLoader(TensorDataset(torch.tensor(X_te), torch.tensor(y_te)), batch_size=512)


def evaluate(model, loader):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for xb, yb in loader:
            correct += (model(xb).argmax(1) == yb).sum().item()
            total += len(yb)
    return correct / total


def train_model(model, epochs=35, lr=5e-3):
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    loss_fn = nn.CrossEntropyLoss()
    hist = []
    for ep in range(1, epochs + 1):
        model.train()
        for xb, yb in tr_loader:
            opt.zero_grad()
            loss_fn(model(xb), yb).backward()
            opt.step()
        hist.append({"epoch": ep, "train_acc": evaluate(model, tr_loader), "val_acc": evaluate(model, va_loader)})
    return hist


out = {"T": T, "seed": args.seed, "torch": torch.__version__, "torch_threads": torch.get_num_threads()}
models = args.models.split(",")
# Constructed in the module's order, so the same seed gives the module's weights.
gru_model = GRUClassifier(VOCAB, d_model, 20)
attn_model = TinySelfAttn(VOCAB, T, d_model)
for key, model in (("gru", gru_model), ("attn", attn_model)):
    if key not in models:
        continue
    t0 = time.perf_counter()
    hist = train_model(model, epochs=args.epochs)
    out[key] = {"train_seconds": time.perf_counter() - t0, "curve": hist}
# As the module's summary table: both test sets after both trainings (iterating a
# DataLoader draws from torch's global generator, so the order matters).
for key, model in (("gru", gru_model), ("attn", attn_model)):
    if key in models:
        out[key]["test_acc"] = evaluate(model, te_loader)
out["wall_seconds"] = time.perf_counter() - t_start
print(json.dumps(out))
