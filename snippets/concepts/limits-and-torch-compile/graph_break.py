"""torch._dynamo.explain: a data-dependent if splits the model into two graphs."""

import torch

from dyndocs.graph import Graph, fx_graph, joined
from dyndocs.inspect import CapturedGraphs
from dyndocs.models.branching import ConditionalModel

torch.manual_seed(0)
model = ConditionalModel()
x = torch.randn(4, 10)
condition = torch.rand(1)  # a tensor: its value is only known at run time

explanation = torch._dynamo.explain(model)(x, condition)
print("graphs:", explanation.graph_count)
print("graph breaks:", explanation.graph_break_count)
for reason in explanation.break_reasons:
    print("reason:", reason.reason)


def graphs() -> Graph:
    """The two graphs Dynamo captured, and the graph break between them."""
    captured = CapturedGraphs()
    torch.compile(model, backend=captured)(x, condition)
    parts = [fx_graph(gm, f"graph {i + 1}", prefix=f"g{i}_") for i, gm in enumerate(captured.graphs)]
    return joined(parts, breaks=[(0, 1)])
