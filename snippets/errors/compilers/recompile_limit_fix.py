"""The default, dynamic=None: the second size makes the graph dynamic, and it serves every size."""

import torch

from dyndocs.inspect import CapturedGraphs, dynamo_log

torch._dynamo.reset()  # forget earlier compiles in this process (a notebook's other cells)
graphs = CapturedGraphs()


def scale(x: torch.Tensor) -> torch.Tensor:
    return x * 2


compiled = torch.compile(scale, backend=graphs)
with dynamo_log() as log:
    for size in range(2, 12):
        compiled(torch.ones(size))

print(f"10 sizes, {len(graphs)} graphs")
print("guards of the last graph:", log.guards[-1])
