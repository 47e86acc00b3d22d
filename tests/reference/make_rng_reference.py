#!/usr/bin/python3
"""Writes tests/reference/rng.txt, the numbers the module's own randomness gives,
for test_rng_numpy.cpp, test_rng_torch.cpp and test_train_module_rng.cpp.

Run with Debian's python3-numpy and python3-torch (1.13):
    /usr/bin/python3 tests/reference/make_rng_reference.py
The file is committed, so CI needs neither.

What the module (M52, worked example 2) draws, and what is recorded here:
  numpy   rng = np.random.default_rng(seed); make_balanced(2400), (600), (600):
          PCG64 raw outputs, integers(), permutation(), and the task's data
          (first rows, labels, checksums) for a few seeds and sizes.
  torch   torch.manual_seed(seed); GRUClassifier(); TinySelfAttn():
          int64 random_(), randperm, uniform_, normal_ (both of its code paths), and
          both models' initial weights; then the DataLoader(shuffle=True) order of
          the first epochs of each model, replaying the module's train_model calls
          (GRU first, all its epochs, then attention).

Format (as tests/unit/reference_file.hpp reads it), one record per two lines:
    <name> <ndims> <dim0> ...
    <values, row-major>
Every value is an integer, exact in a double: 64-bit words are split into two
32-bit halves (high first), float32 values are written as their IEEE bit patterns,
so the tests compare bit for bit.
"""
import math
import os

import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

from torch_models import GRUClassifier, TinySelfAttn, make_balanced

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "rng.txt")
records = []


def put(name, values, shape=None):
    values = [int(v) for v in np.asarray(values).reshape(-1).tolist()]
    shape = list(shape) if shape is not None else [len(values)]
    records.append(f"{name} {len(shape)} {' '.join(str(s) for s in shape)}\n{' '.join(map(str, values))}\n")


def halves(words):  # uint64 -> [hi, lo] 32-bit pairs
    out = []
    for w in words:
        w = int(w)
        out += [w >> 32, w & 0xFFFFFFFF]
    return out


def float_bits(t):
    return np.ascontiguousarray(t.detach().numpy().astype(np.float32)).view(np.uint32).reshape(-1)


def checksum(values):  # order-sensitive, exact in a double for our sizes
    v = np.asarray(values, dtype=np.int64).reshape(-1)
    return int(((np.arange(v.size) % 9973 + 1) * v).sum())


# ---------------------------------------------------------------- numpy
for seed in (3151, 7, 2**40 + 123):
    g = np.random.default_rng(seed)
    put(f"numpy:{seed}:seed_state", halves(np.random.SeedSequence(seed).generate_state(4, np.uint64)), [4, 2])
    put(f"numpy:{seed}:raw64", halves(g.bit_generator.random_raw(6)), [6, 2])

g = np.random.default_rng(3151)
put("numpy:3151:integers_0_8", g.integers(0, 8, size=40))  # draws 32-bit halves in turn
put("numpy:3151:integers_0_1000", g.integers(0, 1000, size=40))
put("numpy:3151:integers_scalar_m3_5", [g.integers(-3, 5) for _ in range(9)])  # odd: leaves a half buffered
put("numpy:3151:integers_0_3", g.integers(0, 3, size=10))
put("numpy:3151:permutation_2400", np.random.default_rng(3151).permutation(2400))
put("numpy:7:permutation_7", np.random.default_rng(7).permutation(7))


# (seed, T, vocab, n_train, n_val, n_test): the module's, and a small odd one.
TASKS = [(3151, 30, 8, 2400, 600, 600), (11, 10, 3, 200, 64, 64)]
put("task:configs", [v for t in TASKS for v in t], [len(TASKS), 6])
for seed, T, vocab, *sizes in TASKS:
    rng = np.random.default_rng(seed)
    for name, n in zip(("train", "val", "test"), sizes):
        X, y = make_balanced(rng, n, T, vocab)
        put(f"task:{seed}:{name}:first_rows", X[:4], [4, T])
        put(f"task:{seed}:{name}:first_labels", y[:64])
        put(f"task:{seed}:{name}:checksums", [checksum(X), checksum(y)])

# ---------------------------------------------------------------- torch
for seed in (3151, 2**40 + 17):
    torch.manual_seed(seed)
    put(f"torch:{seed}:random_int64", halves(torch.empty(6, dtype=torch.int64).random_()), [6, 2])
