"""no_grad makes ordinary tensors; or clone the inference tensor into one."""

import torch
from torch import nn

torch.manual_seed(0)
encoder = nn.Linear(4, 3)
head = nn.Linear(3, 1)
x = torch.randn(2, 4)
with torch.no_grad():
    features = encoder(x)  # no graph, but an ordinary tensor
head(features).sum().backward()
print("no_grad: head.weight.grad =", head.weight.grad)
with torch.inference_mode():
    frozen = encoder(x)
head.zero_grad()
head(frozen.clone()).sum().backward()  # the clone is an ordinary tensor
print("clone:   head.weight.grad =", head.weight.grad)
