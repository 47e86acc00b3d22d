"""The lab's models in PyTorch, sizes as arguments, each defined once here for the
reference scripts (make_*_reference.py, whose files the C++ tests match) and the
benchmarks (tests/bench/*_torch.py) alike: the race's GRUClassifier and TinySelfAttn (as
the module writes them, with its commented-out mean pooling and a switch for positions)
and the race's data (make_balanced), the comments page's bag of words, the image page's
tiny vision transformer and bag of patches, and the translation page's encoder-decoder.

Construction order is the initial weights' draw order (PyTorch's defaults from the
global generator): the layers in the order written.
"""
import math

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


def make_balanced(rng, n, seq_len, vocab):
    """The race's data (the module's make_balanced, its globals as arguments): n rows of
    seq_len tokens drawn by the numpy Generator rng, exactly half positive (first == last),
    shuffled. Returns X (n x seq_len) and y (n)."""
    X = rng.integers(0, vocab, size=(n, seq_len))
    half = n // 2
    X[:half, -1] = X[:half, 0]
    for i in range(half, n):
        v = X[i, -1]
        while v == X[i, 0]:
            v = rng.integers(0, vocab)
        X[i, -1] = v
    y = (X[:, 0] == X[:, -1]).astype(np.int64)
    idx = rng.permutation(n)
    return X[idx], y[idx]
class GRUClassifier(nn.Module):  # src/nn/gru_classifier.hpp
    def __init__(self, vocab, d_model, hidden):
        super().__init__()
        self.emb = nn.Embedding(vocab, d_model)
        self.gru = nn.GRU(d_model, hidden, batch_first=True)
        self.fc = nn.Linear(hidden, 2)

    def forward(self, x):
        _, h = self.gru(self.emb(x))
        return self.fc(h[-1])


class TinySelfAttn(nn.Module):  # src/nn/attention_classifier.hpp
    def __init__(self, vocab, T, d_model, pooling="last", positional=True):
        super().__init__()
        self.pooling, self.positional = pooling, positional
        self.emb = nn.Embedding(vocab, d_model)
        if positional:
            self.pos = nn.Embedding(T, d_model)
        self.Wq = nn.Linear(d_model, d_model, bias=False)
        self.Wk = nn.Linear(d_model, d_model, bias=False)
        self.Wv = nn.Linear(d_model, d_model, bias=False)
        self.fc = nn.Linear(d_model, 2)

    def forward(self, x):
        Bx, Tx = x.shape
        e = self.emb(x)
        if self.positional:
            e = e + self.pos(torch.arange(Tx).unsqueeze(0).expand(Bx, -1))
        Q, K, V = self.Wq(e), self.Wk(e), self.Wv(e)
        A = torch.softmax(Q @ K.transpose(1, 2) / (Q.shape[-1] ** 0.5), dim=-1)
        Z = (A @ V)[:, -1, :] if self.pooling == "last" else (A @ V).mean(dim=1)
        return self.fc(Z)


class BagOfWords(nn.Module):  # src/nn/bag_of_words.hpp: a linear layer on word counts
    def __init__(self, vocab):
        super().__init__()
        self.vocab = vocab
        self.fc = nn.Linear(vocab, 2)

    def forward(self, x):
        counts = F.one_hot(x, self.vocab).sum(dim=1).to(self.fc.weight.dtype)
        counts[:, 0] = 0  # the padding is not a word
        return self.fc(counts)


def patchify(x, grid, patch):  # B x side^2 -> B x grid^2 x patch^2, patches row by row, pixels row by row
    x = x.reshape(-1, grid, patch, grid, patch).permute(0, 1, 3, 2, 4)
    return x.reshape(x.shape[0], grid * grid, patch * patch)


