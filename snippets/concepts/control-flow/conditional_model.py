"""Run ConditionalModel: an ordinary Python if picks the layer at run time."""

import torch

from dyndocs.models.branching import ConditionalModel

torch.manual_seed(0)

# Create a model instance
model = ConditionalModel()

# Prepare some data
x = torch.randn(1, 10)
condition = torch.rand(1)

# Forward pass
output = model(x, condition)
print("condition:", round(condition.item(), 4))
print("output shape:", output.shape)
