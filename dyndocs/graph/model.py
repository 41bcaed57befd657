"""The small graph model every drawing uses: nodes, edges, tensors saved for backward, and the
frames of a run that `dyndocs.graph.steps` records.

A `Graph` is plain data (it survives a round trip through JSON), so a graph recorded in
one process can be drawn in another.

Examples:
    >>> from dyndocs.graph.model import Edge, Graph, Node
    >>> g = Graph([Node("n0", "MulBackward0", "op"), Node("n1", "output", "output")],
    ...           [Edge("n0", "n1")])
    >>> Graph.from_json(g.to_json()) == g
    True
    >>> g.labels()
    ['MulBackward0', 'output']
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from typing import Any, Literal

What = Literal["added", "ran", "ran_freed", "grad_written", "grad_accumulated", "grad_cleared"]
"""What a step of `dyndocs.graph.steps` did."""
NodeKind = Literal["op", "leaf", "output", "input", "saved", "stale", "call"]
EdgeKind = Literal["data", "saved", "break"]


def format_bytes(count: float) -> str:
    """A size in bytes as the pages write it.

    Examples:
        >>> format_bytes(72), format_bytes(7168), format_bytes(3 * 2**20)
        ('72 B', '7.0 KiB', '3.0 MiB')
    """
    for unit, scale in (("MiB", 2**20), ("KiB", 2**10)):
        if count >= scale:
            return f"{count / scale:.1f} {unit}"
    return f"{int(count)} B"


@dataclass(frozen=True)
class Node:
    """One node.

    Args:
        id: Unique within its graph.
        label: What the node is: a backward node's name (``AddmmBackward0``), a parameter's
            name, ``output``, an FX operation.
        kind: ``op`` (a backward node or an FX operation), ``leaf`` (``AccumulateGrad``: where a
            gradient lands), ``output``, ``input``, ``saved`` (a tensor kept for backward) or
            ``call`` (an FX call that holds subgraphs, such as ``cond``).
        detail: A second line: a shape, a size in bytes.
        highlight: Drawn so that it stands out.
        cluster: Nodes with the same cluster are drawn in one box (a ``torch.cond`` branch).
        saved: For a node that draws a saved tensor, its index in the graph's ``saved``.
    """

    id: str
    label: str
    kind: NodeKind
    detail: str = ""
    highlight: bool = False
    cluster: str = ""
    saved: int | None = None


@dataclass(frozen=True)
class Edge:
    """From ``source`` to ``target``: data flowing forward, a saved tensor, or a graph break."""

    source: str
    target: str
    kind: EdgeKind = "data"


@dataclass(frozen=True)
class SavedTensor:
    """A tensor autograd keeps for backward, counted once per storage."""

    shape: tuple[int, ...]
    dtype: str
    nbytes: int
    node: str = ""
    """The id of the node that keeps it, where known."""
    version: int = 0
    """Its version counter when autograd saved it (``tensor._version``, read, never set)."""
    now: int = 0
    """Its version counter when the graph was read; backward fails when it is not ``version``."""
    base: int | None = None
    """Its base's version counter when the graph was read, if it is a view."""
    freed: bool = False
    """Backward has freed it: its node's ``_saved_*`` attributes raise."""

    @property
    def stale(self) -> bool:
        """Backward can no longer use it: changed in place since it was saved, or freed."""
        return self.freed or self.now != self.version


@dataclass
class Graph:
    """A graph to draw: its nodes, its edges and what it keeps for backward."""

    nodes: list[Node]
    edges: list[Edge]
    saved: list[SavedTensor] = field(default_factory=list)
    title: str = ""

    def labels(self) -> list[str]:
        return [node.label for node in self.nodes]

    def node(self, node_id: str) -> Node:
        for node in self.nodes:
            if node.id == node_id:
                return node
        raise KeyError(f"no node {node_id!r} in graph {self.title!r}")

    @property
    def saved_bytes(self) -> int:
        """Bytes kept for backward: the figure `dyndocs.inspect.saved_bytes` reports."""
        return sum(t.nbytes for t in self.saved)

    def highlighted(self, node_ids: set[str]) -> Graph:
        """This graph with ``node_ids`` drawn so that they stand out."""
        nodes = [replace(n, highlight=n.highlight or n.id in node_ids) for n in self.nodes]
        return Graph(nodes, list(self.edges), list(self.saved), self.title)

    def titled(self, title: str) -> Graph:
        return Graph(list(self.nodes), list(self.edges), list(self.saved), title)

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Graph:
        return cls.from_dict(json.loads(text))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Graph:
        return cls(
            nodes=[Node(**n) for n in data["nodes"]],
            edges=[Edge(**e) for e in data["edges"]],
            saved=[SavedTensor(**{**s, "shape": tuple(s["shape"])}) for s in data["saved"]],
            title=data.get("title", ""),
        )

    def _repr_html_(self) -> str:
        """Jupyter shows a graph as its drawing (see `dyndocs.graph.draw.show`)."""
        from dyndocs.graph.draw import show

        return show(self)._repr_html_()


