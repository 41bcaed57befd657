"""Print a tensor's shape, dtype and device, by hand or with dyndocs.describe."""

import torch
from torch import nn

from dyndocs import describe

torch.manual_seed(0)
model = nn.Linear(4, 2)
x = torch.randn(3, 4)
hidden = model(x)

print(hidden.shape, hidden.dtype, hidden.device)
print(describe(hidden))  # also requires_grad and the node that created it
