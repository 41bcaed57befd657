"""numpy() shares memory with the tensor, outside the graph: refused while it requires grad."""

import torch

from dyndocs.errors import raises

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with raises(RuntimeError, r"Can't call numpy\(\) on Tensor that requires grad"):
    w.numpy()
print("w.requires_grad:", w.requires_grad)