def highlight_differences(graphs: list[Graph]) -> list[Graph]:
    """Each graph with the nodes the others lack drawn so that they stand out.

    Graphs of the same size are compared node by node, in the order they were read (the same
    walk from the output), so the one node that differs is marked even where its label occurs
    elsewhere. Otherwise a node stands out when its label occurs more often than in the others.

    Examples:
        >>> a = Graph([Node("n0", "ReluBackward0", "op"), Node("n1", "ReluBackward0", "op")], [])
        >>> b = Graph([Node("n0", "SigmoidBackward0", "op"), Node("n1", "ReluBackward0", "op")], [])
        >>> [[n.highlight for n in g.nodes] for g in highlight_differences([a, b])]
        [[True, False], [True, False]]
    """
    if len({len(g.nodes) for g in graphs}) == 1:
        differing = {
            i for i in range(len(graphs[0].nodes)) if len({g.nodes[i].label for g in graphs}) > 1
        }
        return [g.highlighted({g.nodes[i].id for i in differing}) for g in graphs]
    marked = []
    for index, graph in enumerate(graphs):
        others = [g for j, g in enumerate(graphs) if j != index]
        seen: dict[str, int] = {}
        extra = set()
        for node in graph.nodes:
            seen[node.label] = seen.get(node.label, 0) + 1
            if all(seen[node.label] > other.labels().count(node.label) for other in others):
                extra.add(node.id)
        marked.append(graph.highlighted(extra))
    return marked


TEXT = {
    "added": "added {nodes}",
    "ran": "{nodes} ran",
    "ran_freed": "{nodes} ran; its saved tensors were freed",
    "grad_written": "{nodes}.grad written",
    "grad_accumulated": "{nodes}.grad accumulated into",
    "grad_cleared": "{nodes}.grad cleared",
}
"""What each kind of frame says when printed; a page says it in its own language."""


@dataclass(frozen=True)
class Frame:
    """One step: what it did, to which nodes, and what the graph shows after it.

    Args:
        what: ``added`` (forward), ``ran``, ``ran_freed`` (a backward node ran, and its saved
            tensors were freed), ``grad_written``, ``grad_accumulated`` or ``grad_cleared``.
        nodes: The ids of the nodes the step added, ran, or whose ``.grad`` it changed.
        visible: The ids of every node of the graph recorded so far.
        freed: The ids of the nodes whose saved tensors are freed by now (saved notes included).
        grads: The ids of the leaves that hold a ``.grad`` now.
        line: The line of code that ran the step, in ``file``.
        file: ``""`` for the stepped function's own file, else a short path.
        code: The text of that line.
    """

    what: What
    nodes: tuple[str, ...]
    visible: tuple[str, ...]
    freed: tuple[str, ...] = ()
    grads: tuple[str, ...] = ()
    line: int = 0
    file: str = ""
    code: str = ""

    @property
    def phase(self) -> str:
        """``forward`` for a step that recorded nodes, ``backward`` for every other."""
        return "forward" if self.what == "added" else "backward"


@dataclass
class Steps:
    """The final graph (one layout for every frame) and the frames, in the order they ran."""

    graph: Graph
    frames: list[Frame] = field(default_factory=list)

    def labels(self, ids: tuple[str, ...]) -> str:
        return ", ".join(self.graph.node(i).label for i in ids)

    def __str__(self) -> str:
        lines = []
        for number, frame in enumerate(self.frames, start=1):
            where = f"{frame.file}:" if frame.file else ""
            said = TEXT[frame.what].format(nodes=self.labels(frame.nodes))
            code = f" `{frame.code}`" if frame.code else ""
            lines.append(f"{number}. {frame.phase}, line {where}{frame.line}{code}: {said}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        return {"graph": asdict(self.graph), "frames": [asdict(f) for f in self.frames]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Steps:
        frames = []
        for f in data["frames"]:
            tuples = {k: tuple(f[k]) for k in ("nodes", "visible", "freed", "grads")}
            frames.append(
                Frame(f["what"], line=f["line"], file=f["file"], code=f["code"], **tuples)
            )
        return cls(Graph.from_dict(data["graph"]), frames)
