"""A leaf that requires grad changed in place, outside no_grad: autograd refuses."""

import torch

from dyndocs.errors import raises

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with raises(RuntimeError, r"leaf Variable that requires grad is being used in an in-place"):
    w.sub_(0.1)  # an update step written as ordinary code
print("w is unchanged:", w)
