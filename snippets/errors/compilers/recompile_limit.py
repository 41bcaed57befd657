"""dynamic=False and a new batch size on every call: one compile per size, until the limit."""

import torch

from dyndocs.errors import logs
from dyndocs.inspect import CapturedGraphs
from dyndocs.models.compiled import MyModule

torch.manual_seed(0)
torch._dynamo.reset()  # forget earlier compiles in this process (a notebook's other cells)
graphs = CapturedGraphs()
compiled = torch.compile(MyModule(), backend=graphs, dynamic=False)  # every size, a new graph

with logs("torch._dynamo", r"hit config\.recompile_limit"):
    for batch in range(2, 12):
        compiled(torch.randn(batch, 10))

print(f"10 batch sizes, {len(graphs)} graphs: the sizes past the limit ran uncompiled")
