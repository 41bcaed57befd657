"""del loss at the end of each step: total_loss still holds every graph; the bytes still grow."""

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
        total_loss += loss
        del loss  # drops one name; the graph is still reachable from total_loss
        print(f"step {step}: {held.nbytes()} bytes kept for backward")
