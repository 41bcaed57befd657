"""Watch a graph grow and be consumed: `steps` runs code and returns it as frames.

Forward, a frame per torch function call that recorded nodes (``torch.overrides``'s
``TorchFunctionMode``, the mode `record` reads the graph with). Backward, a frame per node the
engine runs, in the order its own hooks (``Node.register_prehook``) report them. A node's saved
tensors count as freed when the objects ``saved_tensors_hooks`` packed them in are released while
it runs; a leaf's ``.grad`` counts as written when its ``AccumulateGrad`` node has run, and as
cleared when it is set to ``None`` (``zero_grad``). Every frame names the line of code that ran it.

Examples:
    >>> import torch
    >>> from dyndocs.graph import steps
    >>> x = torch.tensor([1.0, 2.0], requires_grad=True)
    >>> def square_sum():
    ...     y = (x * x).sum()
    ...     y.backward()
    ...     return y
    >>> print(steps(square_sum, leaf_names={"x": x}))  # doctest: +NORMALIZE_WHITESPACE
    1. forward, line 2: added MulBackward0, x
    2. forward, line 2: added SumBackward0
    3. backward, line 3: SumBackward0 ran
    4. backward, line 3: MulBackward0 ran; its saved tensors were freed
    5. backward, line 3: x.grad written

    Lines count from the function's file (here, the example); run from a file, each line of a
    step is printed with its code.
"""

from __future__ import annotations

import inspect
import linecache
import os
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

from dyndocs.graph.autograd import recorded
from dyndocs.graph.draw import MAX_NODES, GraphTooLarge
from dyndocs.graph.model import Frame, Graph, Steps, What

SKIPPED_DIRS = tuple(str(Path(f).parent) + os.sep for f in (torch.__file__, __file__))
"""Frames in torch or in this package are not the reader's code: a step's line is outside them."""
ABOVE_DYNDOCS = Path(__file__).parents[2]
"""Lines in dyndocs are named by their path from here: ``dyndocs/models/recurrent.py``."""


class NothingRecorded(ValueError):
    """The code recorded no operation: nothing it computed required grad."""


class _Kept:
    """What a saved tensor is packed in: released, and so dead, once autograd frees it."""

    __slots__ = ("tensor", "__weakref__")

    def __init__(self, tensor: torch.Tensor) -> None:
        self.tensor = tensor


def _where(code_file: str) -> tuple[int, str, str]:
    """The innermost line running now outside torch and this package: (line, file, text)."""
    frame = inspect.currentframe()
    while frame is not None and frame.f_code.co_filename.startswith(SKIPPED_DIRS):
        frame = frame.f_back
    if frame is None:
        return 0, "", ""
    name = frame.f_code.co_filename
    text = linecache.getline(name, frame.f_lineno).strip()
    if name == code_file:
        short = ""
    elif Path(name).is_relative_to(ABOVE_DYNDOCS):
        short = Path(name).relative_to(ABOVE_DYNDOCS).as_posix()
    else:
        short = Path(name).name
    return frame.f_lineno, short, text


class _Stepper:
    """Follows a run (`dyndocs.graph.autograd.Watcher`) and keeps its events, in order."""

    def __init__(self, code_file: str) -> None:
        self.code_file = code_file
        self.events: list[tuple[Any, ...]] = []
        self.kept: list[tuple[weakref.ref[_Kept], int]] = []  # (packed object, saved index)
        self.saved_now: list[int] = []  # saved indices packed by the call under way
        self.running: tuple[Any, set[int], bool, tuple[int, str, str]] | None = None
        self.hooked: list[Any] = []  # the nodes, kept alive while the run is followed

    def pack(self, tensor: torch.Tensor, saved_index: int) -> _Kept:
        kept = _Kept(tensor)
        self.kept.append((weakref.ref(kept), saved_index))
        self.saved_now.append(saved_index)
        return kept

    def unpack(self, kept: _Kept) -> torch.Tensor:
        return kept.tensor

    def called(self, func: Callable[..., Any], args: Any, new_nodes: list[Any]) -> None:
        self._finish_running()
        owner = getattr(func, "__self__", None)
        if getattr(func, "__name__", "") == "__set__" and getattr(owner, "__name__", "") == "grad":
            if len(args) == 2 and args[1] is None:
                self.events.append(("grad_cleared", [args[0]], _where(self.code_file)))
        if new_nodes or self.saved_now:
            for node in new_nodes:
                node.register_prehook(self._prehook(node))
                self.hooked.append(node)
            where = _where(self.code_file)
            self.events.append(("added", new_nodes, list(self.saved_now), where))
        self.saved_now.clear()

    def _prehook(self, node: Any) -> Callable[..., None]:
        def started(grad_outputs: Any) -> None:
            self._finish_running()
            alive = {i for i, (ref, _) in enumerate(self.kept) if ref() is not None}
            variable = getattr(node, "variable", None)
            had_grad = isinstance(variable, torch.Tensor) and variable.grad is not None
            self.running = (node, alive, had_grad, _where(self.code_file))

        return started

    def _finish_running(self) -> None:
        """The node that last started has run, and autograd has freed what it will free."""
        if self.running is None:
            return
        node, alive, had_grad, where = self.running
        self.running = None
        died = {i for i in alive if self.kept[i][0]() is None}
        self.events.append(("ran", node, died, had_grad, where))

    def finish(self) -> None:
        self._finish_running()


