"""torch.cond keeps both branches in one graph: fullgraph=True works, no recompiles."""

import torch

from dyndocs.graph import Graph, fx_graph
from dyndocs.inspect import CapturedGraphs
from dyndocs.models.branching import ConditionalModel
from dyndocs.models.compiled import CondModel

torch.manual_seed(0)
torch._dynamo.reset()  # forget earlier compiles in this process (a notebook's other cells)
model = CondModel()
eager = ConditionalModel()
eager.load_state_dict(model.state_dict())  # same weights, written with an if

graphs = CapturedGraphs()
compiled = torch.compile(model, fullgraph=True, backend=graphs)
x = torch.randn(4, 10)

for value in [0.9, 0.1, 0.7]:
    condition = torch.tensor([value])
    same = torch.allclose(compiled(x, condition), eager(x, condition), atol=1e-6)
    print(f"condition {value}: {len(graphs)} graph, same as the if version: {same}")
print("ops:", graphs.ops(0))


def exported_graph() -> Graph:
    """The one graph torch.export makes of CondModel: both branches inside the cond."""
    exported = torch.export.export(model, (x, torch.tensor([0.9])))
    return fx_graph(exported.graph_module, "torch.export")
