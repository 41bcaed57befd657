"""Update a leaf in place under no_grad, as optimizers do: it stays the same leaf."""

import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(w**2).sum().backward()
with torch.no_grad():
    w.sub_(0.1 * w.grad)  # not recorded: an update, not part of the model
print("w =", w)
print("leaf:", w.is_leaf, "requires_grad:", w.requires_grad)
