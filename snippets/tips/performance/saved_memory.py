"""Count the bytes autograd keeps for backward, with and without torch.no_grad()."""

import torch
from torch import nn

from dyndocs.graph import Graph, record
from dyndocs.inspect import saved_bytes

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))
inputs = torch.randn(32, 64)

# The parameters are left out: they exist whether or not a graph is recorded.
print("with grad:", saved_bytes(lambda: model(inputs), exclude=model), "bytes kept for backward")
with torch.no_grad():
    print("no_grad:  ", saved_bytes(lambda: model(inputs), exclude=model), "bytes kept for backward")


def graphs() -> list[Graph]:
    """The same call with a graph, and without one: what each keeps for backward."""
    with_grad = record(lambda: model(inputs), model, title="with grad")
    with torch.no_grad():
        without = record(lambda: model(inputs), model, title="no_grad")
    with torch.inference_mode():
        inference = record(lambda: model(inputs), model, title="inference_mode")
    return [with_grad, without, inference]
