"""Give the layer float32 input; model.double() would convert every parameter instead."""

import torch
from torch import nn

torch.manual_seed(0)
layer = nn.Linear(3, 2)
batch = torch.tensor([[0.5, -1.0, 2.0]], dtype=torch.float64)

layer(batch.float()).sum().backward()
print("layer.weight.grad =", layer.weight.grad)  # each row is the input
