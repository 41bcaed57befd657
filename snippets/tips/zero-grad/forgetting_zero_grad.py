"""Without zero_grad(), each backward() adds to .grad: 1x, 2x, 3x the true gradient."""

import torch
from torch import nn

from dyndocs.graph import Graph, graph_of

torch.manual_seed(0)
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.tensor([[1.0, 2.0, 3.0]])

losses = []
for call in range(1, 4):
    loss = model(x).sum()  # the gradient of loss with respect to the weight is exactly x
    loss.backward()  # no zero_grad() in between
    losses.append(loss)
    print(f"after {call} backward(): weight.grad = {model.weight.grad}")

optimizer.zero_grad()
print("after optimizer.zero_grad(): weight.grad =", model.weight.grad)


def graphs() -> Graph:
    """The three calls' graphs: three outputs, one leaf per parameter that all three add into."""
    return graph_of(tuple(losses), model, title="three forward passes")
