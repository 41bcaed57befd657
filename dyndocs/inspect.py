"""Looking inside: one-line tensor summaries, the recorded graph, and what ``torch.compile`` did.

Examples:
    >>> import torch
    >>> from dyndocs.inspect import describe
    >>> describe(torch.ones(2, 3, requires_grad=True))
    'shape=(2, 3) dtype=float32 device=cpu requires_grad=True leaf=True'
"""

from __future__ import annotations

# --8<-- [start:imports]
import logging
import re
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import torch

# --8<-- [end:imports]


def describe(tensor: torch.Tensor) -> str:
    """Summarise shape, dtype, device and autograd state of ``tensor``.

    The autograd part says, for a tensor that requires gradients, whether it is a
    leaf (``leaf=True``) or, for a result of recorded operations, which backward
    node created it.

    Examples:
        >>> x = torch.ones(3, requires_grad=True)
        >>> describe(x * 2)
        'shape=(3,) dtype=float32 device=cpu requires_grad=True grad_fn=MulBackward0'
    """
    dtype = str(tensor.dtype).removeprefix("torch.")
    parts = [
        f"shape={tuple(tensor.shape)}",
        f"dtype={dtype}",
        f"device={tensor.device}",
        f"requires_grad={tensor.requires_grad}",
    ]
    if tensor.grad_fn is not None:
        parts.append(f"grad_fn={type(tensor.grad_fn).__name__}")
    elif tensor.requires_grad:
        parts.append("leaf=True")
    return " ".join(parts)


def recorded_ops(tensor: torch.Tensor) -> list[str]:
    """List the backward nodes autograd recorded for ``tensor``, from the output back.

    Each call of a model records a fresh graph, so two calls that take
    different Python branches give different lists.

    Examples:
        >>> x = torch.ones(2, requires_grad=True)
        >>> recorded_ops(torch.sigmoid(x * 3).sum())
        ['SumBackward0', 'SigmoidBackward0', 'MulBackward0', 'AccumulateGrad']
    """
    ops: list[str] = []
    seen: set[int] = set()
    frontier = [tensor.grad_fn] if tensor.grad_fn is not None else []
    while frontier:
        node = frontier.pop(0)
        if id(node) in seen:
            continue
        seen.add(id(node))
        ops.append(node.name().removeprefix("torch::autograd::"))
        frontier.extend(child for child, _ in node.next_functions if child is not None)
    return ops


# --8<-- [start:saved_bytes]
def saved_bytes(fn: Callable[[], object], exclude: torch.nn.Module | None = None) -> int:
    """Bytes of the tensors autograd keeps for backward while ``fn`` runs.

    Each storage counts once, however many operations save it. The parameters of ``exclude`` are
    left out, being in memory whether or not a graph is recorded; what is left is the inputs and
    activations kept for backward. An input the caller holds anyway counts too: recording adds no
    memory for it, it only keeps it alive.

    Examples:
        >>> layer = torch.nn.Linear(4, 2)
        >>> x = torch.ones(3, 4, requires_grad=True)
        >>> saved_bytes(lambda: layer(x), exclude=layer)  # x, 3 x 4 float32
        48
        >>> with torch.no_grad():
        ...     saved_bytes(lambda: layer(x), exclude=layer)
        0
    """
    skipped = {_storage_key(p) for p in (exclude.parameters() if exclude is not None else ())}
    storages: dict[tuple[int, str], int] = {}

    def pack(tensor: torch.Tensor) -> torch.Tensor:
        key = _storage_key(tensor)
        if key not in skipped:
            storages[key] = tensor.untyped_storage().nbytes()  # keyed by storage: views count once
        return tensor

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda tensor: tensor):
        fn()
    return sum(storages.values())
    # --8<-- [end:saved_bytes]


class _Box:
    """What autograd keeps for one saved tensor; it drops the box when it frees the graph."""

    def __init__(self, tensor: torch.Tensor) -> None:
        # Detached: a saved output would otherwise hold its own grad_fn, a cycle that never frees.
        self.tensor = tensor.detach()


class SavedHeld:
    """Counts the bytes of saved tensors, recorded inside it, that some graph still holds.

    A graph that ``backward()`` freed lets go of its saved tensors; one kept by
    ``retain_graph=True``, or reachable from a tensor still alive, does not. The parameters of
    ``exclude`` are left out, as in [`saved_bytes`][dyndocs.inspect.saved_bytes].

    Examples:
        >>> x = torch.ones(4, requires_grad=True)
        >>> held = SavedHeld()
        >>> with held:
        ...     loss = (x.exp() * 2).sum()  # exp saves its output: 4 float32
        >>> held.nbytes()
        16
        >>> loss.backward()
        >>> held.nbytes()
        0
    """

    def __init__(self, exclude: torch.nn.Module | None = None) -> None:
        self._boxes: weakref.WeakSet[_Box] = weakref.WeakSet()
        self._skipped = {_storage_key(p) for p in (exclude.parameters() if exclude else ())}
        self._hooks = torch.autograd.graph.saved_tensors_hooks(self._pack, lambda box: box.tensor)

    def _pack(self, tensor: torch.Tensor) -> _Box:
        box = _Box(tensor)
        self._boxes.add(box)
        return box

    def __enter__(self) -> SavedHeld:
        self._hooks.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._hooks.__exit__(*exc)

    def nbytes(self) -> int:
        """Bytes of the saved tensors still held, each storage once."""
        storages = {
            _storage_key(b.tensor): b.tensor.untyped_storage().nbytes() for b in self._boxes
        }
        return sum(n for key, n in storages.items() if key not in self._skipped)


