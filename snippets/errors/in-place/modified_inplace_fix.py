"""Out of place, the doubled values are a new tensor, and exp's saved output stays as it was."""

import torch

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
y = x.exp()
y = y * 2  # a new tensor: the one exp saved is untouched
y.sum().backward()
print("x.grad =", x.grad)
print("2 * exp(x) =", 2 * x.detach().exp())
