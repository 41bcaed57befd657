"""Gradient accumulation: 4 micro-batches of 8 stand for one batch of 32 if each loss is divided by 4."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
criterion = nn.MSELoss()  # mean over the batch
inputs, targets = torch.randn(32, 4), torch.randn(32, 1)
steps = 4

# One large batch
model.zero_grad()
criterion(model(inputs), targets).backward()
one_batch = model.weight.grad.clone()

for divide in (False, True):
    model.zero_grad()
    for x, y in zip(inputs.chunk(steps), targets.chunk(steps)):
        loss = criterion(model(x), y)
        (loss / steps if divide else loss).backward()  # gradients add up over the micro-batches
    ratio = (model.weight.grad.norm() / one_batch.norm()).item()
    label = "loss / 4" if divide else "plain loss"
    print(f"{label}: accumulated grad = {ratio:.2f} x the one-batch grad")
