"""nn.ReLU(inplace=True) after a sigmoid overwrites the output that sigmoid saved for backward."""

import torch
from torch import nn

from dyndocs.errors import raises

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 2), nn.Sigmoid(), nn.ReLU(inplace=True))
with raises(RuntimeError, r"modified by an inplace operation"):
    model(torch.randn(4, 3)).sum().backward()
print([type(m).__name__ for m in model])
