"""The default, dynamic=None: the second size makes the graph dynamic, and it serves every size."""

import torch

from dyndocs.inspect import CapturedGraphs, dynamo_log
from dyndocs.models.compiled import MyModule

torch.manual_seed(0)
torch._dynamo.reset()  # forget earlier compiles in this process (a notebook's other cells)
graphs = CapturedGraphs()
compiled = torch.compile(MyModule(), backend=graphs)

with dynamo_log() as log:
    for batch in range(2, 12):
        compiled(torch.randn(batch, 10))

print(f"10 batch sizes, {len(graphs)} graphs")
print("guards of the last graph:", log.guards[-1])
