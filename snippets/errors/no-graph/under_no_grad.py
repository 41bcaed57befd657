"""A loss computed inside torch.no_grad() records nothing, even from a parameter."""

import torch
from torch import nn

from dyndocs.errors import raises

torch.manual_seed(0)
model = nn.Linear(3, 1)
with torch.no_grad():  # e.g. a block written for evaluation
    loss = model(torch.randn(4, 3)).pow(2).mean()
with raises(RuntimeError, r"does not require grad and does not have a grad_fn"):
    loss.backward()
print("model.weight.requires_grad:", model.weight.requires_grad, "loss.grad_fn:", loss.grad_fn)
