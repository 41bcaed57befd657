"""NaN in a gradient: anomaly mode names the backward function that produced it."""

import torch

from dyndocs.errors import raises

x = torch.tensor([-1.0, 4.0], requires_grad=True)

with raises(RuntimeError, r"returned nan values"):
    with torch.autograd.detect_anomaly():  # checks every backward function's output for NaN
        torch.where(x > 0, torch.sqrt(x), 0.0).sum().backward()

x.grad = None
torch.where(x > 0, torch.sqrt(x), 0.0).sum().backward()  # the same, without anomaly mode
print("without anomaly mode, no error; x.grad =", x.grad)
