"""A hook on a tensor that does not require grad: no gradient will ever reach it."""

import torch

from dyndocs.errors import raises

x = torch.tensor([1.0, 2.0, 3.0])  # requires_grad is False
with raises(RuntimeError, r"cannot register a hook on a tensor that doesn't require gradient"):
    x.register_hook(lambda grad: print("gradient:", grad))
print("x.requires_grad:", x.requires_grad)
