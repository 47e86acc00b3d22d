"""The lab's sequence classifiers in PyTorch, sizes as arguments: the module's
GRUClassifier and TinySelfAttn (with its commented-out mean pooling and a switch for
positions), and the comments page's bag of words. One definition for the reference
scripts (make_*_reference.py, whose files the C++ tests match) and the benchmarks
(tests/bench/*_torch.py) alike; tests/bench/race_torch.py keeps the module's own code.

Construction order is the initial weights' draw order (PyTorch's defaults from the
global generator): emb, [pos], the layers below in the order written.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F


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
