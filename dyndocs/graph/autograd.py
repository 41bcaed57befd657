"""The graph autograd recorded, read through ``torch.autograd.graph``'s public API.

- `graph_of` walks a tensor's graph: ``Node.name()`` and ``next_functions`` give the backward
  nodes and their edges, ``AccumulateGrad.variable`` the leaf each gradient lands in.
- `record` also runs the computation under ``saved_tensors_hooks`` to see what autograd keeps
  for backward, once per storage, and which node keeps it. ``torch.overrides.TorchFunctionMode``
  tells the torch function calls apart; a tensor saved during a call that recorded one node (views
  aside) is that node's. A call that records several, such as an ``nn.RNNCell`` step, leaves its
  saved tensors unattributed rather than guessing. Each saved tensor keeps its version counter at
  save time and when the graph is read (a change in place between the two is what the in-place
  error reports), and whether backward freed it (its node's ``_saved_*`` attributes then raise).

Examples:
    >>> import torch
    >>> from dyndocs.graph import graph_of
    >>> x = torch.ones(3, requires_grad=True)
    >>> graph_of((x * 2).sum(), leaf_names={"x": x}).labels()
    ['output', 'SumBackward0', 'MulBackward0', 'x']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import torch
from torch.overrides import TorchFunctionMode

from dyndocs.graph.model import Edge, Graph, Node, NodeKind, SavedTensor, format_bytes


def _shape(tensor: torch.Tensor) -> str:
    return str(tuple(tensor.shape))


def _outputs(output: torch.Tensor | tuple[torch.Tensor, ...]) -> list[torch.Tensor]:
    return list(output) if isinstance(output, tuple | list) else [output]


def graph_of(
    output: torch.Tensor | tuple[torch.Tensor, ...],
    module: torch.nn.Module | None = None,
    *,
    title: str = "",
    leaf_names: dict[str, torch.Tensor] | None = None,
) -> Graph:
    """The graph autograd recorded for ``output``, from the output back to the leaves.

    Args:
        output: A tensor, or a tuple of tensors, produced by recorded operations.
        module: Its parameters name the leaves (``linear1.weight``).
        title: Shown above the drawing.
        leaf_names: More names for leaves, e.g. ``{"x": x}``; leaves without a name are drawn
            as ``leaf``.

    Examples:
        >>> import torch
        >>> layer = torch.nn.Linear(2, 1)
        >>> g = graph_of(layer(torch.ones(4, 2)), layer)
        >>> [(n.label, n.kind, n.detail) for n in g.nodes]  # doctest: +NORMALIZE_WHITESPACE
        [('output', 'output', '(4, 1)'), ('AddmmBackward0', 'op', ''),
         ('bias', 'leaf', '(1,)'), ('TBackward0', 'op', ''), ('weight', 'leaf', '(1, 2)')]
    """
    return _walk(output, module, title, leaf_names)[0]


def _walk(
    output: torch.Tensor | tuple[torch.Tensor, ...],
    module: torch.nn.Module | None,
    title: str,
    leaf_names: dict[str, torch.Tensor] | None,
) -> tuple[Graph, dict[Any, str]]:
    """The graph, and the id given to each backward node object."""
    names = {id(p): name for name, p in (module.named_parameters() if module else ())}
    names.update({id(t): name for name, t in (leaf_names or {}).items()})
    ids: dict[Any, str] = {}
    nodes: list[Node] = []
    edges: list[Edge] = []
    frontier: list[Any] = []
    for index, tensor in enumerate(_outputs(output)):
        out_id = f"out{index}"
        nodes.append(Node(out_id, "output", "output", _shape(tensor)))
        if tensor.grad_fn is None:
            continue
        if tensor.grad_fn not in ids:
            ids[tensor.grad_fn] = f"n{len(ids)}"
            frontier.append(tensor.grad_fn)
        edges.append(Edge(ids[tensor.grad_fn], out_id))
    while frontier:
        node = frontier.pop(0)
        node_id = ids[node]
        variable = getattr(node, "variable", None)  # AccumulateGrad: the leaf it accumulates into
        if isinstance(variable, torch.Tensor):
            label = names.get(id(variable), "")
            nodes.append(Node(node_id, label or "leaf", "leaf", _shape(variable)))
        else:
            nodes.append(Node(node_id, node.name().removeprefix("torch::autograd::"), "op"))
        for child, _ in node.next_functions:
            if child is None:
                continue
            if child not in ids:
                ids[child] = f"n{len(ids)}"
                frontier.append(child)
            edges.append(Edge(ids[child], node_id))
    return Graph(nodes, edges, title=title), ids


SAVES_NO_TENSORS = frozenset(
    {
        "AliasBackward0",
        "AsStridedBackward0",
        "CloneBackward0",
        "ExpandBackward0",
        "PermuteBackward0",
        "SelectBackward0",
        "SliceBackward0",
        "SqueezeBackward0",
        "SqueezeBackward1",
        "TBackward0",
        "TransposeBackward0",
        "UnbindBackward0",
        "UnsafeViewBackward0",
        "UnsqueezeBackward0",
        "ViewBackward0",
    }
)
"""Backward nodes of views and copies: they keep sizes, never tensors. A call that records one of
these beside one other node (``F.linear`` records ``TBackward0`` and ``AddmmBackward0``) saved its
tensors in the other."""


class Watcher(Protocol):
    """What `dyndocs.graph.steps` follows a run with: each call, each tensor saved for backward."""

    def called(self, func: Callable[..., Any], args: Any, new_nodes: list[Any]) -> None: ...

    def pack(self, tensor: torch.Tensor, saved_index: int) -> Any: ...

    def unpack(self, packed: Any) -> torch.Tensor: ...


class _Attributing(TorchFunctionMode):
    """Notes, for each torch function call, the saved tensors it packed and the node it made."""

    def __init__(self, packed: list[list[Any]], watcher: Watcher | None = None) -> None:
        super().__init__()
        self.packed = packed
        self.watcher = watcher
        self.known: set[int] = set()

    def __torch_function__(
        self, func: Callable[..., Any], types: Any, args: Any = (), kwargs: Any = None
    ) -> Any:
        start = len(self.packed)
        result = func(*args, **(kwargs or {}))
        new = self._new_nodes(result)
        made = [
            n
            for n in new
            if getattr(n, "variable", None) is None  # leaves are not made by a call
            and n.name() not in SAVES_NO_TENSORS
        ]
        for entry in self.packed[start:]:
            if entry[3] is None and len(made) == 1:
                entry[3] = made[0]
        if self.watcher is not None:
            self.watcher.called(func, args, new)
        return result

    def _new_nodes(self, result: Any) -> list[Any]:
        """The nodes, leaves' included, that ``result``'s graph holds and no earlier call's did."""
        grad_fn = getattr(result, "grad_fn", None) if isinstance(result, torch.Tensor) else None
        new, frontier = [], [grad_fn] if grad_fn is not None else []
        while frontier:
            node = frontier.pop()
            if id(node) in self.known:
                continue
            self.known.add(id(node))
            new.append(node)
            frontier.extend(child for child, _ in node.next_functions if child is not None)
        return new


