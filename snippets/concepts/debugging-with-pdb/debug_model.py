"""Run DebugModel; with PYTHONBREAKPOINT unset it stops in pdb at the breakpoint()."""

import torch

from dyndocs.models.debugging import DebugModel

torch.manual_seed(0)

# Create a model instance
model = DebugModel()

# Prepare some data
x = torch.randn(1, 10)

# Forward pass: pdb takes over at breakpoint() inside forward()
output = model(x)
print("output shape:", output.shape)
