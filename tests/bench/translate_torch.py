#!/usr/bin/python3
"""The translation page's experiment in PyTorch, for the benchmark (translate_bench.py).

The same corpus (written by `alab translate --corpus-out`), the same models
(tests/reference/torch_models.py's Seq2Seq, which the lab's C++ matches to
1e-10), sizes, optimiser and schedule as the lab: minibatches of 32 sentences of one
source length in a shuffled order, Adam (the lab's learning rate), the gradient's norm clipped and the
learning rate held then decayed along a half cosine as the lab does (content/widgets/translate.json's
"fixed"; src/translate/translate_trainer.hpp's scheduled_lr), and after every epoch the validation
set evaluated (teacher-forced words, greedy sentences); then the test set. Prints one
JSON object: wall seconds (everything after the corpus is read) and test accuracies.

  /usr/bin/python3 tests/bench/translate_torch.py CORPUS.tsv [--hidden 48] [--epochs 15] [--lr 0.003] [--kinds none,additive]
"""
import argparse
import json
import math
import os
import random
import sys
import time

import torch
import torch.nn as nn

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "reference"))
from torch_models import Seq2Seq  # noqa: E402

PAD, BOS, EOS = 0, 1, 2


def load(path):
    splits = {"train": [], "val": [], "test": []}
    with open(path, encoding="utf8") as f:
        for line in f:
            name, src, tgt = line.rstrip("\n").split("\t")
            splits[name].append((src.split(), tgt.split()))
    return splits


def vocab(pairs, side):
    words = sorted({w for p in pairs for w in p[side]})
    return {w: i + 3 for i, w in enumerate(words)}


def batches(pairs, size, rng):
    by_len = {}
    for i, (s, _) in enumerate(pairs):
        by_len.setdefault(len(s), []).append(i)
    out = []
    for n in sorted(by_len):
        rows = by_len[n][:]
        rng.shuffle(rows)
        out += [rows[i:i + size] for i in range(0, len(rows), size)]
    rng.shuffle(out)
    return out


def tensors(pairs, rows, sv, tv):
    src = torch.tensor([[sv[w] for w in pairs[r][0]] for r in rows])
    L = max(len(pairs[r][1]) for r in rows) + 1
    tgt_out = torch.full((L, len(rows)), PAD, dtype=torch.long)
    for b, r in enumerate(rows):
        ids = [tv[w] for w in pairs[r][1]] + [EOS]
        tgt_out[:len(ids), b] = torch.tensor(ids)
    tgt_in = torch.full((L, len(rows)), PAD, dtype=torch.long)
    tgt_in[0] = BOS
    tgt_in[1:] = tgt_out[:-1]
    return src, tgt_in, tgt_out


def evaluate(model, pairs, sv, tv):
    model.eval()
    exact = tokens = right = 0
    with torch.no_grad():
        for rows in batches(pairs, 256, random.Random(0)):
            src, tgt_in, tgt_out = tensors(pairs, rows, sv, tv)
            pred = model(src, tgt_in).argmax(-1)
            mask = tgt_out != PAD
            right += int(((pred == tgt_out) & mask).sum())
            tokens += int(mask.sum())
            # Greedy decoding, at most 2 S + 10 steps.
            henc, h = model.enc(model.emb_src(src))
            s, inp = h[0], torch.full((len(rows),), BOS, dtype=torch.long)
            out = [[] for _ in rows]
            done = [False] * len(rows)
            for _ in range(2 * src.shape[1] + 10):
                logit, s, _ = model.step(henc, s, model.emb_tgt(inp))
                inp = logit.argmax(-1)
                for b in range(len(rows)):
                    if not done[b]:
                        if int(inp[b]) == EOS:
                            done[b] = True
                        else:
                            out[b].append(int(inp[b]))
                if all(done):
                    break
            for b, r in enumerate(rows):
                exact += out[b] == [tv[w] for w in pairs[r][1]]
    model.train()
    return right / tokens, exact / len(pairs)


def scheduled_lr(args, step, total):
    """The lab's schedule: lr held for the first decay_from share of the steps, then a half
    cosine down to lr * lr_floor at the last step."""
    start = args.decay_from * (total - 1)
    if total <= 1 or step <= start:
        return args.lr
    f = (step - start) / (total - 1 - start)
    return args.lr * (args.lr_floor + (1 - args.lr_floor) * 0.5 * (1 + math.cos(math.pi * f)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("--hidden", type=int, default=48)
    ap.add_argument("--embed", type=int, default=16)
    ap.add_argument("--epochs", type=int, default=15)
    ap.add_argument("--lr", type=float, default=0.003)
    ap.add_argument("--kinds", default="none,additive")
    ap.add_argument("--clip", type=float, default=1.0)
    ap.add_argument("--decay-from", type=float, default=0.5)
    ap.add_argument("--lr-floor", type=float, default=0.1)
    args = ap.parse_args()
    torch.manual_seed(1)
    splits = load(args.corpus)
    allp = splits["train"] + splits["val"] + splits["test"]
    sv, tv = vocab(allp, 0), vocab(allp, 1)
    t0 = time.perf_counter()
    results = {}
    for kind in args.kinds.split(","):
        model = Seq2Seq(kind, len(sv) + 3, len(tv) + 3, args.embed, args.hidden)
        opt = torch.optim.Adam(model.parameters(), lr=args.lr)
        loss_fn = nn.CrossEntropyLoss(ignore_index=PAD)
        rng = random.Random(1)
        total = args.epochs * len(batches(splits["train"], 32, random.Random(0)))
        step = 0
        for _ in range(args.epochs):
            for rows in batches(splits["train"], 32, rng):
                src, tgt_in, tgt_out = tensors(splits["train"], rows, sv, tv)
                opt.zero_grad()
                loss = loss_fn(model(src, tgt_in).reshape(-1, len(tv) + 3), tgt_out.reshape(-1))
                loss.backward()
                if args.clip > 0:
                    torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip)
                for group in opt.param_groups:
                    group["lr"] = scheduled_lr(args, step, total)
                step += 1
                opt.step()
            evaluate(model, splits["val"], sv, tv)
        results[kind] = dict(zip(("token", "exact"), evaluate(model, splits["test"], sv, tv)))
    print(json.dumps({"wall": time.perf_counter() - t0, "threads": torch.get_num_threads(), "torch": torch.__version__, "test": results}))


if __name__ == "__main__":
    main()
