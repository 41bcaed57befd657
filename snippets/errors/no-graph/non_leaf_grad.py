"""Reading .grad of a computed tensor: backward does not keep gradients there, so it is None."""

import torch

from dyndocs.errors import warns

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2  # computed: not a leaf
y.sum().backward()
with warns(UserWarning, r"not a leaf Tensor is being accessed"):
    grad = y.grad
print("y.is_leaf:", y.is_leaf, "y.grad:", grad, "x.grad:", x.grad)
