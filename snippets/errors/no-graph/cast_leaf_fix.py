"""Create the tensor with its dtype and device, or give it them first: then it is the leaf."""

import torch
from torch import nn

torch.manual_seed(0)
created = torch.randn(3, dtype=torch.float64, requires_grad=True)
moved = torch.randn(3).to(torch.float64).requires_grad_()  # cast first, then made to require grad
existing = torch.randn(3, requires_grad=True)
moved_again = existing.detach().to(torch.float64).requires_grad_()  # requires grad: detach first
for name, leaf in {"created": created, "moved": moved, "moved_again": moved_again}.items():
    (leaf * 2).sum().backward()
    print(f"{name:11} is_leaf: {leaf.is_leaf}  grad: {leaf.grad}")

model = nn.Linear(3, 1).to(torch.float64)  # a module converts its parameters in place
print("model.weight is_leaf:", model.weight.is_leaf)
