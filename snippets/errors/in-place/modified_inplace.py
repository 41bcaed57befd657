"""exp saves its output; changing that output in place leaves backward a tensor it cannot use."""

import torch

from dyndocs.errors import raises
from dyndocs.graph import Graph, record

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
y = x.exp()  # ExpBackward0 saves y: exp's gradient is exp(x) itself
saved_at = y._version
y.mul_(2)  # in place: y's version counter goes up
with raises(RuntimeError, r"modified by an inplace operation"):
    y.sum().backward()
print("y._version when exp saved it:", saved_at)
print("y._version when backward read it:", y._version)


def graphs() -> Graph:
    """The graph at the failure: the saved output's version, then and now."""

    def forward() -> torch.Tensor:
        y = x.exp()
        y.mul_(2)
        return y.sum()

    return record(forward, title="y = x.exp(); y.mul_(2)", leaf_names={"x": x})
