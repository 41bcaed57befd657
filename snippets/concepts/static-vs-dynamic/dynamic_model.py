"""Run DynamicModel: the branch inside forward() is chosen by data at run time."""

import torch

from dyndocs.models import DynamicModel

torch.manual_seed(0)

# Create a model instance
model = DynamicModel()

# Prepare some data: one sample with 10 features, and a random condition in [0, 1)
x = torch.randn(1, 10)
condition = torch.rand(1)

# Forward pass
output = model(x, condition)
print("condition:", round(condition.item(), 4))
print("output shape:", output.shape)
