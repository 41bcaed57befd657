"""Record a tiny graph, inspect it, and run backward through it."""

# --8<-- [start:imports]
import torch

from dyndocs import describe, recorded_ops
# --8<-- [end:imports]

# --8<-- [start:record]
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)  # a leaf: autograd tracks it
y = (x**2).sum()  # recorded as it runs: PowBackward0, then SumBackward0
print(describe(x))
print(describe(y))
print(recorded_ops(y))
# --8<-- [end:record]

# --8<-- [start:draw]
from dyndocs.graph import graph_of

graph_of(y, leaf_names={"x": x})  # in a notebook, the graph draws itself
# --8<-- [end:draw]

# --8<-- [start:backward]
y.backward()  # walks the recorded graph from y back to x
print(x.grad)  # dy/dx = 2x
# --8<-- [end:backward]
