"""A hidden state carried from one step to the next reaches into a graph backward already freed."""

import torch

from dyndocs.errors import raises

torch.manual_seed(0)
w = torch.randn(4, 4, requires_grad=True)
h = torch.zeros(2, 4)  # the state one step hands to the next

with raises(RuntimeError, r"backward through the graph a second time"):
    for step in range(2):
        x = torch.randn(2, 4)
        h = torch.tanh(h @ w + x)  # step 1's h depends on step 0's graph
        h.sum().backward()  # step 0 frees its saved tensors; step 1 walks into them
print("failed at step", step)
