"""requires_grad_(False) works on leaf tensors such as parameters: it freezes them."""

import torch
from torch import nn

from dyndocs.graph import Graph, graph_of

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
model[0].requires_grad_(False)  # freeze the first layer: its weight and bias are leaves

loss = model(torch.randn(5, 4)).sum()
loss.backward()
print("frozen layer grad:  ", model[0].weight.grad)
print("trained layer grad: ", tuple(model[2].weight.grad.shape))


def graphs() -> list[Graph]:
    """The loss's graph with the first layer trainable, and frozen: its leaves are gone."""
    trainable = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
    trainable.load_state_dict(model.state_dict())
    x = torch.randn(5, 4)
    return [
        graph_of(trainable(x).sum(), trainable, title="all layers trainable"),
        graph_of(model(x).sum(), model, title="model[0].requires_grad_(False)"),
    ]