g = torch.Generator()
g.manual_seed(3151)
put("torch:3151:randperm_2400", torch.randperm(2400, generator=g))
g.manual_seed(5)
put("torch:5:randperm_7", torch.randperm(7, generator=g))

torch.manual_seed(3151)
put("torch:3151:uniform_m0.25_0.25", float_bits(torch.empty(50).uniform_(-0.25, 0.25)))
put("torch:3151:uniform_1oversqrt20", float_bits(torch.empty(50).uniform_(-1 / math.sqrt(20), 1 / math.sqrt(20))))
torch.manual_seed(3151)
# normal_ on one generator, in this order: <16 values (the double path, whose second
# sample is cached in the generator), >=16 (the AVX2 float path, blocks of 16, the last
# 16 redrawn when n % 16 != 0), then <16 again (uses the cached sample first).
NORMAL_SIZES = [7, 16, 17, 100, 3, 600, 1]
put("torch:3151:normal_sizes", NORMAL_SIZES)
for n in NORMAL_SIZES:
    put(f"torch:3151:normal_{n}", float_bits(torch.empty(n).normal_()))
torch.manual_seed(3151)
put("torch:3151:normal_200_mean2_std3", float_bits(torch.empty(200).normal_(2.0, 3.0)))


# (seed, T, vocab, d_model, hidden, n_train, n_val, batch, epochs): the module's, and a
# small one whose embedding tables have fewer than 16 values (normal_'s other path).
RUNS = [(3151, 30, 8, 16, 20, 2400, 600, 64, 35), (11, 10, 3, 5, 5, 200, 64, 32, 3)]
put("run:configs", [v for r in RUNS for v in r], [len(RUNS), 9])
ORDER_EPOCHS, ORDER_HEAD = 3, 64
for seed, T, vocab, D, H, n_train, n_val, batch, epochs in RUNS:
    torch.manual_seed(seed)
    models = {"gru": GRUClassifier(vocab, D, H), "attention": TinySelfAttn(vocab, T, D)}
    for key, model in models.items():
        for pname, p in model.named_parameters():
            put(f"run:{seed}:{key}:{pname}", float_bits(p), list(p.shape))
    # The module's loaders; only their draws matter, so the data is just the row index.
    tr_loader = DataLoader(TensorDataset(torch.arange(n_train)), batch_size=batch, shuffle=True)
    va_loader = DataLoader(TensorDataset(torch.arange(n_val)), batch_size=512)
    for key in models:  # train_model(gru_model) then train_model(attn_model)
        for ep in range(1, epochs + 1):
            order = torch.cat([xb for (xb,) in tr_loader])  # for xb, yb in tr_loader: ...
            for _ in tr_loader:  # evaluate(model, tr_loader)
                pass
            for _ in va_loader:  # evaluate(model, va_loader)
                pass
            if ep <= ORDER_EPOCHS:
                put(f"run:{seed}:{key}:order_epoch{ep}:head", order[:ORDER_HEAD])
                put(f"run:{seed}:{key}:order_epoch{ep}:checksum", [checksum(order)])

# The replay above skips the training itself: check that training draws nothing from
# the global generator (no dropout, Adam and the losses are deterministic), with one
# real epoch of the module's train_model on the module's GRU.
torch.manual_seed(3151)
gru = GRUClassifier(8, 16, 20)
state_before = torch.get_rng_state()
X = torch.randint(0, 8, (256, 30))
y = (X[:, 0] == X[:, -1]).long()
torch.set_rng_state(state_before)
loader = DataLoader(TensorDataset(X, y), batch_size=64, shuffle=True)
opt = torch.optim.Adam(gru.parameters(), lr=5e-3)
for xb, yb in loader:
    opt.zero_grad()
    _, h = gru.gru(gru.emb(xb))
    nn.CrossEntropyLoss()(gru.fc(h[-1]), yb).backward()
    opt.step()
trained = torch.get_rng_state()
torch.set_rng_state(state_before)
for _ in DataLoader(TensorDataset(X, y), batch_size=64, shuffle=True):
    pass
assert torch.equal(trained, torch.get_rng_state()), "training drew from the global generator"

with open(OUT, "w") as f:
    f.write("# Written by tests/reference/make_rng_reference.py (numpy %s, torch %s); do not edit.\n"
            % (np.__version__, torch.__version__))
    f.writelines(records)
print(f"{OUT}: {len(records)} records, {os.path.getsize(OUT)} bytes")
