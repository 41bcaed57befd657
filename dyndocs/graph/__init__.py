"""See the dynamic graph: what autograd recorded, and what a compiler made of the model.

- `graph_of` and `record` read the graph autograd recorded for a tensor;
- `fx_graph` and `joined` read the FX graphs of ``torch.compile`` and ``torch.export``;
- `steps` runs code and returns its steps: the graph growing, then consumed by ``backward()``;
- `to_svg` draws graphs side by side; in a notebook `show` draws them, and a
  `Graph` draws itself.

Drawing needs no torch: names load on first use, so ``dyndocs.graph.draw`` imports alone.

Examples:
    >>> import torch
    >>> from dyndocs.graph import record
    >>> layer = torch.nn.Linear(4, 2)
    >>> graph = record(lambda: torch.sigmoid(layer(torch.ones(3, 4))), layer)
    >>> graph.labels()[:3], graph.saved_bytes
    (['output', 'SigmoidBackward0', 'AddmmBackward0'], 72)
"""

from typing import TYPE_CHECKING

from dyndocs._lazy import lazy_exports

if TYPE_CHECKING:
    from dyndocs.graph.autograd import graph_of, record
    from dyndocs.graph.draw import Drawing, GraphTooLarge, GraphvizMissing, show, to_dot, to_svg
    from dyndocs.graph.fx import fx_graph, joined
    from dyndocs.graph.model import (
        Edge,
        Frame,
        Graph,
        Node,
        SavedTensor,
        Steps,
        highlight_differences,
    )
    from dyndocs.graph.stepping import NothingRecorded, steps

__all__ = [
    "Drawing",
    "Edge",
    "Frame",
    "Graph",
    "GraphTooLarge",
    "GraphvizMissing",
    "Node",
    "NothingRecorded",
    "SavedTensor",
    "Steps",
    "fx_graph",
    "graph_of",
    "highlight_differences",
    "joined",
    "record",
    "show",
    "steps",
    "to_dot",
    "to_svg",
]
__getattr__ = lazy_exports(
    globals(),
    {
        **dict.fromkeys(["graph_of", "record"], "dyndocs.graph.autograd"),
        **dict.fromkeys(
            ["Drawing", "GraphTooLarge", "GraphvizMissing", "show", "to_dot", "to_svg"],
            "dyndocs.graph.draw",
        ),
        **dict.fromkeys(["fx_graph", "joined"], "dyndocs.graph.fx"),
        **dict.fromkeys(["NothingRecorded", "steps"], "dyndocs.graph.stepping"),
        **dict.fromkeys(
            ["Edge", "Frame", "Graph", "Node", "SavedTensor", "Steps", "highlight_differences"],
            "dyndocs.graph.model",
        ),
    },
)
