"""dynamic=False and a new size on every call: one compile per size, until the limit."""

import torch

from dyndocs.errors import logs
from dyndocs.inspect import CapturedGraphs

torch._dynamo.reset()  # forget earlier compiles in this process (a notebook's other cells)
graphs = CapturedGraphs()


def scale(x: torch.Tensor) -> torch.Tensor:
    return x * 2


compiled = torch.compile(scale, backend=graphs, dynamic=False)  # every size is a new graph
with logs("torch._dynamo", r"hit config\.recompile_limit"):
    for size in range(2, 12):
        compiled(torch.ones(size))

print(f"10 sizes, {len(graphs)} graphs: the sizes past the limit ran uncompiled")
