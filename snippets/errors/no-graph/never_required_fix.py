"""Ask for the gradient where the tensor is made: requires_grad=True on the leaf."""

import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
loss = (w * torch.tensor([1.0, 2.0, 3.0])).sum()
loss.backward()
print("loss.grad_fn:", type(loss.grad_fn).__name__)
print("w.grad =", w.grad)
