"""total_loss += loss keeps every step's graph alive: the bytes saved for backward grow."""

import torch
from torch import nn

from dyndocs.graph import Graph, graph_of
from dyndocs.inspect import SavedHeld

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 64), nn.ReLU(), nn.Linear(64, 1))
batches = [(torch.randn(16, 8), torch.randn(16, 1)) for _ in range(4)]

total_loss = 0.0
held = SavedHeld(exclude=model)  # counts what live graphs keep saved for backward
with held:
    for step, (x, y) in enumerate(batches, start=1):
        loss = nn.functional.mse_loss(model(x), y)
        total_loss += loss  # a tensor: the sum's graph reaches back into this step's graph
        print(f"step {step}: {held.nbytes()} bytes kept for backward")

print("total_loss is a tensor with a graph:", total_loss.grad_fn is not None)


def graphs() -> Graph:
    """What total_loss keeps alive after two steps: each step's graph, joined by the additions."""
    two_steps = 0.0
    for x, y in batches[:2]:
        two_steps += nn.functional.mse_loss(model(x), y)
    return graph_of(two_steps, model, title="total_loss after 2 steps")