def record(
    fn: Callable[[], torch.Tensor | tuple[torch.Tensor, ...]],
    module: torch.nn.Module | None = None,
    *,
    title: str = "",
    leaf_names: dict[str, torch.Tensor] | None = None,
    then: Callable[[Any], object] | None = None,
) -> Graph:
    """Run ``fn`` and return the graph it records, with the tensors saved for backward.

    ``then`` is called with ``fn``'s result before the graph is read, outside the recording: a
    ``backward()`` that frees the saved tensors, say. Saved tensors that were changed in place or
    freed by then are drawn as ``stale``.

    Saved tensors are counted once per storage, and the parameters of ``module`` are left out, so
    `Graph.saved_bytes` is the figure `dyndocs.inspect.saved_bytes` reports.

    Examples:
        >>> import torch
        >>> layer = torch.nn.Linear(4, 2)
        >>> x = torch.ones(3, 4)
        >>> g = record(lambda: torch.relu(layer(x)), layer)
        >>> g.labels()  # doctest: +NORMALIZE_WHITESPACE
        ['output', 'ReluBackward0', 'AddmmBackward0', 'bias', 'TBackward0', 'weight',
         'saved', 'saved']
        >>> [(t.shape, t.nbytes, g.node(t.node).label) for t in g.saved]
        [((3, 4), 48, 'AddmmBackward0'), ((3, 2), 24, 'ReluBackward0')]
        >>> g = record(lambda: torch.relu(layer(x)), layer, then=lambda out: out.sum().backward())
        >>> [(t.freed, g.node(f"s{i}").kind) for i, t in enumerate(g.saved)]
        [(True, 'stale'), (True, 'stale')]
    """
    return recorded(fn, module, title, leaf_names, then=then)[0]


