"""Make the tensor with its dtype and device first, then ask for gradients: it is the leaf."""

import torch

torch.manual_seed(0)
w = torch.randn(3).to(torch.float64).requires_grad_()  # or torch.randn(3, dtype=torch.float64, ...)
(w * 2).sum().backward()
print("w.is_leaf:", w.is_leaf, "w.grad:", w.grad)
