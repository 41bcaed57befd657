"""To compute with a changed copy, clone first: the clone is recorded, and the gradient reaches w."""

import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
v = w.clone()  # a recorded copy: changing it leaves w alone
v[0].mul_(2)
v.sum().backward()
print("w =", w)
print("w.grad =", w.grad)
