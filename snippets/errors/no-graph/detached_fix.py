"""Detach only the copy you log; train on the tensor that keeps its graph."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
prediction = model(torch.randn(4, 3))
logged = prediction.detach()  # for logging: no graph, no memory kept for backward
loss = (prediction - 1).pow(2).mean()
loss.backward()
print("logged.grad_fn:", logged.grad_fn, "loss.grad_fn:", type(loss.grad_fn).__name__)
print("weight.grad shape:", tuple(model.weight.grad.shape))
