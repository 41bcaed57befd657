"""retain_graph=True silences the error; every step keeps, and walks, all the steps before it."""

import torch

from dyndocs.inspect import SavedHeld

torch.manual_seed(0)
w = torch.randn(16, 16, requires_grad=True)
h = torch.zeros(8, 16)
held = SavedHeld()  # counts the saved tensors that a graph still holds
before = 0
for step in range(4):
    x = torch.randn(8, 16)
    with held:
        h = torch.tanh(h @ w + x)
    h.sum().backward(retain_graph=True)  # no error now: nothing is ever freed
    now = held.nbytes()
    print(f"step {step}: saved bytes still held after backward: {now} (+{now - before})")
    before = now
