"""Each forward pass records a new graph: the branch taken decides what is in it."""

import torch

from dyndocs import recorded_ops
from dyndocs.graph import Graph, highlight_differences, record
from dyndocs.models import DynamicModel

torch.manual_seed(0)
model = DynamicModel()
x = torch.randn(1, 10)

relu_graph = recorded_ops(model(x, condition=0.9))
sigmoid_graph = recorded_ops(model(x, condition=0.1))

print("condition=0.9:", [op for op in relu_graph if "Relu" in op or "Sigmoid" in op])
print("condition=0.1:", [op for op in sigmoid_graph if "Relu" in op or "Sigmoid" in op])
print("same graph?", relu_graph == sigmoid_graph)


def graphs() -> list[Graph]:
    """Both calls' graphs, side by side, with the node that differs marked."""
    drawn = [
        record(lambda: model(x, condition=c), model, title=f"condition={c}") for c in (0.9, 0.1)
    ]
    return highlight_differences(drawn)
