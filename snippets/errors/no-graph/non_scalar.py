"""backward() on a tensor of several elements: which weighting of them is meant?"""

import torch

from dyndocs.errors import raises

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x**2  # three outputs
with raises(RuntimeError, r"grad can be implicitly created only for scalar outputs"):
    y.backward()
print("y.shape:", tuple(y.shape))
