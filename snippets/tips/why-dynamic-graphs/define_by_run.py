"""Define-by-run: a Python loop decides, at run time, what goes into the graph."""

import torch

from dyndocs import describe, recorded_ops
from dyndocs.graph import Graph, graph_of, highlight_differences

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)


def halve_until_small(x: torch.Tensor) -> torch.Tensor:
    while x.norm() > 1:  # an ordinary while loop on a value computed from the data
        x = x / 2
        print(f"  halved, norm now {x.norm().item():.4f}")  # any intermediate value is at hand
    return x


for scale in (1.0, 4.0):
    print(f"scale={scale}")
    y = halve_until_small(w * scale)
    print("  result:", describe(y))
    print("  recorded graph:", recorded_ops(y))


def graphs() -> list[Graph]:
    """The graphs of both calls: the larger input records two more divisions."""
    drawn = [
        graph_of(halve_until_small(w * scale), leaf_names={"w": w}, title=f"scale={scale}")
        for scale in (1.0, 4.0)
    ]
    return highlight_differences(drawn)
