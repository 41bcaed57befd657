"""A loss computed from tensors none of which requires grad has no graph to go back through."""

import torch

from dyndocs.errors import raises

torch.manual_seed(0)
w = torch.randn(3)  # requires_grad was never set
loss = (w * torch.tensor([1.0, 2.0, 3.0])).sum()
with raises(RuntimeError, r"does not require grad and does not have a grad_fn"):
    loss.backward()
print("loss.requires_grad:", loss.requires_grad, "loss.grad_fn:", loss.grad_fn)
