"""requires_grad_(False) on a computed tensor: the flag belongs to leaves only."""

import torch

from dyndocs.errors import raises

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
with raises(RuntimeError, r"you can only change requires_grad flags of leaf variables"):
    y.requires_grad_(False)
print("y.is_leaf:", y.is_leaf)
