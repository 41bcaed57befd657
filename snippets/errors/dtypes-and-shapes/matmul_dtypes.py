"""A float32 tensor times a float64 one: matmul does not convert, and the forward pass stops."""

import torch

from dyndocs.errors import raises

torch.manual_seed(0)
weight = torch.randn(3, 2, requires_grad=True)  # float32, torch's default
features = torch.tensor([[0.5, -1.0, 2.0]], dtype=torch.float64)  # as a float64 source gives it

with raises(RuntimeError, r"expected m1 and m2 to have the same dtype"):
    features @ weight

print("weight:", weight.dtype, "features:", features.dtype)
