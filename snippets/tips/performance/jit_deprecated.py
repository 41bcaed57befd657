"""In torch 2.13, torch.jit.trace and torch.jit.script warn that they are deprecated."""

import warnings

import torch

from dyndocs.models.tips import SmallConvNet

model = SmallConvNet().eval()

with warnings.catch_warnings(record=True) as caught:
    # Record every warning, including DeprecationWarnings, which Python hides by default.
    warnings.simplefilter("always")
    torch.jit.trace(model, torch.randn(1, 3, 32, 32))
    torch.jit.script(model)

for message in sorted({str(w.message) for w in caught if w.category is DeprecationWarning}):
    print("DeprecationWarning:", message)
