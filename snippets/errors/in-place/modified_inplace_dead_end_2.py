"""Changing a weight through .data between forward and backward: no error, and a wrong gradient."""

import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
loss = (w**2).sum()  # PowBackward0 saves w: the gradient is 2 * w, at w's value in the forward
w.data.mul_(0.5)  # the same change through .data: the version counter does not move
loss.backward()
print("w.grad with .data:", w.grad)

v = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(v**2).sum().backward()  # the gradient of the loss that was computed
print("right gradient:   ", v.grad)
print("same:", torch.equal(w.grad, v.grad))
