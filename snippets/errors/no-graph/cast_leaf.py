"""A leaf moved or cast with .to() is a new, computed tensor: its .grad stays None."""

import torch

from dyndocs.errors import warns

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True).to(torch.float64)  # the leaf is the float32 tensor
(w * 2).sum().backward()
with warns(UserWarning, r"not a leaf Tensor is being accessed"):
    grad = w.grad
print("w.is_leaf:", w.is_leaf, "w.grad_fn:", type(w.grad_fn).__name__, "w.grad:", grad)
