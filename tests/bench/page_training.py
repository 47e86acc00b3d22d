"""What the comments and image pages' PyTorch twins (comments_torch.py, vision_torch.py)
share: the lab's data file read into splits, accuracy, and the pages' training loop."""
import time

import torch
import torch.nn as nn


def load_splits(path, number):
    """A file the lab writes (`alab comments --corpus-out`, `alab vision --data-out`): one
    example a line, "split<TAB>label<TAB>...<TAB>values", the values space-separated and
    read with number (int for token ids, float for pixels). Returns {split: (X, y)}, X
    examples x values."""
    splits = {}
    for line in open(path):
        fields = line.rstrip("\n").split("\t")
        xs, ys = splits.setdefault(fields[0], ([], []))
        xs.append([number(v) for v in fields[-1].split()])
        ys.append(int(fields[1]))
    return {k: (torch.tensor(x), torch.tensor(y)) for k, (x, y) in splits.items()}


def accuracy(model, x, y):
    with torch.no_grad():
        return (model(x).argmax(dim=1) == y).float().mean().item()


def train(model, data, epochs, lr, batch):
    """As the pages train: Adam, minibatches in an order torch.randperm draws each epoch,
    and each epoch evaluated on the validation and test splits."""
    x, y = data["train"]
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    loss_fn = nn.CrossEntropyLoss()
    for _ in range(epochs):
        order = torch.randperm(len(y))
        for i in range(0, len(y), batch):
            idx = order[i:i + batch]
            opt.zero_grad()
            loss_fn(model(x[idx]), y[idx]).backward()
            opt.step()
        accuracy(model, *data["val"])
        accuracy(model, *data["test"])


def train_each(models, data, epochs, lr, batch):
    """Trains each of models ({name: model}) in turn, as the page does, and prints what the
    page benchmarks read: "wall SECONDS" (the trainings together), then "test NAME ACCURACY
    ..." on the test split."""
    t0 = time.perf_counter()
    for model in models.values():
        train(model, data, epochs, lr, batch)
    print(f"wall {time.perf_counter() - t0:.3f}")
    print("test " + " ".join(f"{name} {accuracy(model, *data['test']):.4f}" for name, model in models.items()))
