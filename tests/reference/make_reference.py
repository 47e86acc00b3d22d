#!/usr/bin/python3
"""Writes the reference files the C++ tests match (test_nn_torch_reference.cpp).

Run with Debian's python3-torch (1.13):  /usr/bin/python3 tests/reference/make_reference.py
The files are committed, so CI needs no PyTorch.

For each model (the module's GRUClassifier and TinySelfAttn, pooling last and
mean) and a fixed small batch: PyTorch-default initial weights (drawn in float32,
then computed in float64 so the reference carries no float rounding), the logits,
the mean cross-entropy, every parameter's gradient, and the loss before each of 10
torch.optim.Adam steps on that batch.

Format (plain text, one record per two lines):
    <name> <ndims> <dim0> <dim1> ...
    <values, row-major, space-separated>
with names: config (vocab T d_model hidden batch lr pooling_is_mean positional),
tokens (B x T), labels (B), param:<torch name>, logits, loss, grad:<torch name>,
adam_loss (10).
"""
import os

import torch
import torch.nn as nn

from torch_models import GRUClassifier, TinySelfAttn

HERE = os.path.dirname(os.path.abspath(__file__))
VOCAB, T, D, H, B, LR, STEPS = 6, 7, 5, 4, 5, 0.01, 10


def record(f, name, t):
    t = torch.as_tensor(t, dtype=torch.float64) if isinstance(t, list) else t.detach().to(torch.float64)
    f.write(f"{name} {t.dim()} {' '.join(str(s) for s in t.shape)}\n")
    f.write(" ".join(repr(float(v)) for v in t.reshape(-1).tolist()) + "\n")


def write_reference(filename, writer, config, inputs_name, x, y, model, lr=LR, steps=STEPS):
    """One reference file: the config, the inputs and labels, the weights, the logits, the
    loss, every gradient, and the loss before each of `steps` Adam steps (model in float64).
    The other make_*_reference.py scripts write theirs with it too."""
    loss_fn = nn.CrossEntropyLoss()
    with open(os.path.join(HERE, filename), "w") as f:
        f.write(f"# {filename}: written by {writer} with torch {torch.__version__}\n")
        record(f, "config", config)
        record(f, inputs_name, x)
        record(f, "labels", y)
        for name, p in model.named_parameters():
            record(f, "param:" + name, p)
        logits = model(x)
        loss = loss_fn(logits, y)
        loss.backward()
        record(f, "logits", logits)
        record(f, "loss", loss.reshape(1))
        for name, p in model.named_parameters():
            record(f, "grad:" + name, p.grad)
        opt = torch.optim.Adam(model.parameters(), lr=lr)
        losses = []
        for _ in range(steps):
            opt.zero_grad()
            loss = loss_fn(model(x), y)
            losses.append(loss.item())
            loss.backward()
            opt.step()
        record(f, "adam_loss", losses)


def write(filename, model, pooling_is_mean, positional, seed):
    torch.manual_seed(seed)
    x = torch.randint(0, VOCAB, (B, T))
    x[0, -1] = x[0, 0]  # at least one positive example
    y = (x[:, 0] == x[:, -1]).long()
    write_reference(filename, "make_reference.py", [VOCAB, T, D, H, B, LR, pooling_is_mean, positional], "tokens", x, y,
                    model.double())


if __name__ == "__main__":  # (make_comments_reference.py imports record)
    torch.manual_seed(3151)
    write("gru.txt", GRUClassifier(VOCAB, D, H), 0, 1, 1)
    write("attn_last.txt", TinySelfAttn(VOCAB, T, D, "last"), 0, 1, 2)
    write("attn_mean.txt", TinySelfAttn(VOCAB, T, D, "mean"), 1, 1, 3)
    write("attn_last_nopos.txt", TinySelfAttn(VOCAB, T, D, "last", positional=False), 0, 0, 4)
