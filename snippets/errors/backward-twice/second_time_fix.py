"""Detach the state between steps: each backward walks one step's graph, and memory stays flat."""

import torch

from dyndocs.inspect import SavedHeld

torch.manual_seed(0)
w = torch.randn(16, 16, requires_grad=True)
h = torch.zeros(8, 16)
held = SavedHeld()  # counts the saved tensors that a graph still holds
for step in range(4):
    x = torch.randn(8, 16)
    h = h.detach()  # the state's value goes on; its history does not
    with held:
        h = torch.tanh(h @ w + x)
    h.sum().backward()
    print(f"step {step}: saved bytes still held after backward: {held.nbytes()}")
print("w.grad:", tuple(w.grad.shape), "summed over 4 steps, each through its own step")
