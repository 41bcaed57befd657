"""Both branches of the corrected ConditionalModel return the same shape."""

import torch

from dyndocs.graph import Graph, highlight_differences, record
from dyndocs.models.branching import ConditionalModel

torch.manual_seed(0)
model = ConditionalModel()
x = torch.randn(4, 10)

print("condition 0.9 (linear2):", model(x, condition=0.9).shape)
print("condition 0.1 (linear3):", model(x, condition=0.1).shape)


def graphs() -> list[Graph]:
    """The graph of each branch: linear2 or linear3 after the shared first layer."""
    drawn = [
        record(lambda: model(x, condition=c), model, title=f"condition={c}") for c in (0.9, 0.1)
    ]
    return highlight_differences(drawn)
