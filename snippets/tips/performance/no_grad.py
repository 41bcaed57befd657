"""Inference under torch.no_grad(): the outputs carry no graph and need no gradient."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))
model.eval()
inputs = torch.randn(32, 64)

with torch.no_grad():
    outputs = model(inputs)
    # ... inference work: predictions, metrics ...
    predictions = outputs.argmax(dim=1)

print("requires_grad:", outputs.requires_grad)
print("grad_fn:", outputs.grad_fn)
print("predictions:", tuple(predictions.shape))

with_grad = model(inputs)  # the same call outside the block records a graph
print("outside no_grad: requires_grad:", with_grad.requires_grad)
print("same values:", torch.allclose(outputs, with_grad))
