"""detach() gives the same values as a new leaf that does not require grad."""

import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x * 2).detach()
print("y:", y, "leaf:", y.is_leaf, "requires_grad:", y.requires_grad)
