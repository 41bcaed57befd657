"""nn.Sequential runs its modules in order, each output feeding the next."""

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Linear(4, 8),
    nn.ReLU(),
    nn.Linear(8, 2),
)
print(model)
print("output shape:", tuple(model(torch.randn(3, 4)).shape))