def recorded(
    fn: Callable[[], torch.Tensor | tuple[torch.Tensor, ...]],
    module: torch.nn.Module | None,
    title: str,
    leaf_names: dict[str, torch.Tensor] | None,
    watcher: Watcher | None = None,
    then: Callable[[Any], object] | None = None,
) -> tuple[Graph, dict[Any, str]]:
    """`record`'s graph, and the id it gives each backward node; ``watcher`` follows the run and
    ``then`` is called as `record` says."""
    skipped = {
        (p.untyped_storage().data_ptr(), str(p.device))
        for p in (module.parameters() if module is not None else ())
    }
    # [storage key, shape, (dtype, bytes), node or None, the tensor, its version when saved]
    packed: list[list[Any]] = []
    index_of: dict[tuple[int, str], int] = {}

    def pack(tensor: torch.Tensor) -> Any:
        key = (tensor.untyped_storage().data_ptr(), str(tensor.device))
        if key not in skipped and key not in index_of:
            index_of[key] = len(packed)
            size = tensor.untyped_storage().nbytes()
            details = (str(tensor.dtype), size)
            packed.append([key, tuple(tensor.shape), details, None, tensor, tensor._version])
        if watcher is None:
            return tensor
        return watcher.pack(tensor, index_of.get(key, -1))

    unpack = watcher.unpack if watcher is not None else lambda tensor: tensor
    mode = _Attributing(packed, watcher)
    with torch.autograd.graph.saved_tensors_hooks(pack, unpack), mode:
        output = fn()
    if not isinstance(output, torch.Tensor) and not (
        isinstance(output, tuple | list) and all(isinstance(o, torch.Tensor) for o in output)
    ):
        raise TypeError(
            f"the function must return the tensor, or a tuple of tensors, whose graph to read; "
            f"it returned {type(output).__name__}"
        )
    if then is not None:
        then(output)
    graph, node_ids = _walk(output, module, title, leaf_names)
    graph.saved = [
        SavedTensor(
            shape=shape,
            dtype=dtype.removeprefix("torch."),
            nbytes=nbytes,
            node=node_ids.get(node, "") if node is not None else "",
            version=version,
            now=tensor._version,
            base=tensor._base._version if tensor._base is not None else None,
            freed=node is not None and _freed(node),
        )
        for _, shape, (dtype, nbytes), node, tensor, version in packed
    ]
    for index, tensor in enumerate(graph.saved):
        saved_id = f"s{index}"
        detail = f"{tensor.dtype} {_shape_text(tensor.shape)} · {format_bytes(tensor.nbytes)}"
        label = "freed" if tensor.freed else "saved"
        if tensor.now != tensor.version:
            label = "changed in place"
            detail += f"\nversion {tensor.version} when saved, {tensor.now} now"
            if tensor.base is not None:
                detail += f" (its base: {tensor.base})"
        kind: NodeKind = "stale" if tensor.stale else "saved"
        graph.nodes.append(Node(saved_id, label, kind, detail, saved=index))
        if tensor.node:
            graph.edges.append(Edge(saved_id, tensor.node, "saved"))
    return graph, node_ids


def _freed(node: Any) -> bool:
    """Whether backward freed what ``node`` saved: reading a ``_saved_*`` attribute then raises.

    A tensor changed in place raises too, with another message: that one is not freed.
    """
    for name in dir(node):
        if name.startswith("_saved_"):
            try:
                getattr(node, name)
            except RuntimeError as error:
                if "freed" in str(error):
                    return True
    return False


def _shape_text(shape: tuple[int, ...]) -> str:
    return str(tuple(shape))
