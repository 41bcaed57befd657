"""Casting or moving a leaf that requires grad gives a non-leaf, whose .grad stays None."""

import torch
from torch import nn

from dyndocs.errors import warns

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True).to(torch.float64)  # or .to("cuda"): the same
print("is_leaf:", w.is_leaf, " grad_fn:", type(w.grad_fn).__name__)
(w * 2).sum().backward()
with warns(UserWarning, r"not a leaf Tensor"):
    print("w.grad:", w.grad)  # the gradient went to the float32 tensor before .to(), now lost

# Fixes: create it where it belongs, or call requires_grad_() after the move.
created = torch.randn(3, dtype=torch.float64, requires_grad=True)
moved = torch.randn(3).to(torch.float64).requires_grad_()
existing = torch.randn(3, requires_grad=True)
moved_again = existing.detach().to(torch.float64).requires_grad_()
for name, leaf in {"created": created, "moved": moved, "moved_again": moved_again}.items():
    (leaf * 2).sum().backward()
    print(f"{name:11} is_leaf: {leaf.is_leaf}  grad: {leaf.grad}")

model = nn.Linear(3, 1).to(torch.float64)  # a module converts its parameters in place
print("model.weight is_leaf:", model.weight.is_leaf)
