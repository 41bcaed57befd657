"""One-line summaries of tensors for debugging prints.

Examples:
    >>> import torch
    >>> from dyndocs.inspect import describe
    >>> describe(torch.ones(2, 3, requires_grad=True))
    'shape=(2, 3) dtype=float32 device=cpu requires_grad=True leaf=True'
"""

from __future__ import annotations

import torch


def describe(tensor: torch.Tensor) -> str:
    """Summarise shape, dtype, device and autograd state of ``tensor``.

    The autograd part says whether the tensor is a leaf and, for results of
    recorded operations, which backward node created it.

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
