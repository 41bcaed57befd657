"""Reduce to a scalar, or pass the weights of each output (the vector of a vector-Jacobian product)."""

import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(x**2).sum().backward()
print("after .sum().backward():       x.grad =", x.grad)
x.grad = None
(x**2).backward(torch.ones(3))  # the same: every output weighted by 1
print("after .backward(torch.ones(3)): x.grad =", x.grad)
