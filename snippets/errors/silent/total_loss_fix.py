"""total_loss += loss.item(): a Python number, no graph; each step's graph dies with its loss."""

import torch
from torch import nn

from dyndocs.inspect import SavedHeld

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 64), nn.ReLU(), nn.Linear(64, 1))
batches = [(torch.randn(16, 8), torch.randn(16, 1)) for _ in range(4)]

total_loss = 0.0
held = SavedHeld(exclude=model)
with held:
    for step, (x, y) in enumerate(batches, start=1):
        loss = nn.functional.mse_loss(model(x), y)
        total_loss += loss.item()  # a float: nothing refers to the graph but `loss`
        print(f"step {step}: {held.nbytes()} bytes kept for backward")

print(f"total_loss is a {type(total_loss).__name__}: {total_loss:.4f}")