def _storage_key(tensor: torch.Tensor) -> tuple[int, str]:
    return tensor.untyped_storage().data_ptr(), str(tensor.device)


# --8<-- [start:captured_graphs]
class CapturedGraphs:
    """A ``torch.compile`` backend that keeps every FX graph Dynamo hands it.

    By default it runs each graph as captured, which compiles nothing and is fast; pass
    ``compiler`` (for example Inductor's ``compile_fx``) to compile the graphs as well.

    Examples:
        >>> graphs = CapturedGraphs()
        >>> double = torch.compile(lambda t: torch.relu(t) * 2, backend=graphs)
        >>> double(torch.tensor([-1.0, 3.0]))
        tensor([0., 6.])
        >>> len(graphs), graphs.ops(0)
        (1, ['relu', 'mul'])
    """

    def __init__(self, compiler: Callable[..., Any] | None = None) -> None:
        self.graphs: list[torch.fx.GraphModule] = []
        self.compiler = compiler

    def __call__(self, gm: torch.fx.GraphModule, example_inputs: list[torch.Tensor]) -> Any:
        self.graphs.append(gm)
        return gm.forward if self.compiler is None else self.compiler(gm, example_inputs)

    def __len__(self) -> int:
        return len(self.graphs)

    def ops(self, index: int) -> list[str]:
        """The operations of graph ``index``, in order: functions, methods and modules called."""
        graph = self.graphs[index]
        names = []
        for node in graph.graph.nodes:
            if node.op in {"call_function", "call_method", "call_module"}:
                target = node.target
                names.append(target if isinstance(target, str) else target.__name__)
        return names
        # --8<-- [end:captured_graphs]


@dataclass
class DynamoLog:
    """What Dynamo logged about guards and recompiles, made readable.

    ``guards`` holds, for each frame Dynamo compiled, the guards on the frame's arguments
    (``x: float32 tensor, size [3, 10]``, ``condition > 0.5``); ``recompiles`` holds, for each
    recompile, the guard failures that caused it. Guards on ``self``, globals and global state are
    left out.
    """

    guards: list[list[str]] = field(default_factory=list)
    recompiles: list[list[str]] = field(default_factory=list)


_TENSOR_GUARD = re.compile(
    r"TENSOR_MATCH: check_tensor\(L\['(?P<name>\w+)'\], \w+, .*?, torch\.(?P<dtype>\w+), .*?"
    r"size=(?P<size>\[[^\]]*\])"
)
_VALUE_GUARD = re.compile(
    r"(?:EQUALS_MATCH|LAMBDA_GUARD): (?P<expr>[^#]*L\['(?!self')[^#]*?)\s*(#|$)"
)
_FAILURE = re.compile(r"^\s*- \d+/\d+: (?P<reason>.*?)\s*(#|$)")
_LOCAL = re.compile(r"L\['(\w+)'\]")


def _readable_guards(message: str) -> list[str]:
    """Tensor guards first, then guards on values, each group in the order Dynamo logged it."""
    tensors: list[str] = []
    values: list[str] = []
    for line in message.splitlines():
        if match := _TENSOR_GUARD.search(line):
            size = match["size"].replace("None", "any")
            tensors.append(f"{match['name']}: {match['dtype']} tensor, size {size}")
        elif (match := _VALUE_GUARD.search(line)) and "isnan" not in line:
            values.append(_LOCAL.sub(r"\1", match["expr"]))
    return list(dict.fromkeys(tensors + values))


class _Collector(logging.Handler):
    def __init__(self, log: DynamoLog) -> None:
        super().__init__(logging.DEBUG)
        self.log = log

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if record.name.endswith("__recompiles"):
            reasons = [m["reason"] for line in message.splitlines() if (m := _FAILURE.match(line))]
            self.log.recompiles.append(list(dict.fromkeys(reasons)))
        elif record.name.endswith("__guards") and "TREE_GUARD_MANAGER" in message:
            self.log.guards.append(_readable_guards(message))


@contextmanager
def dynamo_log() -> Iterator[DynamoLog]:
    """Collect Dynamo's ``guards`` and ``recompiles`` logs while the block runs.

    It turns on the same logs as ``TORCH_LOGS=guards,recompiles`` but keeps them, instead of
    printing them, and resets torch's log settings afterwards.

    Examples:
        >>> with dynamo_log() as log:
        ...     add = torch.compile(lambda t, k: t + k, backend="eager")
        ...     _ = add(torch.ones(2), 1.0)
        >>> log.guards
        [['t: float32 tensor, size [2]', 'k == 1.0']]
    """
    log = DynamoLog()
    collector = _Collector(log)
    loggers = [logging.getLogger(f"torch._dynamo.guards.__{a}") for a in ("guards", "recompiles")]
    torch._logging.set_logs(guards=True, recompiles=True)
    for logger in loggers:
        logger.addHandler(collector)
        logger.propagate = False  # keep them off standard error
    try:
        yield log
    finally:
        for logger in loggers:
            logger.removeHandler(collector)
            logger.propagate = True
        torch._logging.set_logs()
