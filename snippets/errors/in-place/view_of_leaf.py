"""A view of a leaf that requires grad, changed in place, is the leaf changed in place."""

import torch

from dyndocs.errors import raises

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with raises(RuntimeError, r"view of a leaf Variable that requires grad"):
    w[0].mul_(2)  # w[0] shares w's memory
print("w is unchanged:", w)
