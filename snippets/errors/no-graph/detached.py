"""A loss built from a detached tensor starts a new graph with nothing to differentiate."""

import torch
from torch import nn

from dyndocs.errors import raises

torch.manual_seed(0)
model = nn.Linear(3, 1)
prediction = model(torch.randn(4, 3)).detach()  # e.g. detached to log it, then reused
loss = (prediction - 1).pow(2).mean()
with raises(RuntimeError, r"does not require grad and does not have a grad_fn"):
    loss.backward()
print("prediction.grad_fn:", prediction.grad_fn)
