"""retain_grad() asks backward to keep the gradient of one computed tensor."""

import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
y.retain_grad()
(y**2).sum().backward()
print("y.grad =", y.grad)
print("x.grad =", x.grad)
