"""Both branches of the corrected ConditionalModel return the same shape."""

import torch

from dyndocs.models.branching import ConditionalModel

torch.manual_seed(0)
model = ConditionalModel()
x = torch.randn(4, 10)

print("condition 0.9 (linear2):", model(x, condition=0.9).shape)
print("condition 0.1 (linear3):", model(x, condition=0.1).shape)
