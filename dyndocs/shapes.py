"""Input shape checks that name the expected and the received shape.

Examples:
    >>> import torch
    >>> from dyndocs.shapes import check_shape
    >>> check_shape(torch.zeros(4, 10), ("batch", 10), name="x")
    >>> check_shape(torch.zeros(4, 7), ("batch", 10), name="x")
    Traceback (most recent call last):
    ...
    dyndocs.shapes.ShapeError: x: expected shape (batch, 10), received (4, 7)
"""

from __future__ import annotations

from collections.abc import Sequence

import torch

Dim = int | str
"""An exact size (``10``) or a named free size (``"batch"``)."""


class ShapeError(ValueError):
    """Raised when a tensor passed to a ``dyndocs`` model has the wrong shape."""


def format_shape(dims: Sequence[Dim]) -> str:
    """Format dimensions like ``(batch, 10)``.

    Examples:
        >>> format_shape(("batch", 10))
        '(batch, 10)'
    """
    return "(" + ", ".join(str(d) for d in dims) + ")"


def check_shape(tensor: torch.Tensor, expected: Sequence[Dim], *, name: str) -> None:
    """Raise `ShapeError` unless ``tensor`` has the ``expected`` shape.

    Integer entries must match exactly; string entries accept any size.

    Args:
        tensor: The tensor to check.
        expected: One entry per dimension, an ``int`` or a name such as ``"batch"``.
        name: What to call the tensor in the error, e.g. ``"DynamicModel.forward: x"``.

    Raises:
        ShapeError: If the number of dimensions or any fixed size differs.
    """
    received = tuple(tensor.shape)
    ok = len(received) == len(expected) and all(
        isinstance(want, str) or want == got for want, got in zip(expected, received, strict=False)
    )
    if not ok:
        raise ShapeError(
            f"{name}: expected shape {format_shape(expected)}, received {format_shape(received)}"
        )