class TinyVit(nn.Module):  # src/nn/tiny_vit.hpp
    """Patches through a linear map, learned row and column positions, a class token last,
    one attention head read at the class token (or averaged over every token), a two-layer
    head. The positions and the class token start at position_std times PyTorch's default
    draw, as the lab starts them (content/widgets/vision.json)."""

    def __init__(self, side, patch, d_model, hidden, mean_pool, positional=True, position_std=1.0):
        super().__init__()
        self.grid, self.side_of_patch = side // patch, patch
        self.D, self.mean_pool, self.positional = d_model, mean_pool, positional
        self.patch = nn.Linear(patch * patch, d_model)
        self.row = nn.Embedding(self.grid, d_model)
        self.col = nn.Embedding(self.grid, d_model)
        self.cls = nn.Parameter(torch.randn(1, d_model))
        self.Wq = nn.Linear(d_model, d_model, bias=False)
        self.Wk = nn.Linear(d_model, d_model, bias=False)
        self.Wv = nn.Linear(d_model, d_model, bias=False)
        self.head1 = nn.Linear(d_model, hidden)
        self.head2 = nn.Linear(hidden, 2)
        with torch.no_grad():  # times 1.0 is exact: the default leaves the draw as it is
            for p in (self.row.weight, self.col.weight, self.cls):
                p.mul_(position_std)
        self.k = torch.arange(self.grid * self.grid)  # each patch's index: row k // grid, column k % grid

    def forward(self, x):
        e = self.patch(patchify(x, self.grid, self.side_of_patch))
        if self.positional:
            e = e + self.row(self.k // self.grid) + self.col(self.k % self.grid)
        e = torch.cat([e, self.cls.expand(e.shape[0], 1, self.D)], dim=1)  # the class token last
        Q, K, V = self.Wq(e), self.Wk(e), self.Wv(e)
        A = torch.softmax(Q @ K.transpose(1, 2) / (self.D ** 0.5), dim=-1)
        Z = A @ V
        h = (e + Z).mean(dim=1) if self.mean_pool else (e + Z)[:, -1, :]
        return self.head2(torch.relu(self.head1(h)))


class BagOfPatches(nn.Module):  # src/nn/tiny_vit.hpp: each patch through one layer, averaged
    def __init__(self, side, patch, hidden):
        super().__init__()
        self.grid, self.side_of_patch = side // patch, patch
        self.patch = nn.Linear(patch * patch, hidden)
        self.out = nn.Linear(hidden, 2)

    def forward(self, x):
        return self.out(torch.relu(self.patch(patchify(x, self.grid, self.side_of_patch))).mean(dim=1))


class Seq2Seq(nn.Module):  # src/translate/seq2seq.hpp
    """The lab's encoder-decoder: nn.Embedding, an nn.GRU encoder, an nn.GRUCell decoder run
    step by step from the encoder's last state, and kind, the way it sees the source: none,
    additive (Bahdanau) or dot (scaled Luong). Vocabularies vs and vt, embedding e, hidden h."""

    def __init__(self, kind, vs, vt, e, h):
        super().__init__()
        self.kind, self.hidden = kind, h
        self.emb_src = nn.Embedding(vs, e)
        self.emb_tgt = nn.Embedding(vt, e)
        self.enc = nn.GRU(e, h, batch_first=True)
        self.dec = nn.GRUCell(e + (h if kind == "additive" else 0), h)
        if kind == "additive":
            self.W_s = nn.Linear(h, h, bias=False)
            self.W_h = nn.Linear(h, h, bias=False)
            self.v = nn.Linear(h, 1, bias=False)
        if kind == "dot":
            self.W_c = nn.Linear(2 * h, h, bias=False)
        self.out = nn.Linear(2 * h if kind == "additive" else h, vt)

    def step(self, henc, s, x):
        """One decoder step from state s and the embedded input x: (logits, new s, alpha)."""
        a = None
        if self.kind == "additive":
            u = torch.tanh(self.W_s(s).unsqueeze(1) + self.W_h(henc))
            a = torch.softmax(self.v(u).squeeze(-1), dim=1)
            c = (a.unsqueeze(-1) * henc).sum(1)
            s = self.dec(torch.cat([x, c], 1), s)
            out = torch.cat([s, c], 1)
        elif self.kind == "dot":
            s = self.dec(x, s)
            a = torch.softmax((henc * s.unsqueeze(1)).sum(-1) / math.sqrt(self.hidden), dim=1)
            c = (a.unsqueeze(-1) * henc).sum(1)
            out = torch.tanh(self.W_c(torch.cat([s, c], 1)))
        else:
            s = self.dec(x, s)
            out = s
        return self.out(out), s, a

    def forward(self, src, tgt_in):
        henc, h = self.enc(self.emb_src(src))  # B x S x H, 1 x B x H
        s = h[0]
        logits = []
        for t in range(tgt_in.shape[0]):
            logit, s, _ = self.step(henc, s, self.emb_tgt(tgt_in[t]))
            logits.append(logit)
        return torch.stack(logits)  # L x B x V
