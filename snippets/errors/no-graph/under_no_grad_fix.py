"""Compute the loss you train on outside no_grad; keep no_grad for evaluation."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
loss = model(torch.randn(4, 3)).pow(2).mean()
loss.backward()
print("loss.grad_fn:", type(loss.grad_fn).__name__)
print("weight.grad shape:", tuple(model.weight.grad.shape))