def steps(
    fn: Callable[[], torch.Tensor | tuple[torch.Tensor, ...]],
    module: torch.nn.Module | None = None,
    *,
    title: str = "",
    leaf_names: dict[str, torch.Tensor] | None = None,
    max_nodes: int = MAX_NODES,
) -> Steps:
    """Run ``fn`` and return its steps: the graph growing, then consumed by ``backward()``.

    ``fn`` takes no argument, calls ``backward()`` itself where it wants to (``retain_graph``,
    ``zero_grad`` and several passes are followed too), and returns the output whose graph to
    draw, as for `record`: the graph of the frames is the graph `record` reads for the same code.

    Args:
        fn: The code to step through.
        module: Its parameters name the leaves.
        title: The graph's title.
        leaf_names: More names for leaves, e.g. ``{"x": x}``.
        max_nodes: The most nodes the final graph may have.

    Raises:
        NothingRecorded: ``fn`` recorded no operation (nothing it computed required grad).
        GraphTooLarge: The final graph has more than ``max_nodes`` nodes.

    Examples:
        >>> import torch
        >>> layer = torch.nn.Linear(2, 1)
        >>> def forward():
        ...     return layer(torch.ones(3, 2)).sum()
        >>> [(f.what, f.line) for f in steps(forward, layer).frames]
        [('added', 2), ('added', 2)]
        >>> steps(lambda: torch.ones(2).sum())
        Traceback (most recent call last):
        ...
        dyndocs.graph.stepping.NothingRecorded: steps(<lambda>): the code recorded no operation: \
nothing it computed required grad
    """
    stepper = _Stepper(fn.__code__.co_filename)
    try:
        graph, node_ids = recorded(fn, module, title, leaf_names, stepper)
    finally:
        stepper.finish()
    name = getattr(fn, "__name__", "fn")
    if not any(event[0] == "added" and event[1] for event in stepper.events):
        raise NothingRecorded(
            f"steps({name}): the code recorded no operation: nothing it computed required grad"
        )
    if len(graph.nodes) > max_nodes:
        raise GraphTooLarge(
            f"steps({name}): the graph has {len(graph.nodes)} nodes, more than the {max_nodes} "
            "a drawing stays legible with"
        )
    return Steps(graph, _frames(stepper, graph, node_ids))


def _frames(stepper: _Stepper, graph: Graph, node_ids: dict[Any, str]) -> list[Frame]:
    """The events of a run as frames over the final graph; what it does not hold is left out."""
    outputs: dict[str, list[str]] = {}  # a node's id: the outputs that end in it
    for edge in graph.edges:
        if edge.target.startswith("out"):
            outputs.setdefault(edge.source, []).append(edge.target)
    leaf_of = {
        id(node.variable): node_id
        for node, node_id in node_ids.items()
        if isinstance(getattr(node, "variable", None), torch.Tensor)
    }
    saved_packs: dict[int, set[int]] = {}  # a saved note's index: the packs of its storage
    for pack, (_, index) in enumerate(stepper.kept):
        saved_packs.setdefault(index, set()).add(pack)
    visible: list[str] = []
    freed: set[str] = set()
    grads: set[str] = set()
    dead: set[int] = set()
    frames: list[Frame] = []

    def add(what: What, nodes: list[str], where: tuple[int, str, str]) -> None:
        line, file, code = where
        frames.append(
            Frame(
                what,
                tuple(nodes),
                tuple(visible),
                tuple(sorted(freed)),
                tuple(sorted(grads)),
                line,
                file,
                code,
            )
        )

    for event in stepper.events:
        if event[0] == "added":
            _, nodes, saved, where = event
            ids = [node_ids[n] for n in nodes if n in node_ids]
            shown = ids + [o for i in ids for o in outputs.get(i, [])]
            shown += [f"s{i}" for i in dict.fromkeys(saved) if 0 <= i < len(graph.saved)]
            shown = [i for i in shown if i not in visible]
            if shown:
                visible.extend(shown)
                add("added", ids or shown, where)
        elif event[0] == "ran":
            _, node, died, had_grad, where = event
            if node not in node_ids:
                continue
            node_id = node_ids[node]
            dead |= died
            if node_id in leaf_of.values():
                grads.add(node_id)
                add("grad_accumulated" if had_grad else "grad_written", [node_id], where)
                continue
            if died:
                freed.add(node_id)
                freed.update(f"s{i}" for i, packs in saved_packs.items() if packs <= dead)
            add("ran_freed" if died else "ran", [node_id], where)
        else:
            _, tensors, where = event
            cleared = [leaf_of[id(t)] for t in tensors if id(t) in leaf_of]
            if not cleared:
                continue
            grads.difference_update(cleared)
            last = frames[-1] if frames else None
            if last and last.what == "grad_cleared" and last.line == where[0]:
                frames.pop()  # zero_grad clears every parameter on one line: one step
                cleared = list(last.nodes) + cleared
            add("grad_cleared", cleared, where)
    return frames
