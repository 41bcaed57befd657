"""A Python float condition: no graph break, but guards on its value, and two recompiles."""

import torch

from dyndocs.inspect import CapturedGraphs, dynamo_log
from dyndocs.models.branching import ConditionalModel

torch.manual_seed(0)
torch._dynamo.reset()  # forget earlier compiles in this process (a notebook's other cells)
graphs = CapturedGraphs()
compiled = torch.compile(ConditionalModel(), backend=graphs)
x = torch.randn(4, 10)

with dynamo_log() as log:
    for value in [0.9, 0.8, 0.1, 0.2, 0.7, 0.3]:
        compiled(x, value)  # a plain Python float, not a tensor
        print(f"condition {value}: graphs so far: {len(graphs)}")

for number, guards in enumerate(log.guards, start=1):
    print(f"graph {number} guards:", guards)
for number, reasons in enumerate(log.recompiles, start=1):
    print(f"recompile {number}, failed guards:", reasons)
