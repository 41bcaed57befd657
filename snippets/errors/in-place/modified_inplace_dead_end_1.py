"""detach() silences the error: the in-place change is no longer recorded, nor is the way back to x."""

import torch

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
w = torch.ones(3, requires_grad=True)
y = x.exp().detach()  # a tensor autograd no longer links to x
y.mul_(2)  # no error any more
(y * w).sum().backward()
print("x.grad =", x.grad)
print("w.grad =", w.grad)
