"""NaN in a gradient: anomaly mode names the backward function that produced it."""

import torch

from dyndocs.errors import raises
from dyndocs.graph import Graph, graph_of

x = torch.tensor([-1.0, 4.0], requires_grad=True)

with raises(RuntimeError, r"returned nan values"):
    with torch.autograd.detect_anomaly():  # checks every backward function's output for NaN
        torch.where(x > 0, torch.sqrt(x), 0.0).sum().backward()

x.grad = None
torch.where(x > 0, torch.sqrt(x), 0.0).sum().backward()  # the same, without anomaly mode
print("without anomaly mode, no error; x.grad =", x.grad)


def graphs() -> Graph:
    """The graph backward walks: x[0]'s zero gradient from where still goes through sqrt."""
    return graph_of(
        torch.where(x > 0, torch.sqrt(x), 0.0).sum(), leaf_names={"x": x}, title="where"
    )
