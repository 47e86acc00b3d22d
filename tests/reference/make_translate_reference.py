#!/usr/bin/python3
"""Writes the reference files of the translation models (test_translate_torch_reference.cpp).

Run with Debian's python3-torch (1.13):  /usr/bin/python3 tests/reference/make_translate_reference.py
The files are committed, so CI needs no PyTorch.

The encoder-decoder of src/translate/seq2seq.hpp in PyTorch (torch_models.Seq2Seq: nn.Embedding,
an nn.GRU encoder, an nn.GRUCell decoder run step by step from the encoder's last state, and
the three ways to see the source: none, additive = Bahdanau, dot = scaled Luong), on a
fixed small batch with padding: PyTorch-default initial weights (float64), the output
probabilities, the loss (nn.CrossEntropyLoss(ignore_index=0) over all target steps),
every parameter's gradient, and the loss before each of 10 torch.optim.Adam steps.

Format as make_reference.py's: records "<name> <ndims> <dims...>" then the values,
names config (src_vocab tgt_vocab embed hidden B S L lr kind), src (B x S),
tgt_in and tgt_out (L x B), param:<lab's name>, probs (L x B x V), loss,
grad:<lab's name>, adam_loss (10). kind: 0 none, 1 additive, 2 dot.
"""
import os

import torch
import torch.nn as nn

from torch_models import Seq2Seq

HERE = os.path.dirname(os.path.abspath(__file__))
VS, VT, E, H, B, S, L, LR, STEPS = 8, 9, 3, 4, 3, 4, 5, 0.01, 10
PAD, BOS, EOS = 0, 1, 2


# PyTorch's parameter names -> the lab's (src/translate/seq2seq.cpp, Seq2Seq::init).
def lab_name(name):
    return {
        "emb_src.weight": "emb_src", "emb_tgt.weight": "emb_tgt",
        "dec.weight_ih": "dec.weight_ih_l0", "dec.weight_hh": "dec.weight_hh_l0",
        "dec.bias_ih": "dec.bias_ih_l0", "dec.bias_hh": "dec.bias_hh_l0",
        "W_s.weight": "attn.W_s", "W_h.weight": "attn.W_h", "v.weight": "attn.v", "W_c.weight": "attn.W_c",
    }.get(name, name)


def record(f, name, t):
    t = torch.as_tensor(t, dtype=torch.float64) if isinstance(t, list) else t.detach().to(torch.float64)
    f.write(f"{name} {t.dim()} {' '.join(str(s) for s in t.shape)}\n")
    f.write(" ".join(repr(float(v)) for v in t.reshape(-1).tolist()) + "\n")


def write(kind, code, seed):
    torch.manual_seed(seed)
    model = Seq2Seq(kind, VS, VT, E, H).double()
    src = torch.randint(3, VS, (B, S))
    # Targets of 4, 2 and 3 tokens, then <eos>, then padding.
    lengths = [4, 2, 3]
    tgt_out = torch.full((L, B), PAD, dtype=torch.long)
    for b, n in enumerate(lengths):
        tgt_out[:n, b] = torch.randint(3, VT, (n,))
        tgt_out[n, b] = EOS
    tgt_in = torch.full((L, B), PAD, dtype=torch.long)
    tgt_in[0] = BOS
    tgt_in[1:] = tgt_out[:-1]
    loss_fn = nn.CrossEntropyLoss(ignore_index=PAD)
    run = lambda: loss_fn(model(src, tgt_in).reshape(-1, VT), tgt_out.reshape(-1))
    filename = f"translate_{kind}.txt"
    with open(os.path.join(HERE, filename), "w") as f:
        f.write(f"# {filename}: written by make_translate_reference.py with torch {torch.__version__}\n")
        record(f, "config", [VS, VT, E, H, B, S, L, LR, code])
        record(f, "src", src)
        record(f, "tgt_in", tgt_in)
        record(f, "tgt_out", tgt_out)
        for name, p in model.named_parameters():
            record(f, "param:" + lab_name(name), p)
        probs = torch.softmax(model(src, tgt_in), dim=-1)
        loss = run()
        loss.backward()
        record(f, "probs", probs)
        record(f, "loss", loss.reshape(1))
        for name, p in model.named_parameters():
            record(f, "grad:" + lab_name(name), p.grad)
        opt = torch.optim.Adam(model.parameters(), lr=LR)
        losses = []
        for _ in range(STEPS):
            opt.zero_grad()
            loss = run()
            losses.append(loss.item())
            loss.backward()
            opt.step()
        record(f, "adam_loss", losses)


if __name__ == "__main__":
    write("none", 0, 11)
    write("additive", 1, 12)
    write("dot", 2, 13)
