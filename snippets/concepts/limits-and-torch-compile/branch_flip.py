"""A tensor condition: the other branch gets its own graph the first time, and nothing recompiles."""

import torch

from dyndocs.graph import Graph, fx_graph, joined
from dyndocs.inspect import CapturedGraphs, dynamo_log
from dyndocs.models.branching import ConditionalModel

torch.manual_seed(0)
torch._dynamo.reset()  # forget earlier compiles in this process (a notebook's other cells)
graphs = CapturedGraphs()
compiled = torch.compile(ConditionalModel(), backend=graphs)
x = torch.randn(4, 10)

with dynamo_log() as log:
    for value in [0.9, 0.8, 0.1, 0.2, 0.7]:
        compiled(x, torch.tensor([value]))
        branch = "linear2" if value > 0.5 else "linear3"
        print(f"condition {value} ({branch}): graphs so far: {len(graphs)}")

print("graphs:", [graphs.ops(i) for i in range(len(graphs))])
print("recompiles:", log.recompiles)


def graphs_drawn() -> Graph:
    """The three graphs: the first breaks off at the if, each branch resumes in its own graph."""
    parts = [fx_graph(gm, f"graph {i + 1}", prefix=f"g{i}_") for i, gm in enumerate(graphs.graphs)]
    return joined(parts, breaks=[(0, 1), (0, 2)])
