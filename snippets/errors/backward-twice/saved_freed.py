"""A saved tensor read through its node after backward freed it."""

import torch

from dyndocs.errors import raises
from dyndocs.graph import Graph, record

x = torch.tensor([0.5, 1.0, 2.0], requires_grad=True)
y = x.exp()  # ExpBackward0 saves its output, y, to compute exp's gradient
y.sum().backward()  # walks the graph, then frees what it saved
with raises(RuntimeError, r"already been freed"):
    y.grad_fn._saved_result  # ExpBackward0's saved output: gone
print("x.grad =", x.grad)


def graphs() -> list[Graph]:
    """The same graph before backward() and after it: its saved tensor is freed."""

    def forward() -> torch.Tensor:
        return x.exp().sum()

    return [
        record(forward, title="before backward()", leaf_names={"x": x}),
        record(forward, title="after backward()", leaf_names={"x": x}, then=lambda out: out.backward()),
    ]
